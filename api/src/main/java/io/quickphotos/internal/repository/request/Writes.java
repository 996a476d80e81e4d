package io.quickphotos.internal.repository.request;

import io.quickphotos.InvalidInputException;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.TableTransactionInProgressException;
import io.quickphotos.engine.Unavailability;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The writes of a repository: single-item writes and transactions, each metered on the call's
 * {@link Meter}, every transaction under one {@code ClientRequestToken} for all its attempts, and
 * every write reported to the {@link WriteWatcher} once it ended. A cancelled transaction is
 * handed back as a {@link Cancellation}, asked about by step name. Thread-safe if the engine is.
 */
public final class Writes {
  private final Table table;
  private final Retrier retrier;
  private final WriteWatcher watcher;
  private final SingleWrites single;

  Writes(Table table, Retrier retrier, WriteWatcher watcher) {
    this.table = table;
    this.retrier = retrier;
    this.watcher = watcher;
    this.single = new SingleWrites(table, watcher);
  }

  /**
   * Runs a write plan: one single-item write, or one transaction (cancellations by conflicts or
   * throttling alone retried, and a transaction still in progress under its token waited for).
   * A failed condition throws the error of its step's {@link StepOutcome}: the first failed
   * step's that is not handed back (or, if all are, the first's, as this caller has nowhere else
   * to go); a single write whose step finds its own write on the item ({@link
   * StepOutcome.AlreadyApplied}: an earlier attempt of the same request, resent after its answer
   * was lost, was applied) succeeds.
   *
   * @param plan the plan, none of whose steps asks to be sent again
   * @return the item a single write returned, if it returns one: the image right after this
   *     call's own write (for a Put recognised as its own write, the item it put; for an update
   *     recognised so, the item its resend failed on, which its step recognises only where no
   *     other write of the fields it sets landed since; for a delete recognised so, empty, as
   *     the image its lost answer held is not known); empty for a transaction
   */
  public Optional<Item> write(WritePlan plan, Meter meter) {
    return applied(send(plan, true, meter));
  }

  /**
   * Runs a write plan as {@link #write(WritePlan, Meter)} does, but a step that asks to be sent
   * again ({@link StepOutcome.SendAgain}) is returned to the caller, nothing written.
   *
   * @param plan the plan
   * @return applied, with the image, or the step's request
   */
  public Sent send(WritePlan plan, Meter meter) {
    return send(plan, true, meter);
  }

  /**
   * Runs a plan of one single write as {@link #send(WritePlan, Meter)} does, never sending it
   * again after an attempt that may have been applied ({@link Table#writeAtMostOnce}): for a
   * write whose step recognises its own effect only until another write of the item replaces
   * its token (a profile update). Where an attempt's outcome is unknown (it timed out, lost its
   * answer, met a server error), the item is read (one strongly consistent GetItem): if the step
   * judges it {@link StepOutcome.AlreadyApplied}, that is the write's success and the item its
   * image; otherwise the outcome stays unknown, for resending then could apply the write a
   * second time after another had replaced its token.
   *
   * @param plan a non-transactional plan
   * @return as {@link #send(WritePlan, Meter)}
   * @throws ServiceUnavailableException written {@code UNKNOWN} if an attempt may have been
   *     applied and the item does not show this call's write
   */
  public Sent sendAtMostOnce(WritePlan plan, Meter meter) {
    if (plan.transactional()) {
      throw new IllegalArgumentException("a transaction is applied once under its token");
    }
    return send(plan, false, meter);
  }

  private Sent send(WritePlan plan, boolean resendable, Meter meter) {
    if (!plan.transactional()) {
      return single.send(plan.steps().get(0), resendable, meter);
    }
    Optional<TableTransactionCancelledException> cancelled = commit(plan.actions(), meter);
    if (cancelled.isEmpty()) {
      return new Sent.Applied(Optional.empty());
    }
    TableTransactionCancelledException e = cancelled.get();
    StepOutcome[] outcomes = judged(plan, e);
    for (StepOutcome outcome : outcomes) {
      if (outcome instanceof StepOutcome.SendAgain again) {
        return new Sent.Again(again);
      }
      if (outcome instanceof StepOutcome.Failed failed) {
        throw withCause(failed.error(), e);
      }
    }
    // Every failed step hands its failure back, but this caller has nowhere else to go.
    for (StepOutcome outcome : outcomes) {
      if (outcome != null) {
        throw withCause(errorOf(outcome), e);
      }
    }
    throw new QuickPhotosException("transaction cancelled: " + e.reasons(), e);
  }

  /** The image of an applied plan; a plan that asks to be sent again has no caller here. */
  private static Optional<Item> applied(Sent sent) {
    if (sent instanceof Sent.Applied applied) {
      return applied.image();
    }
    throw new IllegalStateException(
        "a step asked to be sent again, which only an edit's caller acts on: " + sent);
  }

