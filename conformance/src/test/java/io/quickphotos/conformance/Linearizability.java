package io.quickphotos.conformance;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.conformance.HistoryOp.Answer;
import io.quickphotos.conformance.HistoryOp.Transition;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Brute-force linearizability: is there one sequential order of the calls, consistent with real
 * time (a call that returned before another was invoked comes first), in which the
 * {@link HistoryModel} gives every call the answer it got and ends in the state the repository
 * was found in? Depth-first over the interleavings, remembering the (progress, state) pairs
 * that led nowhere; since each thread's calls are ordered, the search visits at most
 * (calls per thread + 1)^threads progress vectors per state.
 *
 * <p>Besides the model's own answer, an {@link Allowance} may explain a call another way, e.g. a
 * write whose response was lost; the explanation names the rule it used for every call.
 */
final class Linearizability {
  private Linearizability() {}

  /**
   * One call as it happened.
   *
   * @param thread the thread that made it
   * @param index its position in that thread
   * @param op the operation
   * @param invoked {@link System#nanoTime()} just before the call
   * @param returned {@link System#nanoTime()} just after it returned or threw
   * @param answer what it answered
   */
  record Call(int thread, int index, HistoryOp op, long invoked, long returned, Answer answer) {}

  /**
   * How a call was explained: the rule and the state after it.
   *
   * @param call the call
   * @param rule {@code "as modelled"} or an allowance's name
   * @param after the model state after the call
   */
  record Step(Call call, String rule, HistoryModel after) {
    @Override
    public String toString() {
      return "t"
          + call.thread()
          + "#"
          + call.index()
          + " "
          + call.op()
          + " -> "
          + call.answer()
          + (rule.equals(AS_MODELLED) ? "" : "  [" + rule + "]");
    }
  }

  static final String AS_MODELLED = "as modelled";

  /**
   * Another way to explain a call than the model's own answer: given the call and the model
   * state before it, the states it may have left (empty if the rule does not apply). The search
   * prefers explanations of the least total cost, so that a costly rule (one that names a
   * finding) is used only where nothing cheaper explains the calls.
   *
   * @param name the rule's name, for reports
   * @param cost what using the rule once costs
   * @param explain the rule
   */
  record Allowance(
      String name, int cost, BiFunction<Call, HistoryModel, List<HistoryModel>> explain) {}

  /** No allowance: every call must get exactly the model's answer. */
  static final List<Allowance> STRICT = List.of();

  /**
   * Allowances for a client that retries over an unreliable network, without idempotency
   * tokens:
   * <ul>
   *   <li>{@code unknown outcome}: a call that ended in {@link
   *       io.quickphotos.ServiceUnavailableException} (the SDK gave up retrying) may or may not
   *       have applied, if it writes and the exception does not say it wrote nothing; one that
   *       says so must be explained as not applied;</li>
   *   <li>{@code retry saw its own write}: a write whose first attempt applied but whose response
   *       was lost, retried by the SDK, answers what the same write answers after itself (e.g.
   *       AlreadyFollowingException after the friendship was created), and the state is the
   *       applied one (for a call that counts each application, a view answered as a repeat,
   *       counted once or twice). The repository's writes no longer need it (transactions carry a
   *       ClientRequestToken, createUser a token on its item): {@link FaultHistoryTest} fails
   *       on any call explained by it, and keeps it here only to name such a call.</li>
   * </ul>
   */
  static final List<Allowance> UNRELIABLE_NETWORK =
      List.of(
          new Allowance(
              "unknown outcome",
              0,
              (call, before) -> {
                if (call.answer().error() != io.quickphotos.ServiceUnavailableException.class) {
                  return List.of();
                }
                return call.op().writes() && call.answer().mayHaveWritten()
                    ? List.of(before, call.op().apply(before).next())
                    : List.of(before);
              }),
          new Allowance(
              "retry saw its own write",
              1,
              (call, before) -> {
                Transition first = call.op().apply(before);
                if (!call.op().writes() || first.answer().error() != null) {
                  return List.of();
                }
                Transition repeated = call.op().apply(first.next());
                Class<? extends QuickPhotosException> again = repeated.answer().error();
                if (again == null
                    && call.op().countsEachApplication()
                    && repeated.answer().equals(call.answer())) {
                  // A view answered as a repeat of itself: the resend counted once, or twice.
                  return List.of(first.next(), repeated.next());
                }
                return again != null && again == call.answer().error()
                    ? List.of(first.next())
                    : List.of();
              }));

