package io.quickphotos.bench.latency;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * An HTTP client for a {@code DynamoDbClient} that waits a fixed time before each request goes
 * on to a real client, as a network round trip to DynamoDB would take: on DynamoDB Local, whose
 * requests cross only the loopback interface, a call's wall-clock time then becomes the number of
 * round trips it makes one after another times the delay, plus the server's own time. Requests
 * sent side by side wait side by side, so a call that overlaps its requests shows fewer round
 * trips than requests.
 *
 * <p>Every attempt waits, the SDK's own retries included: each is a round trip. The wait happens
 * when the request is executed ({@link ExecutableHttpRequest#call()}), on the calling thread,
 * before the delegate sees the request. An interrupt ends the wait with an
 * {@link InterruptedIOException}, as an interrupted socket read would, and stays set.
 *
 * <p>Thread-safe if the delegate is (the SDK's HTTP clients are): this class keeps no state but
 * the delay, and each request waits on its own thread.
 */
public final class DelayingHttpClient implements SdkHttpClient {
  private final SdkHttpClient delegate;
  private final Duration delay;
  private final Pause pause;

  /**
   * How a request waits. The real one parks the thread; a test can record the waits instead of
   * sleeping, which keeps it deterministic.
   */
  @FunctionalInterface
  interface Pause {
    /**
     * Waits the delay.
     *
     * @param delay how long; positive
     * @throws InterruptedException if the thread is interrupted while it waits
     */
    void await(Duration delay) throws InterruptedException;
  }

  /**
   * Delays every request to {@code delegate} by {@code delay}.
   *
   * @param delegate the client that sends the requests; closed with this one
   * @param delay the wait before each request; zero sends at once
   * @throws IllegalArgumentException if the delay is negative
   */
  DelayingHttpClient(SdkHttpClient delegate, Duration delay) {
    this(delegate, delay, DelayingHttpClient::park);
  }

  /**
   * Delays every request to {@code delegate} by {@code delay}, waiting with {@code pause}.
   *
   * @param delegate the client that sends the requests; closed with this one
   * @param delay the wait before each request; zero sends at once without calling the pause
   * @param pause how to wait
   * @throws IllegalArgumentException if the delay is negative
   */
  DelayingHttpClient(SdkHttpClient delegate, Duration delay, Pause pause) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.delay = Objects.requireNonNull(delay, "delay");
    this.pause = Objects.requireNonNull(pause, "pause");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("the delay must not be negative, was " + delay);
    }
  }

  /**
   * The wait before each request.
   *
   * @return the delay
   */
  Duration delay() {
    return delay;
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    ExecutableHttpRequest prepared = delegate.prepareRequest(request);
    if (delay.isZero()) {
      return prepared;
    }
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() throws IOException {
        try {
          pause.await(delay);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          InterruptedIOException interrupted =
              new InterruptedIOException("interrupted while waiting the simulated round trip");
          interrupted.initCause(e);
          throw interrupted;
        }
        return prepared.call();
      }

      @Override
      public void abort() {
        prepared.abort();
      }
    };
  }

  @Override
  public String clientName() {
    return "delayed-" + delegate.clientName();
  }

  @Override
  public void close() {
    delegate.close();
  }

  /**
   * Parks the thread for the whole delay: {@code parkNanos} may return early (spuriously or on
   * an unpark), so it parks again for what is left.
   */
  private static void park(Duration delay) throws InterruptedException {
    long nanos = delay.toNanos();
    long end = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }
}