  /**
   * Runs a transactional write plan whose steps may hand their failure back: a failed condition
   * throws the error of the first failed step that does not; a cancellation whose failed steps
   * all hand theirs back is returned for the caller to act on.
   *
   * @param plan the plan, transactional
   * @return empty if committed, else the cancellation, with the items that failed
   */
  public Optional<Cancellation> writeOrRedirect(WritePlan plan, Meter meter) {
    Optional<TableTransactionCancelledException> cancelled = commit(plan.actions(), meter);
    if (cancelled.isPresent()) {
      TableTransactionCancelledException e = cancelled.get();
      for (StepOutcome outcome : judged(plan, e)) {
        if (outcome != null && !(outcome instanceof StepOutcome.HandedBack)) {
          throw withCause(errorOf(outcome), e);
        }
      }
    }
    return cancelled.map(e -> new Cancellation(plan, e));
  }

  /**
   * Runs a transactional write plan as {@link #writeOrRedirect(WritePlan, Meter)} does, but the
   * failures of the steps named in {@code judgedLast} are judged only after the others: a
   * cancellation in which one failed and another step hands its failure back is returned for the
   * caller to act on (its next attempt says whether the step still fails). For a step whose
   * failure is the wrong answer while a redirect stands: a reaction's own put, while privacy
   * refuses the reactor; the reactor's block of the owner, while the owner's check says it went
   * private (the rules answer "no such photo" first).
   *
   * @param plan the plan, transactional
   * @param judgedLast the steps judged after the others
   * @return empty if committed, else the cancellation, with the items that failed
   */
  public Optional<Cancellation> writeOrRedirect(
      WritePlan plan, Set<StepName> judgedLast, Meter meter) {
    Optional<TableTransactionCancelledException> cancelled = commit(plan.actions(), meter);
    if (cancelled.isEmpty()) {
      return Optional.empty();
    }
    TableTransactionCancelledException e = cancelled.get();
    StepOutcome[] outcomes = judged(plan, e);
    boolean redirected = false;
    for (StepOutcome outcome : outcomes) {
      redirected |= outcome instanceof StepOutcome.HandedBack;
    }
    for (int i = 0; i < outcomes.length; i++) {
      StepOutcome outcome = outcomes[i];
      if (outcome != null
          && !(outcome instanceof StepOutcome.HandedBack)
          && !(redirected && judgedLast.contains(plan.steps().get(i).name()))) {
        throw withCause(errorOf(outcome), e);
      }
    }
    return Optional.of(new Cancellation(plan, e));
  }

  /** Each step's outcome in request order: null for a step whose condition did not fail. */
  private static StepOutcome[] judged(WritePlan plan, TableTransactionCancelledException e) {
    List<String> reasons = e.reasons();
    StepOutcome[] outcomes = new StepOutcome[Math.min(reasons.size(), plan.steps().size())];
    for (int i = 0; i < outcomes.length; i++) {
      if (conditionFailed(reasons, i)) {
        outcomes[i] = plan.steps().get(i).judge(e.item(i));
      }
    }
    return outcomes;
  }

  /** The error a failed step's outcome throws for a caller that cannot act on it otherwise. */
  static QuickPhotosException errorOf(StepOutcome outcome) {
    if (outcome instanceof StepOutcome.Failed failed) {
      return failed.error();
    }
    if (outcome instanceof StepOutcome.HandedBack handedBack) {
      return handedBack.otherwise().get();
    }
    throw new IllegalStateException("not an error: " + outcome);
  }

  /**
   * One TransactWriteItems of a plan whose caller reads every failure from the cancellation (a
   * cascade's, whose steps each name an item and what it does to it): no step's error is thrown.
   *
   * @param plan the plan, transactional
   * @return empty if committed, else the cancellation
   */
  public Optional<Cancellation> transact(WritePlan plan, Meter meter) {
    return commit(plan.actions(), meter).map(e -> new Cancellation(plan, e));
  }

  /**
   * One TransactWriteItems whose caller only needs to know whether it committed; cancellations by
   * conflicts or throttling alone are retried with backoff.
   *
   * @param actions the actions
   * @return whether it committed (false: a condition failed, nothing written)
   */
  public boolean transact(List<WriteAction> actions, Meter meter) {
    return commit(actions, meter).isEmpty();
  }

  /**
   * One write; false if its condition failed (nothing written).
   *
   * @param action the write
   * @return whether it was applied
   */
  public boolean tryWrite(WriteAction action, Meter meter) {
    return tryWrite(action, failedOn -> false, meter);
  }

  /**
   * One write; false if its condition failed (nothing written), unless {@code done}, given the
   * item the condition failed on (returned with the failure at no cost; empty if there was
   * none), finds the write's effect already there: a resend whose first attempt was applied
   * before its answer was lost. Then true.
   *
   * @param action the write
   * @param done whether the item a failure returns shows the write applied already
   * @return whether it was applied
   */
  public boolean tryWrite(WriteAction action, Predicate<Optional<Item>> done, Meter meter) {
    return single.tryWrite(action, done, meter);
  }

