package io.quickphotos.internal.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The retries written once in the repository: unprocessed BatchGetItem keys and transactions
 * cancelled by conflicts, against a scripted engine (no real engine produces either on demand).
 */
class RetryTest {
  private final List<OperationCost> costs = new ArrayList<>();
  private final CostListener listener = costs::add;
  private final List<Integer> pauses = new ArrayList<>();

  /** An engine that answers queries with friendships and batch reads as scripted. */
  private static class ScriptedTable implements Table {
    @Override
    public io.quickphotos.engine.QueryResult scan(io.quickphotos.engine.ScanPlan plan) {
      throw new UnsupportedOperationException("not scanned here");
    }

    int unprocessedRounds;
    int keysAnsweredPerUnprocessedRound = 1;
    int conflictRounds;
    String conflictReason = Limits.TRANSACTION_CONFLICT;
    int unprocessedWriteRounds;
    int batchCalls;
    int batchWriteCalls;
    final List<Item> written = new ArrayList<>();
    int transactCalls;

    @Override
    public Read getItem(Key key) {
      throw new UnsupportedOperationException();
    }

    @Override
    public TransactRead transactGetItems(List<Key> keys) {
      throw new UnsupportedOperationException();
    }

    @Override
    public QueryResult query(QueryPlan plan) {
      List<Item> items = new ArrayList<>();
      for (String followed : List.of("b", "c", "d")) {
        items.add(
            ItemCodec.friendship(
                new io.quickphotos.Follow("a", followed, java.time.Instant.EPOCH)));
      }
      return new QueryResult(items, Optional.empty(), new Capacity(0.5, 0));
    }

    @Override
    public BatchRead batchGetItem(List<Key> keys) {
      batchCalls++;
      List<Item> found = new ArrayList<>();
      List<Key> left = new ArrayList<>(keys);
      if (unprocessedRounds-- <= 0) {
        left.clear();
      }
      // A throttled round answers a few keys and leaves the rest unprocessed.
      List<Key> answered = new ArrayList<>();
      while (answered.size() < keysAnsweredPerUnprocessedRound && !left.isEmpty()) {
        answered.add(left.remove(0));
      }
      for (Key key : keys) {
        if (left.isEmpty() || answered.contains(key)) {
          String username = key.pk().substring(KeyLayout.USER.length());
          found.add(
              ItemCodec.newUser(
                  new io.quickphotos.NewUser(
                      username,
                      username,
                      username + "@x.io",
                      LocalDate.EPOCH,
                      "",
                      UserStatus.ACTIVE)));
        }
      }
      return new BatchRead(found, left, new Capacity(found.size(), 0));
    }

    @Override
    public BatchWrite batchWriteItem(List<Item> items) {
      batchWriteCalls++;
      // A throttled round writes the first item and leaves the rest unprocessed.
      int writes = unprocessedWriteRounds-- > 0 ? 1 : items.size();
      written.addAll(items.subList(0, writes));
      return new BatchWrite(items.subList(writes, items.size()), new Capacity(0, 2.0 * writes));
    }

    @Override
    public Write write(WriteAction action) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Capacity transactWrite(List<WriteAction> actions) {
      transactCalls++;
      if (conflictRounds-- > 0) {
        List<String> reasons = new ArrayList<>(Collections.nCopies(actions.size(), Limits.NONE));
        reasons.set(1, conflictReason);
        throw new TableTransactionCancelledException(reasons, null);
      }
      return new Capacity(0, 12);
    }
  }

  private SingleTableQuickPhotos repository(Table table) {
    return repository(table, listener);
  }

  private SingleTableQuickPhotos repository(Table table, CostListener listener) {
    return new SingleTableQuickPhotos(
        table,
        RepositoryOptions.defaults().withCostListener(listener),
        new Retrier(pauses::add, RetryPolicy.defaults().maxAttempts()),
        table);
  }

  @Test
  void unprocessedKeysAreRetriedWithBackoffAndCounted() {
    ScriptedTable table = new ScriptedTable();
    table.unprocessedRounds = 2;
    List<User> users = repository(table).followedBy("a", PageRequest.first()).items();
    assertThat(users).extracting(User::username).containsExactly("b", "c", "d");
    assertThat(table.batchCalls).isEqualTo(3);
    assertThat(pauses).containsExactly(1, 2);
    OperationCost cost = costs.get(0);
    assertThat(cost.pattern()).isEqualTo(AccessPattern.FOLLOWED_BY);
    assertThat(cost.requests()).isEqualTo(4);
    assertThat(cost.readCapacityUnits()).isEqualTo(3.5);
  }

