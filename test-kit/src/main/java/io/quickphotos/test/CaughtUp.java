package io.quickphotos.test;

import io.quickphotos.streams.StreamPoller;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * Waits in a test until a {@link StreamPoller}'s handler has handled every change made before the
 * call, so that a test of what an application does with the table's stream asserts right after
 * its writes, without a sleep:
 *
 * <pre>{@code
 * poller.start(Duration.ofSeconds(1));
 * photos.follow("bob", "ann");
 * CaughtUp.await(poller);
 * assertThat(handled).contains(...);
 * }</pre>
 *
 * <p>It returns as soon as the poller has caught up: the poller is woken rather than left to wait
 * out its interval, so a long interval does not slow the test. Needs {@code quickphotos-streams}
 * on the test class path (an optional dependency of the kit; an application that reads the
 * stream has it already). Thread-safe: any thread may wait, several at once.
 */
public final class CaughtUp {
  /** How long {@link #await(StreamPoller)} waits: long enough for a slow CI machine. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  private CaughtUp() {}

  /**
   * Waits up to {@link #DEFAULT_TIMEOUT} until the started poller has handled every change made
   * before the call: until one of its rounds that began after the call read nothing. Makes no
   * request itself; the poller's background thread makes its DescribeStream, GetShardIterator and
   * GetRecords requests.
   *
   * @param poller a poller {@linkplain StreamPoller#start(Duration) started} on the table's stream
   * @throws AssertionError if it has not caught up in time: the handler throws on every delivery,
   *     the poller was not started or was closed; or if the waiting thread is interrupted (its
   *     interrupt flag set again)
   * @throws NullPointerException if {@code poller} is null
   */
  public static void await(StreamPoller poller) {
    await(poller, DEFAULT_TIMEOUT);
  }

  /**
   * Waits up to {@code timeout} until the started poller has handled every change made before
   * the call, as {@link #await(StreamPoller)} does.
   *
   * @param poller a poller started on the table's stream
   * @param timeout how long to wait at most
   * @throws AssertionError if it has not caught up in time, or if the waiting thread is
   *     interrupted (its interrupt flag set again)
   * @throws NullPointerException if an argument is null
   */
  public static void await(StreamPoller poller, Duration timeout) {
    Objects.requireNonNull(poller, "poller");
    Objects.requireNonNull(timeout, "timeout");
    try {
      poller.awaitCaughtUp(timeout);
    } catch (TimeoutException e) {
      // An assertion, not a checked exception: the test fails with what to look at, and its
      // method needs no throws clause.
      throw new AssertionError(
          "the stream's handler has not caught up in "
              + timeout
              + ": is the poller started (start(interval)) and not closed, and does the handler"
              + " return without throwing? (a batch it throws on comes again, round after round)",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for the stream's handler", e);
    }
  }
}
