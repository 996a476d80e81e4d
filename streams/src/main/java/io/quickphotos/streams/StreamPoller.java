package io.quickphotos.streams;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Reads a table's stream in process and hands its events to a {@link ChangeHandler}: on the
 * memory engine ({@code MemoryStreams.client()}) or on DynamoDB (a {@code DynamoDbStreamsClient}),
 * with the same code. For the embedded default and for tests; a fleet reads a stream with AWS
 * Lambda instead (quickphotos-streams-lambda), whose event source mapping owns the shards.
 *
 * <p><b>Order.</b> Shards are read parents first: a child only once its parent is read to its
 * end, so the events of one item reach the handler in the order of its changes. Each GetRecords
 * page is one batch.
 *
 * <p><b>At least once, exactly once in effect.</b> After the handler returns, the shard's
 * checkpoint moves past the batch. If the handler throws (or the process dies) the checkpoint
 * stays, and the batch is delivered again, from its first event, by the next round or by a new
 * poller on the same {@link Checkpoints}. A handler makes that harmless with {@link AppliedMarks}
 * (or its database's equivalent: the mark written with the effect).
 *
 * <p><b>One reader.</b> A poller reads each shard from one thread at a time ({@link #pollOnce}
 * and the background thread are serialized); it does not coordinate with other processes. Run
 * one per stream, or use Lambda.
 *
 * <p>Thread-safe.
 */
public final class StreamPoller implements AutoCloseable {
  private final DynamoDbStreamsClient client;
  private final String streamArn;
  private final ChangeHandler handler;
  private final Checkpoints checkpoints;
  private final int batchSize;
  private final Object roundLock = new Object();
  private final Object progress = new Object();
  private long roundsStarted;
  private long lastQuietRound = -1;
  private long throttled;
  private long awaitedAfter = -1;
  private Thread thread;
  private volatile boolean stopping;

  private StreamPoller(Builder b) {
    this.client = b.client;
    this.streamArn = b.streamArn;
    this.handler = b.handler;
    this.checkpoints = b.checkpoints;
    this.batchSize = b.batchSize;
  }

  /**
   * Starts configuring a poller.
   *
   * @param client the streams client: the memory engine's or DynamoDB's
   * @param streamArn the stream (DescribeTable's {@code LatestStreamArn})
   * @param handler the application's handler
   * @return a builder
   */
  public static Builder builder(
      DynamoDbStreamsClient client, String streamArn, ChangeHandler handler) {
    return new Builder(client, streamArn, handler);
  }

  /**
   * One round: DescribeStream, then, for each shard whose parent is done, GetShardIterator after
   * its checkpoint and GetRecords until the shard has nothing more for now, each page decoded and
   * handed to the handler, then checkpointed. A throttled request (LimitExceededException) ends
   * the round early; an expired iterator is asked for again; a checkpoint older than the
   * stream's 24 hours restarts its shard at the trim horizon (the records between are lost).
   *
   * @return how many stream records the round read
   * @throws StreamHandlerException if the handler throws; the batch stays unacknowledged
   */
  public int pollOnce() {
    synchronized (roundLock) {
      long round;
      synchronized (progress) {
        round = ++roundsStarted;
      }
      int read;
      try {
        read = round();
      } catch (LimitExceededException e) {
        synchronized (progress) {
          throttled++;
        }
        return -1;
      }
      if (read == 0) {
        synchronized (progress) {
          lastQuietRound = round;
          progress.notifyAll();
        }
      }
      return read;
    }
  }

  /**
   * Rounds until one reads nothing: every change made before the call has been handled. Retries
   * a throttled round (up to 100 times in a row).
   *
   * @return how many stream records were read
   * @throws StreamHandlerException if the handler throws
   * @throws IllegalStateException if the stream stays throttled
   */
  public int drain() {
    int total = 0;
    int throttledInARow = 0;
    while (true) {
      int read = pollOnce();
      if (read < 0) {
        if (++throttledInARow > 100) {
          throw new IllegalStateException("the stream stayed throttled");
        }
        continue;
      }
      throttledInARow = 0;
      if (read == 0) {
        return total;
      }
      total += read;
    }
  }

  /**
   * Polls on a background daemon thread, a round every {@code interval} while the stream is
   * quiet (at once while it is not). A handler that throws is called again with the same batch
   * at the next round.
   *
   * @param interval the pause between quiet rounds
   * @throws IllegalStateException if already started
   */
  public synchronized void start(Duration interval) {
    if (thread != null) {
      throw new IllegalStateException("already started");
    }
    long pause = Math.max(1, interval.toMillis());
    thread =
        new Thread(
            () -> {
              while (!stopping) {
                int read;
                boolean failed = false;
                try {
                  read = pollOnce();
                } catch (RuntimeException e) {
                  // The handler's batch stays unacknowledged and comes again next round.
                  read = 0;
                  failed = true;
                }
                // Quiet, throttled (-1) or failed: pause before the next round, unless stopping
                // or a caller awaits a quiet round that started after its call. Both are set
                // under the same lock, so neither wake-up can be lost.
                if (read <= 0) {
                  synchronized (progress) {
                    if (stopping || (!failed && lastQuietRound <= awaitedAfter)) {
                      continue;
                    }
                    try {
                      // After a failure, a short pause even while awaited: no busy retry.
                      progress.wait(failed ? Math.min(pause, 50) : pause);
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                }
              }
            },
            "quickphotos-stream-poller");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Waits until the background poller has handled every change made before the call: until a
   * round that started after the call read nothing. Wakes the poller rather than waiting out its
   * interval. For tests: no sleeps, and it returns as soon as the handler has caught up.
   *
   * @param timeout how long to wait at most
   * @throws TimeoutException if it has not caught up in time (a handler failing again and again)
   * @throws InterruptedException if interrupted
   */
  public void awaitCaughtUp(Duration timeout) throws TimeoutException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (progress) {
      long after = roundsStarted;
      awaitedAfter = Math.max(awaitedAfter, after);
      progress.notifyAll();
      while (lastQuietRound <= after) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException("the stream's handler has not caught up in " + timeout);
        }
        progress.wait(Math.max(1, left / 1_000_000));
        progress.notifyAll();
      }
    }
  }

  /**
   * How many rounds a throttled request ended early.
   *
   * @return the count
   */
  public long throttledRounds() {
    synchronized (progress) {
      return throttled;
    }
  }

  /** Stops the background thread, if started, and waits for it. */
  @Override
  public void close() {
    Thread t;
    synchronized (this) {
      t = thread;
    }
    synchronized (progress) {
      stopping = true;
      progress.notifyAll();
    }
    if (t != null) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private int round() {
    List<Shard> shards = describe();
    Set<String> present = new HashSet<>();
    for (Shard s : shards) {
      present.add(s.shardId());
    }
    Map<String, Boolean> ended = new HashMap<>();
    int read = 0;
    boolean moved = true;
    // Parents first: a pass reads every shard whose parent is done; a child becomes readable in
    // the pass after its parent ends.
    while (moved) {
      moved = false;
      for (Shard shard : shards) {
        String id = shard.shardId();
        if (ended.containsKey(id)) {
          continue;
        }
        String parent = shard.parentShardId();
        boolean parentDone =
            parent == null
                || !present.contains(parent)
                || checkpoints.get(parent).map(Checkpoints.Checkpoint::ended).orElse(false);
        if (!parentDone) {
          continue;
        }
        read += readShard(id);
        ended.put(id, true);
        moved = true;
      }
    }
    return read;
  }

  private List<Shard> describe() {
    List<Shard> shards = new ArrayList<>();
    String start = null;
    do {
      String from = start;
      StreamDescription d =
          client
              .describeStream(r -> r.streamArn(streamArn).exclusiveStartShardId(from))
              .streamDescription();
      shards.addAll(d.shards());
      start = d.lastEvaluatedShardId();
    } while (start != null);
    return shards;
  }

  private int readShard(String shardId) {
    Checkpoints.Checkpoint checkpoint =
        checkpoints.get(shardId).orElse(new Checkpoints.Checkpoint(null, false));
    if (checkpoint.ended()) {
      return 0;
    }
    String iterator = iterator(shardId, checkpoint.sequenceNumber());
    int read = 0;
    String last = checkpoint.sequenceNumber();
    // Records held back from the page before: a request's end whose approval's friendship may
    // be on this page. Not checkpointed, so a crash delivers them again.
    List<Record> carried = new ArrayList<>();
    while (iterator != null) {
      String at = iterator;
      GetRecordsResponse page;
      try {
        page = client.getRecords(r -> r.shardIterator(at).limit(batchSize));
      } catch (ExpiredIteratorException e) {
        iterator = iterator(shardId, last);
        carried.clear();
        continue;
      }
      boolean ended = page.nextShardIterator() == null;
      List<Record> records = new ArrayList<>(carried);
      records.addAll(page.records());
      carried.clear();
      if (!page.records().isEmpty() && !ended) {
        int now = ChangeEvents.deliverable(records);
        carried.addAll(records.subList(now, records.size()));
        records = records.subList(0, now);
      }
      if (!records.isEmpty()) {
        List<Delivery> batch = ChangeEvents.decode(records);
        if (!batch.isEmpty()) {
          try {
            handler.handle(batch);
          } catch (Exception e) {
            throw new StreamHandlerException(shardId, e);
          }
        }
        last = records.get(records.size() - 1).dynamodb().sequenceNumber();
      }
      read += page.records().size();
      if (!records.isEmpty() || ended) {
        checkpoints.put(shardId, new Checkpoints.Checkpoint(last, ended));
      }
      if (page.records().isEmpty()) {
        break;
      }
      iterator = page.nextShardIterator();
    }
    return read;
  }

  private String iterator(String shardId, String after) {
    try {
      return client
          .getShardIterator(
              r ->
                  r.streamArn(streamArn)
                      .shardId(shardId)
                      .shardIteratorType(
                          after == null
                              ? ShardIteratorType.TRIM_HORIZON
                              : ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                      .sequenceNumber(after))
          .shardIterator();
    } catch (TrimmedDataAccessException e) {
      // The checkpoint is older than the stream keeps: go on with what is left.
      return client
          .getShardIterator(
              r ->
                  r.streamArn(streamArn)
                      .shardId(shardId)
                      .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
          .shardIterator();
    }
  }

  /** Configures a {@link StreamPoller}. Not thread-safe. */
  public static final class Builder {
    private final DynamoDbStreamsClient client;
    private final String streamArn;
    private final ChangeHandler handler;
    private Checkpoints checkpoints = Checkpoints.inMemory();
    private int batchSize = 1000;

    private Builder(DynamoDbStreamsClient client, String streamArn, ChangeHandler handler) {
      this.client = Objects.requireNonNull(client, "client");
      this.streamArn = Objects.requireNonNull(streamArn, "streamArn");
      this.handler = Objects.requireNonNull(handler, "handler");
    }

    /**
     * Where the poller keeps its checkpoints; new in-memory ones unless set. A poller built on
     * the checkpoints of one that stopped goes on after them: the same {@link
     * Checkpoints#inMemory()} instance in one process, or {@link DynamoDbCheckpoints} across
     * processes.
     *
     * @param checkpoints the checkpoints
     * @return this builder
     */
    public Builder checkpoints(Checkpoints checkpoints) {
      this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
      return this;
    }

    /**
     * Records a GetRecords asks for, 1 to 1,000; 1,000 unless set.
     *
     * @param records the page size
     * @return this builder
     * @throws IllegalArgumentException if out of range
     */
    public Builder batchSize(int records) {
      if (records < 1 || records > 1000) {
        throw new IllegalArgumentException("batchSize must be 1 to 1000, was " + records);
      }
      this.batchSize = records;
      return this;
    }

    /**
     * Builds the poller; nothing is read until {@link StreamPoller#pollOnce()}, {@link
     * StreamPoller#drain()} or {@link StreamPoller#start(Duration)}.
     *
     * @return the poller
     */
    public StreamPoller build() {
      return new StreamPoller(this);
    }
  }
}