  @Test
  void keysStillUnprocessedAfterTheLastAttemptAreAnError() {
    ScriptedTable table = new ScriptedTable();
    table.unprocessedRounds = 100;
    table.keysAnsweredPerUnprocessedRound = 0;
    assertThatThrownBy(() -> repository(table).followedBy("a", PageRequest.first()))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("unprocessed");
    assertThat(table.batchCalls).isEqualTo(RetryPolicy.defaults().maxAttempts());
    assertThat(costs.get(0).succeeded()).isFalse();
  }

  @Test
  void conflictingTransactionsAreRetried() {
    ScriptedTable table = new ScriptedTable();
    table.conflictRounds = 2;
    repository(table).follow("a", "b");
    assertThat(table.transactCalls).isEqualTo(3);
    assertThat(costs.get(0).requests()).isEqualTo(3);
    assertThat(costs.get(0).writeCapacityUnits()).isEqualTo(12);
  }

  @Test
  void transactionsConflictingToTheLastAttemptAreAnError() {
    ScriptedTable table = new ScriptedTable();
    table.conflictRounds = 100;
    assertThatThrownBy(() -> repository(table).follow("a", "b"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("TransactionConflict");
    assertThat(table.transactCalls).isEqualTo(RetryPolicy.defaults().maxAttempts());
  }

  @Test
  void unprocessedItemsOfABulkImportAreRetriedAndEveryItemWrittenOnce() {
    ScriptedTable table = new ScriptedTable();
    table.unprocessedWriteRounds = 3;
    List<io.quickphotos.NewUser> users = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      users.add(
          new io.quickphotos.NewUser(
              "u" + i, "U", "u@x.io", LocalDate.EPOCH, "", UserStatus.ACTIVE));
    }
    List<Long> progress = new ArrayList<>();
    long written =
        repository(table)
            .importSnapshot(
                new io.quickphotos.Snapshot(users, List.of(), List.of(), List.of()), progress::add);
    assertThat(written).isEqualTo(30);
    assertThat(progress).containsExactly(25L, 30L);
    assertThat(table.written).hasSize(30).doesNotHaveDuplicates();
    // Batch of 25: 1 + 3 retries; batch of 5: 1.
    assertThat(table.batchWriteCalls).isEqualTo(5);
    assertThat(pauses).containsExactly(1, 2, 3);
    OperationCost cost = costs.get(0);
    assertThat(cost.pattern()).isEqualTo(AccessPattern.IMPORT_SNAPSHOT);
    assertThat(cost.requests()).isEqualTo(5);
    assertThat(cost.writeCapacityUnits()).isEqualTo(60);
  }

  @Test
  void throttledTransactionsAreRetriedLikeConflicts() {
    ScriptedTable table = new ScriptedTable();
    table.conflictRounds = 2;
    table.conflictReason = "ThrottlingError";
    repository(table).follow("a", "b");
    assertThat(table.transactCalls).isEqualTo(3);
  }

  @Test
  void aTransactionRefusedAsInvalidIsNotRetried() {
    ScriptedTable table = new ScriptedTable();
    table.conflictRounds = 100;
    table.conflictReason = Limits.VALIDATION_ERROR;
    assertThatThrownBy(() -> repository(table).follow("a", "b"))
        .isInstanceOf(io.quickphotos.InvalidInputException.class);
    assertThat(table.transactCalls).isEqualTo(1);
  }

  @Test
  void anUnknownCancellationReasonIsATypedErrorAndNotRetried() {
    ScriptedTable table = new ScriptedTable();
    table.conflictRounds = 100;
    table.conflictReason = "ItemCollectionSizeLimitExceeded";
    assertThatThrownBy(() -> repository(table).follow("a", "b"))
        .isExactlyInstanceOf(io.quickphotos.QuickPhotosException.class)
        .hasMessageContaining("ItemCollectionSizeLimitExceeded");
    assertThat(table.transactCalls).isEqualTo(1);
  }

  @Test
  void aThrowingCostListenerNeverMasksTheOutcome() {
    ScriptedTable table = new ScriptedTable();
    SingleTableQuickPhotos repository =
        repository(
            table,
            cost -> {
              throw new IllegalStateException("listener bug");
            });
    assertThat(repository.follow("a", "b").followed()).isEqualTo("b");
    table.conflictRounds = 100;
    table.conflictReason = Limits.VALIDATION_ERROR;
    assertThatThrownBy(() -> repository.follow("a", "b"))
        .isInstanceOf(io.quickphotos.InvalidInputException.class);
  }
}
