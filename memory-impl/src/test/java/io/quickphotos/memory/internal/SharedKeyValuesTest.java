package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.put;
import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Items of one partition share their partition key's value (table: {@code PK}; index:
 * {@code SK}) instead of each holding a copy, and still read as the items written.
 */
class SharedKeyValuesTest {
  private final MemoryTable table = new MemoryTable();

  /** A new string each time, as items decoded or built one by one have. */
  private static Item item(String pk, String sk) {
    return Item.builder(new Key(new String(pk), new String(sk))).put("n", 1).build();
  }

  /** The stored object behind a string attribute, to compare by identity. */
  private String stored(Key key, String attribute) {
    return table.getItem(key).item().orElseThrow().string(attribute);
  }

  @Test
  void itemsOfOneTablePartitionShareTheirPkValue() {
    Item profile = put(table, item("USER#ann", "#METADATA#ann"));
    Item photo = put(table, item("USER#ann", "PHOTO#ann#1"));

    assertThat(table.getItem(photo.key()).item()).contains(photo);
    assertThat(stored(photo.key(), Item.PK)).isSameAs(stored(profile.key(), Item.PK));
  }

  @Test
  void itemsOfOneIndexPartitionShareTheirSkValue() {
    Item photo = put(table, item("USER#ann", "PHOTO#ann#1"));
    Item reaction = put(table, item("REACTION#bob#heart", "PHOTO#ann#1"));

    assertThat(table.getItem(reaction.key()).item()).contains(reaction);
    assertThat(stored(reaction.key(), Item.SK)).isSameAs(stored(photo.key(), Item.SK));
  }

  @Test
  void sharingSurvivesUpdatesReplacementsAndTheFirstItemsDeletion() {
    Item first = put(table, item("USER#ann", "a"));
    Item second = put(table, item("USER#ann", "b"));
    table.write(
        new WriteAction.Update(
            second.key(),
            List.of(new UpdateAction.Add(AttributePath.of("n"), 1)),
            ItemCondition.EXISTS));
    table.write(new WriteAction.Delete(first.key(), ItemCondition.EXISTS));
    Item third = put(table, item("USER#ann", "c"));

    assertThat(table.getItem(key("USER#ann", "b")).item().orElseThrow().get("n"))
        .contains(Value.Num.of(2));
    assertThat(stored(third.key(), Item.PK)).isSameAs(stored(second.key(), Item.PK));
    assertThat(table.getItem(first.key()).item()).isEmpty();
    assertThat(table.getItem(third.key()).item()).contains(third);
  }
}