  /**
   * When a call may no longer be ordered before another that has not been placed yet: strictly,
   * once the other returned before the call was invoked. A relaxation may move that instant
   * back for some pairs, e.g. for a read that may be served a snapshot up to a bound old.
   */
  interface Relaxation {
    /**
     * The instant before which {@code other} must have returned to be ordered before {@code
     * call}.
     *
     * @param call the call to place next
     * @param other a call of another thread, not placed yet
     * @return {@code call.invoked()} when strict
     */
    long placedAfterThoseReturnedBefore(Call call, Call other);
  }

  /** Real-time order, unrelaxed. */
  static final Relaxation REAL_TIME = (call, other) -> call.invoked();

  /**
   * Real-time order relaxed for cached reads, for histories in which each such read has a thread
   * of its own (so that it is not tied to the order of the calls its caller made before and
   * after it; see {@link #floating}). A read that {@code cached} accepts must come after every
   * write of its own instance to the key it reads that returned before it was invoked (a writer
   * reads its own writes), and after every other call that returned more than {@code
   * boundNanos} before it was invoked; it may come before any other. Every call invoked after it
   * returned still comes after it. So it answers the state of its key at one point of the order
   * of all the calls, no older than the bound, never older than its instance's own writes to
   * that key: never a state that did not exist.
   *
   * @param instanceOfThread which instance (repository) each thread calls through
   * @param cached which calls may be served a kept snapshot
   * @param writesKeyOf whether a write (first) writes the key a cached read (second) reads
   * @param boundNanos the hot-read staleness, on the calls' clock
   * @return the relaxation
   */
  static Relaxation staleReads(
      java.util.function.IntUnaryOperator instanceOfThread,
      java.util.function.Predicate<Call> cached,
      java.util.function.BiPredicate<HistoryOp, HistoryOp> writesKeyOf,
      long boundNanos) {
    return (call, other) -> {
      if (!cached.test(call)) {
        return call.invoked();
      }
      boolean ownWrite =
          other.op().writes()
              && instanceOfThread.applyAsInt(call.thread())
                  == instanceOfThread.applyAsInt(other.thread())
              && writesKeyOf.test(other.op(), call.op());
      return ownWrite ? call.invoked() : call.invoked() - boundNanos;
    };
  }

  /**
   * The same calls with each one that {@code cached} accepts moved to a thread of its own, after
   * the others: the threads of {@link #staleReads}.
   *
   * @param threads each thread's calls
   * @param cached which calls may be served a kept snapshot
   * @param instanceOfThread the instance of each thread given
   * @param instances receives the instance of each thread returned
   * @return the threads
   */
  static List<List<Call>> floating(
      List<List<Call>> threads,
      java.util.function.Predicate<Call> cached,
      java.util.function.IntUnaryOperator instanceOfThread,
      List<Integer> instances) {
    List<List<Call>> kept = new ArrayList<>();
    List<Call> floating = new ArrayList<>();
    for (List<Call> thread : threads) {
      List<Call> rest = new ArrayList<>();
      for (Call call : thread) {
        (cached.test(call) ? floating : rest).add(call);
      }
      kept.add(rest);
    }
    List<List<Call>> out = new ArrayList<>();
    for (int t = 0; t < kept.size(); t++) {
      List<Call> renumbered = new ArrayList<>();
      for (Call call : kept.get(t)) {
        renumbered.add(
            new Call(
                t, renumbered.size(), call.op(), call.invoked(), call.returned(), call.answer()));
      }
      out.add(renumbered);
      instances.add(instanceOfThread.applyAsInt(t));
    }
    for (Call call : floating) {
      int t = out.size();
      out.add(List.of(new Call(t, 0, call.op(), call.invoked(), call.returned(), call.answer())));
      instances.add(instanceOfThread.applyAsInt(call.thread()));
    }
    return out;
  }

