package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The index that trails the table: what a Query of it sees, and when the changes land. */
class IndexLagTest {
  private final MemoryTable table = new MemoryTable();

  @Test
  void aTableThatNeverLaggedUpdatesItsIndexWithTheWrite() {
    put("ann", "x", "1");
    assertThat(versionsOnIndex("x")).containsExactly("1");
    assertThat(table.indexMayLag()).isFalse();
  }

  @Test
  void aWritesIndexChangeLandsTheGivenNumberOfRequestsLater() {
    table.indexLag(3);
    assertThat(table.indexMayLag()).isTrue();
    put("ann", "x", "1"); // request 1: lands at 4
    assertThat(versionsOnIndex("x")).isEmpty(); // request 2
    // The table itself is never behind.
    assertThat(table.getItem(new Key("ann", "x")).item()).isPresent(); // request 3
    assertThat(versionsOnIndex("x")).containsExactly("1"); // request 4
  }

  @Test
  void theIndexGoesThroughTheItemsStatesInOrderAndSeesADeleteLate() {
    table.indexLag(2);
    put("ann", "x", "1"); // 1, lands at 3
    put("ann", "x", "2"); // 2, lands at 4
    assertThat(versionsOnIndex("x")).containsExactly("1"); // 3
    assertThat(versionsOnIndex("x")).containsExactly("2"); // 4
    table.write(new WriteAction.Delete(new Key("ann", "x"), ItemCondition.NONE)); // 5, lands at 7
    assertThat(versionsOnIndex("x")).containsExactly("2"); // 6
    assertThat(versionsOnIndex("x")).isEmpty(); // 7
  }

  @Test
  void aLagSetLaterNeverLetsAChangeOvertakeOneMadeBefore() {
    table.indexLag(5);
    put("ann", "x", "1"); // lands at 6
    table.indexLag(0);
    put("bob", "x", "2"); // at once, were it not behind the first
    assertThat(versionsOnIndex("x")).isEmpty();
    table.catchUpIndex();
    assertThat(versionsOnIndex("x")).containsExactly("1", "2");
  }

  @Test
  void oneWriteCanLagOnItsOwn() {
    String answer =
        IndexLag.during(
            2,
            () -> {
              put("ann", "x", "1");
              return "done";
            });
    assertThat(answer).isEqualTo("done");
    assertThat(table.indexMayLag()).isTrue();
    assertThat(versionsOnIndex("x")).isEmpty();
    assertThat(versionsOnIndex("x")).containsExactly("1");
    put("bob", "x", "2");
    assertThat(versionsOnIndex("x")).containsExactly("1", "2");
  }

  @Test
  void transactionsAndBatchesLagAlike() {
    table.indexLag(1_000);
    table.transactWrite(
        List.of(
            new WriteAction.Put(item("ann", "x", "1"), ItemCondition.NONE),
            new WriteAction.Put(item("bob", "x", "1"), ItemCondition.NONE)));
    table.batchWriteItem(List.of(item("cat", "x", "1")));
    assertThat(versionsOnIndex("x")).isEmpty();
    table.catchUpIndex();
    assertThat(versionsOnIndex("x")).hasSize(3);
  }

  @Test
  void aNegativeLagIsRefused() {
    assertThatThrownBy(() -> table.indexLag(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  private void put(String pk, String sk, String version) {
    table.write(new WriteAction.Put(item(pk, sk, version), ItemCondition.NONE));
  }

  private static Item item(String pk, String sk, String version) {
    return Item.builder(new Key(pk, sk)).put("version", version).build();
  }

  /** The versions the index holds under one of its partitions, in index order. */
  private List<String> versionsOnIndex(String sk) {
    return table
        .query(
            new QueryPlan(Index.INVERTED, sk, Optional.empty(), true, 100, Optional.empty(), false))
        .items()
        .stream()
        .map(item -> item.stringOrNull("version"))
        .toList();
  }
}
