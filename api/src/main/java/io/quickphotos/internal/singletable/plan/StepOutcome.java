package io.quickphotos.internal.singletable.plan;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.engine.Item;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a write step's failed condition means, judged by the step on the item the condition failed
 * on (returned with the failure at no cost, {@code ReturnValuesOnConditionCheckFailure=ALL_OLD};
 * absent if there was none). One value per failure; the request layer acts on it: it throws a
 * {@link Failed} step's error, hands a transaction whose failed steps are all {@link HandedBack}
 * to its caller, answers {@link AlreadyApplied} as the write's success and returns
 * {@link SendAgain} to the caller, which acts and sends the plan again. Immutable.
 */
public sealed interface StepOutcome {

  /**
   * The call fails with this error.
   *
   * @param error what the failure means to the application
   */
  record Failed(QuickPhotosException error) implements StepOutcome {
    /** Checks the error is there. */
    public Failed {
      Objects.requireNonNull(error, "error");
    }
  }

  /**
   * No error of the step's own: the write belongs elsewhere (a hot key whose counters moved to
   * shards, a follow that must take the guarded path), or the caller reads the cancellation
   * itself (a cascade's step). A transaction whose failed steps are all handed back is returned
   * to its caller; a caller with nowhere else to go throws {@code otherwise}.
   *
   * @param otherwise the error for a caller that cannot act on the failure
   */
  record HandedBack(Supplier<? extends QuickPhotosException> otherwise) implements StepOutcome {
    /** Checks the error's supplier is there. */
    public HandedBack {
      Objects.requireNonNull(otherwise, "otherwise");
    }
  }

  /**
   * The item carries this call's own write, applied by an earlier attempt whose answer was lost
   * (a resend fails its condition on its own effect): the write's success.
   */
  record AlreadyApplied() implements StepOutcome {}

  /**
   * The caller must act on the item, then send the plan again: measure an edit's attributes on
   * it, or seal a hot account's shards before it goes private.
   *
   * @param why what the caller must do
   * @param item the item as the condition found it
   */
  record SendAgain(Why why, Item item) implements StepOutcome {
    /** Checks both are there. */
    public SendAgain {
      Objects.requireNonNull(why, "why");
      Objects.requireNonNull(item, "item");
    }
  }

  /** What a caller does before it sends a plan again. */
  enum Why {
    /** Measure the edit's single-attribute changes on the item: its bound failed or is missing. */
    MEASURE,
    /**
     * Measure again: the attempt was measured, and another edit of the attributes landed between
     * its read and its write (contention).
     */
    MEASURE_AFTER_CONTENTION,
    /** Seal the account's shards with the private flag: a plain update may not make it private. */
    SEAL_SHARDS
  }

  /** The step's success. */
  StepOutcome ALREADY_APPLIED = new AlreadyApplied();

  /**
   * The outcome of a step whose failure is always its error.
   *
   * @param error the error, made only when the condition fails
   * @return a failed outcome
   */
  static StepOutcome failed(Supplier<? extends QuickPhotosException> error) {
    return new Failed(error.get());
  }
}