  /**
   * Commits one transaction: one {@code ClientRequestToken} for every attempt (a resend of an
   * applied transaction must not apply it again), and cancellations by conflicts or throttling
   * alone retried within the retry budget, then {@link ServiceUnavailableException}. A
   * validation error is invalid input; any other cancellation without a failed condition is a
   * {@link QuickPhotosException}.
   *
   * <p>An attempt that meets an earlier one still in progress under the token (DynamoDB's
   * {@code TransactionInProgressException}, which the AWS SDK has already retried as a
   * throttling error) is retried under the same token, with the same backoff and out of the same
   * budget: DynamoDB advises a retry after a few seconds, and once the first attempt is done the
   * retry gets its outcome without applying it twice. With the default policy that is up to 7
   * more attempts, waiting at most 40 ms, 80 ms, … 2 s before them (4.5 s in all), far inside
   * the token's 10 minutes; if the first attempt is still in progress after that, the call
   * throws {@link ServiceUnavailableException}: the outcome is unknown.
   *
   * @return empty if committed, else the cancellation, in which at least one action's condition
   *     failed (nothing was written)
   */
  private Optional<TableTransactionCancelledException> commit(
      List<WriteAction> actions, Meter meter) {
    ClientToken token = new ClientToken();
    // Whether an earlier attempt under the token may still be applied: then an interrupted wait
    // leaves the outcome unknown, not nothing.
    boolean inProgress = false;
    for (int attempt = 0; ; attempt++) {
      try {
        retrier.pauseBefore(attempt);
      } catch (ServiceUnavailableException interrupted) {
        throw inProgress ? unknown(interrupted) : interrupted;
      }
      if (attempt > 0) {
        meter.resent(Operation.TRANSACT_WRITE_ITEMS);
      }
      try {
        meter.madeOf(RequestDescriptions::transactWriteItems, actions);
        Capacity consumed;
        try {
          consumed = table.transactWrite(actions, token);
        } finally {
          // Answered, cancelled or lost: what the repository kept of those keys is not served.
          watcher.written(actions);
        }
        meter.request(consumed, 0);
        meter.applied();
        return Optional.empty();
      } catch (ServiceUnavailableException e) {
        throw inProgress ? unknown(e) : e;
      } catch (TableTransactionInProgressException e) {
        inProgress = true;
        if (!retrier.allows(attempt + 1)) {
          throw new ServiceUnavailableException(
              "transaction still in progress under its token after "
                  + (attempt + 1)
                  + " attempts; it may yet be applied",
              ServiceUnavailableException.Reason.IN_PROGRESS,
              ServiceUnavailableException.Written.UNKNOWN,
              e);
        }
      } catch (TableTransactionCancelledException e) {
        // The token's earlier attempt, if any, has ended: a cancellation under it means none was
        // applied (DynamoDB would have answered an applied one with its success).
        inProgress = false;
        List<String> reasons = e.reasons();
        if (reasons.contains(Limits.CONDITIONAL_CHECK_FAILED)) {
          return Optional.of(e);
        }
        if (reasons.contains(Limits.VALIDATION_ERROR)) {
          throw new InvalidInputException("transaction refused: " + reasons, e);
        }
        // Conflicts and throttling cancel a transaction without retry inside the SDK: retry them
        // here. Anything else (or no reason at all) is not the caller's input and not transient.
        boolean transientOnly =
            reasons.stream().anyMatch(Limits.TRANSIENT_REASONS::contains)
                && reasons.stream()
                    .allMatch(r -> Limits.NONE.equals(r) || Limits.TRANSIENT_REASONS.contains(r));
        if (!transientOnly) {
          throw new QuickPhotosException("transaction cancelled: " + reasons, e);
        }
        if (reasons.contains(Limits.THROTTLING_ERROR)) {
          meter.throttled(Operation.TRANSACT_WRITE_ITEMS);
        }
        if (!retrier.allows(attempt + 1)) {
          throw new ServiceUnavailableException(
              "transaction still cancelled " + reasons + " after " + (attempt + 1) + " attempts",
              Retrier.exhaustedFor(reasons),
              ServiceUnavailableException.Written.NOTHING,
              e);
        }
      }
    }
  }

  /** One single-item write request; then, whatever its outcome, the watcher is told. */
  /** The same failure, with an unknown outcome: an earlier attempt may yet be applied. */
  private static ServiceUnavailableException unknown(ServiceUnavailableException e) {
    return Unavailability.unknown(
        e, "an earlier attempt was still in progress and may yet be applied");
  }

  /** Whether the action at {@code action} failed its condition. */
  private static boolean conditionFailed(List<String> reasons, int action) {
    return action < reasons.size() && Limits.CONDITIONAL_CHECK_FAILED.equals(reasons.get(action));
  }

  static QuickPhotosException withCause(QuickPhotosException error, Throwable cause) {
    error.initCause(cause);
    return error;
  }
}
