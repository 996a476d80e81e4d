package io.quickphotos.spring.boot;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;
import org.springframework.util.ClassUtils;

/**
 * Where the repositories the starter configures run the requests of a call that go beside the
 * calling thread ({@code QuickPhotosBuilder.executor}), and what each such request carries from
 * the call: the caller's Micrometer context (its current observation, and so its trace span,
 * with every other accessor in the {@code ContextRegistry}) when Micrometer's context propagation
 * is on the class path, and the caller's SLF4J MDC in any case. Both are captured when the
 * repository hands the task over, on the calling thread, and set around the task on the thread
 * that runs it, then restored.
 *
 * <p>The threads are the starter's own pool, sized as the repository's own would be ({@code
 * quickphotos.parallelism - 1}, created on demand, ended after 30 idle seconds, daemons), or a
 * virtual thread per task ({@code quickphotos.virtual-threads}). Closed with the context.
 * Thread-safe.
 */
final class RequestExecution implements AutoCloseable {
  private static final boolean CONTEXT_PROPAGATION =
      ClassUtils.isPresent(
          "io.micrometer.context.ContextSnapshotFactory", RequestExecution.class.getClassLoader());

  private static final long IDLE_SECONDS = 30;

  private final ExecutorService threads;
  private final Executor propagating;

  private RequestExecution(ExecutorService threads) {
    this.threads = threads;
    Executor carrying = CONTEXT_PROPAGATION ? Snapshots.carrying(threads) : threads;
    this.propagating = carryingMdc(carrying);
  }

  /**
   * A pool of platform threads, as many as the repository's own would have.
   *
   * @param parallelism requests of one call in flight, the calling thread's included
   * @return the execution; close it
   */
  static RequestExecution platformThreads(int parallelism) {
    int size = Math.max(1, parallelism - 1);
    AtomicInteger created = new AtomicInteger();
    ThreadFactory factory =
        runnable -> {
          Thread thread = new Thread(runnable, "quickphotos-requests-" + created.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        };
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            size, size, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
    pool.allowCoreThreadTimeOut(true);
    return new RequestExecution(pool);
  }

  /**
   * A virtual thread per request: {@code Executors.newVirtualThreadPerTaskExecutor()}, looked up
   * at run time since the starter is compiled for Java 17.
   *
   * @return the execution; close it
   * @throws QuickPhotosStartupException on a Java runtime before 21
   */
  static RequestExecution virtualThreads() {
    try {
      Method factory =
          java.util.concurrent.Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
      return new RequestExecution((ExecutorService) factory.invoke(null));
    } catch (ReflectiveOperationException e) {
      throw new QuickPhotosStartupException(
          "quickphotos.virtual-threads is true, and this Java runtime ("
              + Runtime.version()
              + ") has no virtual threads.",
          "Run on Java 21 or later, or remove quickphotos.virtual-threads.",
          e);
    }
  }

  /**
   * The executor to give the repository builders: the threads, carrying the caller's context.
   *
   * @return a thread-safe executor
   */
  Executor executor() {
    return propagating;
  }

  /** Stops the threads: idle ones at once, busy ones when their request ends. */
  @Override
  public void close() {
    threads.shutdown();
  }

  /** Tasks that run with the MDC of the thread that handed them over. */
  private static Executor carryingMdc(Executor executor) {
    return task -> {
      Map<String, String> callers = MDC.getCopyOfContextMap();
      executor.execute(
          () -> {
            Map<String, String> own = MDC.getCopyOfContextMap();
            setMdc(callers);
            try {
              task.run();
            } finally {
              setMdc(own);
            }
          });
    };
  }

  private static void setMdc(Map<String, String> context) {
    if (context == null) {
      MDC.clear();
    } else {
      MDC.setContextMap(context);
    }
  }

  /** Micrometer's context propagation; loaded only when it is on the class path. */
  private static final class Snapshots {
    private static final ContextSnapshotFactory FACTORY = ContextSnapshotFactory.builder().build();

    static Executor carrying(Executor executor) {
      return task -> {
        ContextSnapshot snapshot = FACTORY.captureAll();
        executor.execute(
            () -> {
              try (ContextSnapshot.Scope scope = snapshot.setThreadLocals()) {
                task.run();
              }
            });
      };
    }
  }
}
