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
   *       applied one. The repository's writes no longer need it (transactions carry a
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
                Class<? extends QuickPhotosException> again =
                    call.op().apply(first.next()).answer().error();
                return again != null && again == call.answer().error()
                    ? List.of(first.next())
                    : List.of();
              }));

  /**
   * An order that explains every call and ends in {@code observed}, if there is one.
   *
   * @param initial the state before the calls
   * @param threads each thread's calls, in the order it made them
   * @param observed the state found after the calls
   * @param allowances other ways to explain a call
   * @return the explanation, one step per call, or empty
   */
  static Optional<List<Step>> explain(
      HistoryModel initial,
      List<List<Call>> threads,
      HistoryModel observed,
      List<Allowance> allowances) {
    int calls = threads.stream().mapToInt(List::size).sum();
    int maxCost = allowances.stream().mapToInt(Allowance::cost).max().orElse(0) * calls;
    for (int budget = 0; budget <= maxCost; budget++) {
      Search search = new Search(threads, observed, allowances, budget);
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
    private final Set<List<Object>> deadEnds = new HashSet<>();

    Search(
        List<List<Call>> threads, HistoryModel observed, List<Allowance> allowances, int budget) {
      this.threads = threads;
      this.observed = observed;
      this.allowances = allowances;
      this.budget = budget;
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
      if (done && state.equals(observed)) {
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
        if (u != call.thread()
            && progress[u] < threads.get(u).size()
            && threads.get(u).get(progress[u]).returned() < call.invoked()) {
          return false;
        }
      }
      return true;
    }
  }
}
