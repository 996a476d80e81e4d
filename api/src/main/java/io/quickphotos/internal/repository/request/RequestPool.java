package io.quickphotos.internal.repository.request;

import io.quickphotos.engine.Retries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Sends the independent requests of one call side by side: the home feed's per-author queries,
 * the BatchGetItem chunks of one read. At most {@code parallelism} requests of one call are in
 * flight: the calling thread sends one, and up to {@code parallelism - 1} threads of this pool
 * help. A repository has one pool; its threads are created on demand, never more than
 * {@code parallelism - 1}, are daemons, and end after {@value #IDLE_SECONDS} idle seconds, so a
 * repository needs no closing.
 *
 * <p>Why the caller works too: when every helper is busy with other calls, a call still
 * progresses on its own thread (it never waits for a helper that may never come), so calls that
 * share the pool cannot deadlock, and a parallelism of 1 is exactly the sequential code path,
 * with no thread hand-off at all (the memory backend's default: its requests take microseconds,
 * far less than a hand-off).
 *
 * <p>What the caller sees is what sequential requests would give: results in the order of the
 * requests, and the first failure in that order rethrown once every request has ended (the
 * others are still made, so a failed call may have made more requests than a sequential one
 * would have). Thread-safe.
 */
public final class RequestPool {
  /** The largest parallelism a repository accepts. */
  static final int MAX_PARALLELISM = 256;

  private static final long IDLE_SECONDS = 30;
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final int parallelism;

  /** Where the helpers run: this pool's threads, or the application's; null at parallelism 1. */
  private final Executor helpers;

  /**
   * A pool for one repository.
   *
   * @param parallelism requests of one call in flight at most, 1 to {@value #MAX_PARALLELISM}
   * @throws IllegalArgumentException if out of range
   */
  public RequestPool(int parallelism) {
    this(parallelism, null);
  }

  /**
   * A pool for one repository whose helpers run on the application's executor: at most {@code
   * parallelism - 1} tasks a call, each handed to it on the calling thread.
   *
   * @param parallelism requests of one call in flight at most, 1 to {@value #MAX_PARALLELISM}
   * @param executor the application's executor, or null for this pool's own daemon threads
   * @throws IllegalArgumentException if the parallelism is out of range
   */
  public RequestPool(int parallelism, Executor executor) {
    this.parallelism = checked(parallelism);
    if (parallelism == 1) {
      helpers = null;
      return;
    }
    if (executor != null) {
      helpers = executor;
      return;
    }
    ThreadFactory threads = daemonThreads("quickphotos-requests-" + POOLS.incrementAndGet() + "-");
    ThreadPoolExecutor own =
        new ThreadPoolExecutor(
            parallelism - 1,
            parallelism - 1,
            IDLE_SECONDS,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            threads);
    own.allowCoreThreadTimeOut(true);
    helpers = own;
  }

  /**
   * Checks a parallelism setting.
   *
   * @param parallelism the setting
   * @return it, if 1 to {@value #MAX_PARALLELISM}
   * @throws IllegalArgumentException otherwise
   */
  public static int checked(int parallelism) {
    if (parallelism < 1 || parallelism > MAX_PARALLELISM) {
      throw new IllegalArgumentException(
          "parallelism must be 1 to " + MAX_PARALLELISM + ", was " + parallelism);
    }
    return parallelism;
  }

  /**
   * Requests of one call in flight at most.
   *
   * @return 1 to {@value #MAX_PARALLELISM}
   */
  int parallelism() {
    return parallelism;
  }

  /**
   * Sends every request and returns the responses in request order.
   *
   * @param requests the independent requests
   * @param send makes one request; it must not touch the call's {@link Meter} (the caller meters
   *     the responses afterwards, in order, on its own thread)
   * @return one response per request, in order
   * @throws RuntimeException the first failure in request order, after every request ended
   */
  <T, R> List<R> sendAll(List<T> requests, Function<T, R> send) {
    int count = requests.size();
    if (helpers == null || count < 2) {
      List<R> responses = new ArrayList<>(count);
      for (T request : requests) {
        responses.add(send.apply(request));
      }
      return responses;
    }
    Object[] responses = new Object[count];
    Throwable[] failures = new Throwable[count];
    // What the engine counted on a helper thread belongs to the caller's call.
    Retries[] retried = new Retries[count];
    Thread caller = Thread.currentThread();
    AtomicInteger next = new AtomicInteger();
    CountDownLatch ended = new CountDownLatch(count);
    Runnable worker =
        () -> {
          for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
            try {
              responses[i] = send.apply(requests.get(i));
            } catch (RuntimeException | Error e) {
              failures[i] = e;
            } finally {
              if (Thread.currentThread() != caller) {
                retried[i] = Retries.take();
              }
              ended.countDown();
            }
          }
        };
    // Handed over on the calling thread, so that an executor of the application's that carries
    // the caller's context (a trace, a logging context) captures this call's.
    for (int helper = 1; helper < Math.min(parallelism, count); helper++) {
      try {
        helpers.execute(worker);
      } catch (RejectedExecutionException e) {
        // A full or shut-down executor of the application's: the calling thread sends the rest.
        break;
      }
    }
    worker.run();
    awaitUninterruptibly(ended);
    for (Retries counted : retried) {
      Retries.addToCurrent(counted);
    }
    for (Throwable failure : failures) {
      if (failure instanceof RuntimeException e) {
        throw e;
      }
      if (failure instanceof Error e) {
        throw e;
      }
    }
    @SuppressWarnings("unchecked")
    List<R> ordered = (List<R>) Arrays.asList(responses);
    return ordered;
  }

  /**
   * Waits for the helpers: they are bounded by the SDK's own timeouts, and leaving early would
   * leave requests of this call running after it returned. An interrupt is kept for the caller.
   */
  private static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger created = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + created.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