  /**
   * An order that explains every call and ends in {@code observed}, if there is one, in real
   * time order.
   *
   * @param initial the state before the calls
   * @param threads each thread's calls, in the order it made them
   * @param observed the state found after the calls, as the API tells it ({@link
   *     HistoryModel#observable})
   * @param allowances other ways to explain a call
   * @return the explanation, one step per call, or empty
   */
  static Optional<List<Step>> explain(
      HistoryModel initial,
      List<List<Call>> threads,
      HistoryModel observed,
      List<Allowance> allowances) {
    return explain(initial, threads, observed, allowances, REAL_TIME);
  }

  /**
   * An order that explains every call and ends in {@code observed}, if there is one.
   *
   * @param initial the state before the calls
   * @param threads each thread's calls, in the order it made them
   * @param observed the state found after the calls
   * @param allowances other ways to explain a call
   * @param order when a call must come after another
   * @return the explanation, one step per call, or empty
   */
  static Optional<List<Step>> explain(
      HistoryModel initial,
      List<List<Call>> threads,
      HistoryModel observed,
      List<Allowance> allowances,
      Relaxation order) {
    int calls = threads.stream().mapToInt(List::size).sum();
    int maxCost = allowances.stream().mapToInt(Allowance::cost).max().orElse(0) * calls;
    for (int budget = 0; budget <= maxCost; budget++) {
      Search search = new Search(threads, observed, allowances, budget, order);
      Deque<Step> path = new ArrayDeque<>();
      if (search.from(new int[threads.size()], initial, 0, path)) {
        return Optional.of(new ArrayList<>(path));
      }
    }
    return Optional.empty();
  }

  private static final class Search {
    private final List<List<Call>> threads;
    private final HistoryModel observed;
    private final List<Allowance> allowances;
    private final int budget;
    private final Relaxation order;
    private final Set<List<Object>> deadEnds = new HashSet<>();

    Search(
        List<List<Call>> threads,
        HistoryModel observed,
        List<Allowance> allowances,
        int budget,
        Relaxation order) {
      this.threads = threads;
      this.observed = observed;
      this.allowances = allowances;
      this.budget = budget;
      this.order = order;
    }

    boolean from(int[] progress, HistoryModel state, int spent, Deque<Step> path) {
      List<Object> key = List.of(Arrays.toString(progress), state, spent);
      if (deadEnds.contains(key)) {
        return false;
      }
      boolean done = true;
      for (int t = 0; t < threads.size(); t++) {
        if (progress[t] >= threads.get(t).size()) {
          continue;
        }
        done = false;
        Call call = threads.get(t).get(progress[t]);
        if (!mayGoNext(call, progress)) {
          continue;
        }
        progress[t]++;
        try {
          Transition modelled = call.op().apply(state);
          if (modelled.answer().equals(call.answer())
              && through(progress, call, AS_MODELLED, modelled.next(), spent, path)) {
            return true;
          }
          for (Allowance allowance : allowances) {
            if (spent + allowance.cost() > budget) {
              continue;
            }
            for (HistoryModel after : allowance.explain().apply(call, state)) {
              if (through(
                  progress, call, allowance.name(), after, spent + allowance.cost(), path)) {
                return true;
              }
            }
          }
        } finally {
          progress[t]--;
        }
      }
      // The state read back tells a view mark, not its own count: see HistoryModel#observable.
      if (done && state.observable().equals(observed)) {
        return true;
      }
      deadEnds.add(key);
      return false;
    }

    private boolean through(
        int[] progress, Call call, String rule, HistoryModel after, int spent, Deque<Step> path) {
      path.addLast(new Step(call, rule, after));
      if (from(progress, after, spent, path)) {
        return true;
      }
      path.removeLast();
      return false;
    }

    /** No call still to be placed returned before this one was invoked. */
    private boolean mayGoNext(Call call, int[] progress) {
      for (int u = 0; u < threads.size(); u++) {
        if (u != call.thread() && progress[u] < threads.get(u).size()) {
          Call other = threads.get(u).get(progress[u]);
          if (other.returned() < order.placedAfterThoseReturnedBefore(call, other)) {
            return false;
          }
        }
      }
      return true;
    }
  }
}
