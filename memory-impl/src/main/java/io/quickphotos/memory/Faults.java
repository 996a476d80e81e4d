package io.quickphotos.memory;

import io.quickphotos.memory.internal.FaultScripts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * A script of {@link Fault}s for the in-memory engine: which requests fail, how, and when. Give
 * it to {@link MemoryQuickPhotos.Builder#faults(Faults)}; rules may be added or cleared at any
 * time, also while the repository is in use.
 *
 * <pre>{@code
 * Faults faults = Faults.seeded(42);
 * QuickPhotos photos = MemoryQuickPhotos.builder()
 *     .faults(faults)
 *     .retryPolicy(RetryPolicy.noDelay())
 *     .build();
 *
 * faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionConflict());
 * faults.on(Request.BATCH_GET_ITEM).every(3, Fault.unprocessed(0.5));
 * faults.onAnyRequest().randomly(0.05, Fault.throttling());   // reproducible from the seed
 * }</pre>
 *
 * <p>Each request the engine receives — every attempt, retries included — is matched against
 * the rules in the order they were added; the first rule that names the request and fires
 * decides its fault, and a request no rule fires for runs normally. A {@code next(n)} rule fires
 * for the next {@code n} requests it names and is then spent; {@code every(k)} fires for every
 * {@code k}-th request it names, counting from when it was added; {@code always} for every one;
 * {@code randomly(p)} with probability {@code p}, drawn from this script's seeded generator, so
 * the same seed and the same sequence of requests give the same faults.
 *
 * <p>Thread-safe: requests from any number of threads are matched one at a time.
 */
public final class Faults {
  static {
    // The engine's one way in to decide: a package-private method, lent, not published.
    FaultScripts.register(
        (script, operation) -> {
          Fault fault = script.decide(Request.of(operation));
          return fault == null ? null : fault.shape();
        });
  }

  private final Random random;
  private final List<Rule> rules = new ArrayList<>();
  private final Map<Request, Integer> requests = new EnumMap<>(Request.class);
  private final List<Injection> injected = new ArrayList<>();

  /** Read without the lock so a script without rules costs one volatile read a request. */
  private volatile boolean empty = true;

  private Faults(long seed) {
    this.random = new Random(seed);
  }

  /**
   * An empty script whose random rules draw from seed 0.
   *
   * @return the script
   */
  public static Faults create() {
    return new Faults(0);
  }

  /**
   * An empty script whose random rules draw from a seed: the same seed and the same requests
   * give the same faults.
   *
   * @param seed the seed
   * @return the script
   */
  public static Faults seeded(long seed) {
    return new Faults(seed);
  }

  /**
   * Starts a rule for some kinds of request.
   *
   * @param first a kind of request
   * @param more more kinds
   * @return the rule's schedule, to complete with a fault
   */
  public On on(Request first, Request... more) {
    Objects.requireNonNull(first, "first");
    EnumSet<Request> set = EnumSet.of(first);
    set.addAll(Arrays.asList(more));
    return new On(set, true);
  }

  /**
   * Starts a rule for every kind of request its fault can happen to (see
   * {@link Fault#appliesTo}).
   *
   * @return the rule's schedule, to complete with a fault
   */
  public On onAnyRequest() {
    return new On(EnumSet.allOf(Request.class), false);
  }

  /**
   * Removes every rule; the counts of requests and the record of injected faults stay.
   *
   * @return this script
   */
  public synchronized Faults clear() {
    rules.clear();
    empty = true;
    return this;
  }

  /**
   * How many requests of a kind the engine received, retries included, since the script was
   * created.
   *
   * @param request the kind
   * @return the count
   */
  public synchronized int requests(Request request) {
    return requests.getOrDefault(request, 0);
  }

  /**
   * The faults injected so far, in order.
   *
   * @return a copy of the record
   */
  public synchronized List<Injection> injected() {
    return List.copyOf(injected);
  }

  /**
   * One fault injected into one request.
   *
   * @param request the request
   * @param fault the fault
   */
  public record Injection(Request request, Fault fault) {}

  /** The schedule of a rule being added: complete it with one of the methods here. */
  public final class On {
    private final Set<Request> requests;
    private final boolean strict;

    private On(Set<Request> requests, boolean strict) {
      this.requests = requests;
      this.strict = strict;
    }

