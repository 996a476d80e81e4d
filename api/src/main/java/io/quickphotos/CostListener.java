package io.quickphotos;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Receives the cost of every repository call, on the calling thread, after the call's last
 * request and before the call returns or throws. Implementations must be thread-safe when the
 * repository is shared between threads, and should be fast: they run inside every call.
 * An exception thrown by the listener is logged (through {@link System.Logger}) and ignored, so
 * that it can never mask the call's own outcome. A listener that must act before a call's first
 * request (start a trace span, say) also asks for {@linkplain #receivesCallStarts() starts}.
 *
 * <p>A repository takes one listener; {@link #all(CostListener...)} combines several (an
 * application's metrics and a test's log, say) without losing what each asks for:
 *
 * <pre>{@code
 * QuickPhotos photos = MemoryQuickPhotos.builder()
 *     .costListener(CostListener.all(metrics, costs::add))
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface CostListener {

  /**
   * A listener that ignores every cost, what a builder uses when given none: a repository with
   * it measures nothing (no clock read, no SDK metrics). {@link #none()} returns it; the field
   * stays for code that compares a listener with it.
   */
  CostListener NONE = cost -> {};

  /**
   * The listener that ignores every cost, {@link #NONE}: a factory method as every other setting
   * has ({@link Sharding#defaults()}, {@link FanOut#off()}, {@link RetryPolicy#noDelay()}).
   *
   * @return {@link #NONE} itself, so that a repository given it measures nothing
   */
  static CostListener none() {
    return NONE;
  }

  /**
   * Called once per repository call.
   *
   * @param cost what the call cost
   */
  void onCost(OperationCost cost);

  /**
   * Whether the repository should time each call for this listener
   * ({@link OperationCost#latencyNanos()}). Timing reads the clock twice a call
   * ({@code System.nanoTime()}): nothing next to a DynamoDB request, but about 70 ns a call on
   * a 2-core Xeon VM, measurable on the memory backend (its {@code getUser} at 10³ items took
   * 0.25 µs untimed and 0.32 µs timed). A listener that never reads the latency may return
   * false; its costs then carry a latency of 0. Called once, when the repository is built.
   *
   * @return true (the default) to receive every call's latency
   */
  default boolean timesCalls() {
    return true;
  }

  /**
   * Whether the DynamoDB backend should count the AWS SDK's own attempts inside each request for
   * this listener (the {@code sdk} retries, throttles and unknown outcomes of
   * {@link OperationCost#retries()}). Counting turns the SDK's per-request metric collection on,
   * which costs CPU and memory in the SDK: 3 to 13 µs and about 10 KB a request on a stubbed
   * client (the stubbed-SDK comparison of {@code benchmarks/README.md}), nothing beside a network
   * round trip but a fifth of the SDK's own work for a single-item request. A listener that never
   * reads the SDK's attempts may return false; the repository's own resends are counted either
   * way, and the memory backend counts its simulated SDK attempts at no measurable cost. Called
   * once, when the repository is built.
   *
   * @return true (the default) to receive the SDK's attempts
   */
  default boolean countsSdkAttempts() {
    return true;
  }

  /**
   * Whether the repository should call {@link #onCallStart} when each call starts, as well as
   * {@link #onCost} when it ends: for a listener that wraps calls in something that needs a start
   * and an end, such as a Micrometer observation or a tracing span around the call's requests.
   * False by default, so that a repository whose listener does not ask pays nothing for it (one
   * boolean read when the repository is built). Called once, when the repository is built.
   *
   * @return true to receive {@link #onCallStart} before every call's first request
   */
  default boolean receivesCallStarts() {
    return false;
  }

  /**
   * Called once per repository call, when the listener {@linkplain #receivesCallStarts() asks for
   * it}: on the calling thread, after the call's arguments were checked and before its first
   * request. The same call's {@link #onCost} follows on the same thread, however the call ends;
   * a call made inside it on that thread starts and ends between the two. A call whose arguments
   * are refused makes no request, and neither hook is called. An exception thrown here is logged
   * and ignored, as one thrown by {@link #onCost}. Does nothing by default.
   *
   * @param pattern the access pattern the call serves, which its cost will name
   */
  default void onCallStart(AccessPattern pattern) {}

  /**
   * Called once per repository call that throws, with what it throws: on the calling thread,
   * just before the same call's {@link #onCost} (whose {@link OperationCost#exception()} names
   * the exception's class only), for a listener that records the failure itself, such as a
   * Micrometer observation's {@code error} or a span's exception event. Called whether or not
   * the listener {@linkplain #receivesCallStarts() receives starts}; a call whose arguments are
   * refused makes no request and is not reported. The listener must not rethrow or keep the
   * exception: the caller receives it unchanged. An exception thrown here is logged and ignored,
   * as one thrown by {@link #onCost}. Does nothing by default.
   *
   * @param pattern the access pattern the call served
   * @param failure what the call throws: a {@link QuickPhotosException}, or a bug's exception
   */
  default void onCallFailure(AccessPattern pattern, Throwable failure) {}

  /**
   * One listener that hands each cost to every given listener, in the order given, on the
   * calling thread. It asks for {@linkplain #timesCalls() timing} when any part does, for
   * {@linkplain #countsSdkAttempts() the SDK's attempts} when any part does and for
   * {@linkplain #receivesCallStarts() starts} when any part does (each part is asked when the
   * combined listener is, that is once, when the repository is built); a part that declined them
   * then receives them all the same, as it would from a repository configured for another
   * listener. Starts and failures go to the parts in the order given, as costs do. {@link #NONE} parts are left out, so that {@code all()} and
   * {@code all(NONE)} are {@link #NONE} itself (a repository without a listener measures
   * nothing), and {@code all(a)} is {@code a}.
   *
   * <p>Each part is called even when one before it throws: a failing metrics listener does not
   * keep a cost from a log after it. Once every part has been called, the first
   * {@link RuntimeException} thrown is rethrown, with the later ones
   * {@linkplain Throwable#addSuppressed(Throwable) suppressed} in it; the repository then logs
   * it and ignores it, as it does any listener's. An {@link Error} propagates at once. The
   * combined listener holds no state of its own: it is as thread-safe as its parts, and it is
   * called on whichever thread makes the repository call.
   *
   * @param listeners the listeners, in the order they are to receive each cost; copied
   * @return the combined listener
   * @throws NullPointerException if the array or one of its elements is null (the message
   *     names its index)
   */
  static CostListener all(CostListener... listeners) {
    Objects.requireNonNull(listeners, "listeners");
    List<CostListener> parts = new ArrayList<>(listeners.length);
    for (int i = 0; i < listeners.length; i++) {
      CostListener listener = Objects.requireNonNull(listeners[i], "listeners[" + i + "] is null");
      if (listener != NONE) {
        parts.add(listener);
      }
    }
    if (parts.isEmpty()) {
      return NONE;
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    List<CostListener> inOrder = List.copyOf(parts);
    return new CostListener() {
      @Override
      public void onCost(OperationCost cost) {
        RuntimeException first = null;
        for (CostListener part : inOrder) {
          try {
            part.onCost(cost);
          } catch (RuntimeException e) {
            first = firstOf(first, e);
          }
        }
        if (first != null) {
          throw first;
        }
      }

      @Override
      public void onCallStart(AccessPattern pattern) {
        // Each part is called even when one before it throws, as for costs: a part that started
        // something must see the start that its cost will end.
        RuntimeException first = null;
        for (CostListener part : inOrder) {
          try {
            part.onCallStart(pattern);
          } catch (RuntimeException e) {
            first = firstOf(first, e);
          }
        }
        if (first != null) {
          throw first;
        }
      }

      @Override
      public void onCallFailure(AccessPattern pattern, Throwable failure) {
        RuntimeException first = null;
        for (CostListener part : inOrder) {
          try {
            part.onCallFailure(pattern, failure);
          } catch (RuntimeException e) {
            first = firstOf(first, e);
          }
        }
        if (first != null) {
          throw first;
        }
      }

      @Override
      public boolean receivesCallStarts() {
        boolean any = false;
        for (CostListener part : inOrder) {
          any |= part.receivesCallStarts();
        }
        return any;
      }

      @Override
      public boolean timesCalls() {
        // Every part is asked, not only until one says yes, as each would be on its own.
        boolean any = false;
        for (CostListener part : inOrder) {
          any |= part.timesCalls();
        }
        return any;
      }

      @Override
      public boolean countsSdkAttempts() {
        boolean any = false;
        for (CostListener part : inOrder) {
          any |= part.countsSdkAttempts();
        }
        return any;
      }

      @Override
      public String toString() {
        return "CostListener.all" + inOrder;
      }
    };
  }

  /** The exception to rethrow: the first, with the later ones suppressed in it. */
  private static RuntimeException firstOf(RuntimeException first, RuntimeException next) {
    if (first == null) {
      return next;
    }
    if (first != next) {
      first.addSuppressed(next);
    }
    return first;
  }
}
