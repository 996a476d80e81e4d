package io.quickphotos.streams;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a {@link StreamPoller} remembers, per shard, the last record its handler finished and
 * whether the shard is read to its end. A poller restarted on the same checkpoints goes on after
 * them, so it redelivers at most the batch that was in flight when it stopped. {@link
 * #inMemory()} for one process; {@link DynamoDbCheckpoints} in a DynamoDB table, for a poller
 * restarted in another.
 */
public interface Checkpoints {

  /**
   * A shard's checkpoint.
   *
   * @param sequenceNumber the last record handled, or null if none yet
   * @param ended whether the shard is closed and read to its end
   */
  record Checkpoint(String sequenceNumber, boolean ended) {}

  /**
   * The shard's checkpoint, if any.
   *
   * @param shardId the shard
   * @return its checkpoint
   */
  Optional<Checkpoint> get(String shardId);

  /**
   * Records a shard's checkpoint, after its handler finished the batch up to it.
   *
   * @param shardId the shard
   * @param checkpoint the checkpoint
   */
  void put(String shardId, Checkpoint checkpoint);

  /**
   * Checkpoints held in memory, for the embedded default and tests; a poller built on the same
   * instance after another stopped goes on where it left off. Thread-safe.
   *
   * @return empty checkpoints
   */
  static Checkpoints inMemory() {
    Map<String, Checkpoint> map = new ConcurrentHashMap<>();
    return new Checkpoints() {
      @Override
      public Optional<Checkpoint> get(String shardId) {
        return Optional.ofNullable(map.get(shardId));
      }

      @Override
      public void put(String shardId, Checkpoint checkpoint) {
        map.put(shardId, checkpoint);
      }
    };
  }
}
