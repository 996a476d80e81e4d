package io.quickphotos.internal.repository.request;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The single-item writes of {@link Writes}: one PutItem, UpdateItem or DeleteItem, metered,
 * reported to the {@link WriteWatcher}, its failed condition judged by its step; and a write sent
 * at most once, whose unknown outcome is read back. Thread-safe if the engine is.
 */
final class SingleWrites {
  private final Table table;
  private final WriteWatcher watcher;

  SingleWrites(Table table, WriteWatcher watcher) {
    this.table = table;
    this.watcher = watcher;
  }

  /**
   * Sends one single write, judging a failed condition by its step: success if the step finds its
   * own write on the item, the step's request to send again returned, its error thrown
   * otherwise. Sent at most once ({@code resendable} false), an unknown outcome is read back.
   */
  Sent send(WritePlan.Step step, boolean resendable, Meter meter) {
    try {
      meter.made(RequestDescriptions::write, step.action());
      Table.Write write = written(step.action(), resendable);
      meter.request(write.consumed(), 0);
      meter.applied();
      return new Sent.Applied(write.item());
    } catch (ServiceUnavailableException e) {
      if (resendable || e.written() != ServiceUnavailableException.Written.UNKNOWN) {
        throw e;
      }
      return new Sent.Applied(readBack(step, e, meter));
    } catch (TableConditionFailedException e) {
      StepOutcome outcome = step.judge(e.item());
      if (outcome instanceof StepOutcome.SendAgain again) {
        return new Sent.Again(again);
      }
      if (!(outcome instanceof StepOutcome.AlreadyApplied)) {
        throw Writes.withCause(Writes.errorOf(outcome), e);
      }
      meter.applied();
      // What the attempt that was applied returned, never another call's change: a Put
      // knows its image without its answer; an update's step recognises its own write only
      // on an item that no other write of what the update sets has reached since (it carries
      // the call's token, which the next such write replaces), so that item is its image but
      // for counters, a snapshot later than the write; a delete's image is not known.
      if (step.action() instanceof WriteAction.Put put) {
        return new Sent.Applied(Optional.of(put.item()));
      }
      return new Sent.Applied(
          step.action() instanceof WriteAction.Update ? e.item() : Optional.empty());
    }
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
  boolean tryWrite(WriteAction action, Predicate<Optional<Item>> done, Meter meter) {
    try {
      meter.made(RequestDescriptions::write, action);
      meter.request(written(action, true).consumed(), 0);
      meter.applied();
      return true;
    } catch (TableConditionFailedException e) {
      if (done.test(e.item())) {
        meter.applied();
        return true;
      }
      return false;
    }
  }

  /**
   * After a write sent at most once whose outcome is unknown: its item, read strongly
   * consistently, shows the write applied if its step recognises the item as its own write.
   */
  private Optional<Item> readBack(
      WritePlan.Step step, ServiceUnavailableException unknown, Meter meter) {
    Optional<Item> found;
    try {
      meter.made(RequestDescriptions::getItem, step.action().key());
      Table.Read read = table.getItem(step.action().key());
      meter.request(read.consumed(), read.item().isPresent() ? 1 : 0);
      found = read.item();
    } catch (ServiceUnavailableException alsoUnavailable) {
      unknown.addSuppressed(alsoUnavailable);
      throw unknown;
    }
    if (found.isPresent() && step.judge(found) instanceof StepOutcome.AlreadyApplied) {
      meter.applied();
      return found;
    }
    throw new ServiceUnavailableException(
        unknown.getMessage()
            + "; the item read afterwards does not show this call's write (another may have"
            + " replaced it since), and it was not sent again",
        unknown.reason(),
        ServiceUnavailableException.Written.UNKNOWN,
        unknown);
  }

  private Table.Write written(WriteAction action, boolean resendable) {
    try {
      return resendable ? table.write(action) : table.writeAtMostOnce(action);
    } finally {
      watcher.written(action.key());
    }
  }
}
