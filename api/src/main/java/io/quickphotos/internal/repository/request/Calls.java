package io.quickphotos.internal.repository.request;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.InvalidInputException;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Retries;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.Unavailability;
import io.quickphotos.engine.UnreadableItemException;
import java.util.Objects;
import java.util.function.Function;

/**
 * Wraps each repository call: a fresh {@link Meter}, the body, and the call's cost handed to the
 * listener however the body ends; engine failures become the API's exceptions. Thread-safe if
 * the listener is.
 */
public final class Calls {
  private static final System.Logger LOG = System.getLogger(Calls.class.getName());

  private final CostListener costListener;

  /** Whether there is a listener to build costs for; without one nothing is measured. */
  private final boolean listening;

  /** Whether the listener wants each call timed (two clock reads a call). */
  private final boolean timed;

  /**
   * Whether the listener wants each call's start ({@link CostListener#onCallStart}); read once,
   * so that a listener that does not ask costs a call one branch on a final field.
   */
  private final boolean starts;

  Calls(CostListener costListener) {
    this.costListener = Objects.requireNonNull(costListener, "costListener");
    this.listening = costListener != CostListener.NONE;
    this.timed = listening && costListener.timesCalls();
    this.starts = listening && costListener.receivesCallStarts();
  }

  /**
   * Runs one repository call. A request the engine refused is invalid input; an item the codecs
   * cannot read is reported as such; an unavailable error says what the whole call may have
   * written ({@link Unavailability#afterWrites}). Any other exception propagates unchanged: it is
   * either the API's own or a bug.
   *
   * @param pattern the access pattern the cost is reported under
   * @param body the call, given its meter
   * @return what the body returned
   */
  public <T> T call(AccessPattern pattern, Function<Meter, T> body) {
    if (starts) {
      // Before the clock and the meter, so that what the listener starts encloses the call; its
      // cost follows in the finally block below, whatever happens after this line.
      started(pattern);
    }
    Meter meter = new Meter(listening);
    long start = timed ? System.nanoTime() : 0;
    if (listening) {
      // Whatever the engine counted on this thread outside a call is not this call's.
      Retries.take();
    }
    Throwable thrown = null;
    try {
      return body.apply(meter);
    } catch (TableRequestRefusedException e) {
      InvalidInputException invalid =
          new InvalidInputException("refused by the table: " + e.getMessage(), e);
      thrown = invalid;
      throw invalid;
    } catch (ServiceUnavailableException e) {
      // What the request that failed may have written, as the whole call's.
      ServiceUnavailableException ofTheCall = meter.wrote() ? Unavailability.afterWrites(e) : e;
      thrown = ofTheCall;
      throw ofTheCall;
    } catch (UnreadableItemException e) {
      // Written by something else, or corrupted.
      QuickPhotosException unreadable =
          new QuickPhotosException(
              "the table holds an item quickphotos cannot read: " + e.getMessage(), e);
      thrown = unreadable;
      throw unreadable;
    } catch (RuntimeException | Error e) {
      thrown = e;
      throw e;
    } finally {
      if (listening) {
        long latency = timed ? System.nanoTime() - start : 0;
        meter.absorb(Retries.take());
        if (thrown != null) {
          failed(pattern, thrown);
        }
        report(meter.cost(pattern, thrown, latency));
      }
    }
  }

  /** Tells the listener a call starts; a listener that throws is logged and ignored. */
  private void started(AccessPattern pattern) {
    try {
      costListener.onCallStart(pattern);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "cost listener failed on the start of " + pattern, e);
    }
  }

  /** Tells the listener what a call throws; a listener that throws is logged and ignored. */
  private void failed(AccessPattern pattern, Throwable thrown) {
    try {
      costListener.onCallFailure(pattern, thrown);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "cost listener failed on the failure of " + pattern, e);
    }
  }

  /**
   * Hands a cost to the listener. A listener that throws is logged and ignored: the call's own
   * outcome (a committed write, or its domain exception) must reach the caller unchanged.
   */
  private void report(OperationCost cost) {
    try {
      costListener.onCost(cost);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "cost listener failed on " + cost, e);
    }
  }
}