    /**
     * The next {@code count} requests of these kinds fail.
     *
     * @param count at least 1
     * @param fault the fault
     * @return the script, to add more rules
     * @throws IllegalArgumentException if the count is below 1 or the fault cannot happen to a
     *     named kind of request
     */
    public Faults next(int count, Fault fault) {
      if (count < 1) {
        throw new IllegalArgumentException("count must be at least 1: " + count);
      }
      return add(new Rule(applicable(fault), fault, Schedule.NEXT, count, 0));
    }

    /**
     * Every {@code period}-th request of these kinds fails, counting from now.
     *
     * @param period at least 1
     * @param fault the fault
     * @return the script, to add more rules
     * @throws IllegalArgumentException if the period is below 1 or the fault cannot happen to a
     *     named kind of request
     */
    public Faults every(int period, Fault fault) {
      if (period < 1) {
        throw new IllegalArgumentException("period must be at least 1: " + period);
      }
      return add(new Rule(applicable(fault), fault, Schedule.EVERY, period, 0));
    }

    /**
     * Every request of these kinds fails, until {@link Faults#clear()}.
     *
     * @param fault the fault
     * @return the script, to add more rules
     * @throws IllegalArgumentException if the fault cannot happen to a named kind of request
     */
    public Faults always(Fault fault) {
      return add(new Rule(applicable(fault), fault, Schedule.ALWAYS, 0, 0));
    }

    /**
     * Each request of these kinds fails with a probability, drawn from the script's seed.
     *
     * @param probability from 0 to 1
     * @param fault the fault
     * @return the script, to add more rules
     * @throws IllegalArgumentException if the probability is out of range or the fault cannot
     *     happen to a named kind of request
     */
    public Faults randomly(double probability, Fault fault) {
      if (!(probability >= 0 && probability <= 1)) {
        throw new IllegalArgumentException("probability must be in [0, 1]: " + probability);
      }
      return add(new Rule(applicable(fault), fault, Schedule.RANDOM, 0, probability));
    }

    private Set<Request> applicable(Fault fault) {
      Objects.requireNonNull(fault, "fault");
      EnumSet<Request> applicable = EnumSet.noneOf(Request.class);
      for (Request request : requests) {
        if (fault.appliesTo(request)) {
          applicable.add(request);
        } else if (strict) {
          throw new IllegalArgumentException(
              "DynamoDB does not fail " + request + " with " + fault);
        }
      }
      return applicable;
    }
  }

  private synchronized Faults add(Rule rule) {
    rules.add(rule);
    empty = false;
    return this;
  }

  /**
   * Counts one request and decides its fault: what the engine asks, through
   * {@link FaultScripts}, for every request it receives (each attempt) when the script is
   * installed.
   *
   * @param request the request arriving
   * @return its fault, or null to run it normally
   */
  Fault decide(Request request) {
    synchronized (this) {
      requests.merge(request, 1, Integer::sum);
      if (empty) {
        return null;
      }
      for (int i = 0; i < rules.size(); i++) {
        Rule rule = rules.get(i);
        if (!rule.requests.contains(request) || !rule.fires(random)) {
          continue;
        }
        if (rule.schedule == Schedule.NEXT && rule.remaining == 0) {
          rules.remove(i);
          empty = rules.isEmpty();
        }
        injected.add(new Injection(request, rule.fault));
        return rule.fault;
      }
      return null;
    }
  }

  private enum Schedule {
    NEXT,
    EVERY,
    ALWAYS,
    RANDOM
  }

  /** One rule; mutable counters, guarded by the script's lock. */
  private static final class Rule {
    final Set<Request> requests;
    final Fault fault;
    final Schedule schedule;
    final double probability;
    int remaining;
    final int period;
    int seen;

    Rule(Set<Request> requests, Fault fault, Schedule schedule, int count, double probability) {
      this.requests = requests;
      this.fault = fault;
      this.schedule = schedule;
      this.remaining = count;
      this.period = count;
      this.probability = probability;
    }

    boolean fires(Random random) {
      return switch (schedule) {
        case NEXT -> remaining-- > 0;
        case EVERY -> ++seen % period == 0;
        case ALWAYS -> true;
        case RANDOM -> random.nextDouble() < probability;
      };
    }
  }
}
