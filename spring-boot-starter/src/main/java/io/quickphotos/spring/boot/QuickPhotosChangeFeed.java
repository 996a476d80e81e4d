package io.quickphotos.spring.boot;

import io.quickphotos.streams.ChangeHandler;
import io.quickphotos.streams.Checkpoints;
import io.quickphotos.streams.Delivery;
import io.quickphotos.streams.StreamPoller;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The repository's change feed read in process, as a part of the application's lifecycle: when
 * the context starts (after every singleton is built, the repository included), a {@link
 * StreamPoller} on the table's stream hands each batch of events to the application's {@link
 * ChangeHandler} beans, in their {@code @Order}, from a background thread, a round every {@code
 * quickphotos.change-feed.interval} while the stream is quiet; when the context stops, the
 * poller stops first, waiting for the batch in flight ({@link #getPhase()}).
 *
 * <p>A batch is delivered at least once: a handler that throws has the batch, from its first
 * event, delivered again at the next round to every handler (those before it included), and a
 * restart goes on from the checkpoints, the application's {@link Checkpoints} bean when it has
 * one, else checkpoints in memory, so a restarted process reads the stream again from its trim
 * horizon. Make each handler idempotent ({@code AppliedMarks}). One reader per stream: every
 * instance of a fleet with the property on reads every record; a fleet reads its stream with
 * quickphotos-streams-lambda instead.
 *
 * <p>Thread-safe.
 */
public final class QuickPhotosChangeFeed implements SmartLifecycle {
  private static final Logger LOG = LoggerFactory.getLogger(QuickPhotosChangeFeed.class);

  private final Supplier<ChangeFeedStreams.Source> source;
  private final Supplier<List<ChangeHandler>> handlers;
  private final Supplier<Checkpoints> checkpoints;
  private final Duration interval;
  private final int batchSize;
  private StreamPoller poller;
  private AutoCloseable owned;

  QuickPhotosChangeFeed(
      Supplier<ChangeFeedStreams.Source> source,
      Supplier<List<ChangeHandler>> handlers,
      Supplier<Checkpoints> checkpoints,
      Duration interval,
      int batchSize) {
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw QuickPhotosStartupException.invalidProperty(
          "quickphotos.change-feed.interval",
          interval,
          "the pause between rounds must be positive",
          "a positive duration, e.g. 1s or 200ms",
          null);
    }
    if (batchSize < 1 || batchSize > 1000) {
      throw QuickPhotosStartupException.invalidProperty(
          "quickphotos.change-feed.batch-size",
          batchSize,
          "GetRecords reads 1 to 1,000 records",
          "a number from 1 to 1000",
          null);
    }
    this.source = source;
    this.handlers = handlers;
    this.checkpoints = checkpoints;
    this.interval = interval;
    this.batchSize = batchSize;
  }

  /**
   * Finds the stream (on DynamoDB one DescribeTable) and starts the poller's thread over the
   * application's handlers; with no {@link ChangeHandler} bean, logs a WARNING and reads
   * nothing. Called by Spring once the context's singletons are built.
   *
   * @throws QuickPhotosStartupException if the stream cannot be read (on DynamoDB, off or
   *     without both images; on memory, a repository that is not the starter's)
   */
  @Override
  public synchronized void start() {
    if (poller != null) {
      return;
    }
    List<ChangeHandler> all = handlers.get();
    if (all.isEmpty()) {
      LOG.warn(
          "quickphotos.change-feed.enabled is true and there is no ChangeHandler bean: the"
              + " change feed is not read.");
      return;
    }
    ChangeFeedStreams.Source stream = source.get();
    ChangeHandler handler = all.size() == 1 ? all.get(0) : batch -> handleByEach(all, batch);
    poller =
        StreamPoller.builder(stream.client(), stream.streamArn(), handler)
            .checkpoints(checkpoints.get())
            .batchSize(batchSize)
            .build();
    owned = stream.owned();
    poller.start(interval);
    LOG.info(
        "quickphotos: reading the change feed of {} for {} handler(s), every {} while quiet",
        stream.streamArn(),
        all.size(),
        interval);
  }

  private static void handleByEach(List<ChangeHandler> all, List<Delivery> batch) throws Exception {
    for (ChangeHandler each : all) {
      each.handle(batch);
    }
  }

  /**
   * Stops the poller's thread, waiting for the batch in flight, and closes a streams client the
   * feed built. Its checkpoints stay where the last finished batch left them.
   */
  @Override
  public synchronized void stop() {
    if (poller == null) {
      return;
    }
    poller.close();
    poller = null;
    if (owned != null) {
      try {
        owned.close();
      } catch (Exception e) {
        LOG.debug("closing the change feed's streams client", e);
      }
      owned = null;
    }
  }

  /**
   * Whether the poller is reading.
   *
   * @return true between a {@link #start()} that found handlers and {@link #stop()}
   */
  @Override
  public synchronized boolean isRunning() {
    return poller != null;
  }

  /**
   * The default phase, the last to start and the first to stop: the handlers may use beans with
   * lifecycles of their own (the web server, a message sender), which start before the feed and
   * stop after it.
   *
   * @return {@link SmartLifecycle#DEFAULT_PHASE}
   */
  @Override
  public int getPhase() {
    return SmartLifecycle.DEFAULT_PHASE;
  }

  /**
   * Waits until every change made before the call has been handled: a round that started after
   * the call read nothing. For tests: no sleep, and it returns as soon as the handlers caught up.
   *
   * @param timeout how long to wait at most
   * @throws TimeoutException if the handlers have not caught up in time (one failing again and
   *     again)
   * @throws InterruptedException if interrupted
   * @throws IllegalStateException if the feed is not running
   */
  public void awaitCaughtUp(Duration timeout) throws TimeoutException, InterruptedException {
    StreamPoller running;
    synchronized (this) {
      running = poller;
    }
    if (running == null) {
      throw new IllegalStateException("the change feed is not running");
    }
    running.awaitCaughtUp(timeout);
  }
}
