package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** TransactGetItems on the memory engine: DynamoDB's limits and capacity (as Local reports). */
class TransactGetTest {
  private final MemoryTable table = new MemoryTable();

  private static Item sized(String pk, String sk, int size) {
    int keys = "PK".length() + pk.length() + "SK".length() + sk.length() + "data".length();
    return Item.builder(new Key(pk, sk)).put("data", "x".repeat(size - keys)).build();
  }

  @Test
  void readsEachItemTransactionallyRoundedOnItsOwnInTheKeysOrder() {
    table.write(new WriteAction.Put(sized("T", "small", 100), ItemCondition.NONE));
    table.write(new WriteAction.Put(sized("T", "4097", 4097), ItemCondition.NONE));
    var read =
        table.transactGetItems(
            List.of(new Key("T", "missing"), new Key("T", "4097"), new Key("T", "small")));
    assertThat(read.items())
        .extracting(item -> item.map(Item::key).map(Key::sk))
        .containsExactly(Optional.empty(), Optional.of("4097"), Optional.of("small"));
    assertThat(read.consumed()).isEqualTo(new Capacity(8, 0));
  }

  @Test
  void refusesWhatDynamoDbRefuses() {
    assertThatThrownBy(() -> table.transactGetItems(List.of()))
        .isInstanceOf(TableRequestRefusedException.class);
    List<Key> many = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      many.add(new Key("T", "k" + i));
    }
    assertThatThrownBy(() -> table.transactGetItems(many))
        .isInstanceOf(TableRequestRefusedException.class);
    assertThatThrownBy(() -> table.transactGetItems(List.of(new Key("T", "a"), new Key("T", "a"))))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("multiple operations on one item");
  }
}
