package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link SortedStore} holds a partition as one item, as a run of arrays or as a tree, by size;
 * whatever the form, it reads as a sorted map does. Each case grows and shrinks one partition
 * across the thresholds ({@value SortedStore#MAX_RUN} and {@value SortedStore#MIN_TREE} items)
 * and compares every get and range read with a {@link TreeMap} in DynamoDB's order.
 */
class SortedStoreModelTest {
  private static final String PARTITION = "P";

  /** Sort keys from a small alphabet, so that puts replace and removes hit; some outside BMP. */
  private static final Gen<String> KEYS =
      Gen.of("a", "b", "k", "z", "\uE000", "\uD800\uDC00")
          .list(1, 3)
          .map(parts -> String.join("", parts));

  /** One step: a put, a remove, or a read of a random range in a random direction. */
  record Step(int kind, String key, Operator operator, String upper, boolean forward) {}

  private static final Gen<Step> STEPS =
      c ->
          new Step(
              Gen.frequency(
                      Gen.weighted(5, Gen.constant(0)),
                      Gen.weighted(3, Gen.constant(1)),
                      Gen.weighted(2, Gen.constant(2)))
                  .generate(c),
              KEYS.generate(c),
              Gen.of(Operator.class).generate(c),
              KEYS.generate(c),
              Gen.booleans().generate(c));

  @Test
  void everyFormReadsAsASortedMap() {
    Property.named("SortedStoreModelTest.everyFormReadsAsASortedMap")
        .cases(60)
        .check(
            STEPS.list(50, 600),
            steps -> {
              SortedStore store = new SortedStore(Item.PK, Item.SK);
              TreeMap<String, Item> model = new TreeMap<>(SortedStore.ORDER);
              for (Step step : steps) {
                apply(store, model, step);
              }
            });
  }

  @Test
  void aPartitionGrowsPastEveryThresholdAndShrinksToNothing() {
    SortedStore store = new SortedStore(Item.PK, Item.SK);
    TreeMap<String, Item> model = new TreeMap<>(SortedStore.ORDER);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 3 * SortedStore.MAX_RUN; i++) {
      // Interleaved, so that inserts land at the front, the back and the middle.
      keys.add(String.format("k%03d", (i * 37) % (3 * SortedStore.MAX_RUN)));
    }
    for (String key : keys) {
      apply(store, model, new Step(0, key, Operator.EQ, key, true));
      checkAll(store, model);
    }
    for (String key : keys) {
      apply(store, model, new Step(1, key, Operator.EQ, key, true));
      checkAll(store, model);
    }
    assertThat(store.get(PARTITION, "k000")).isNull();
    assertThat(store.partitionValue(store.locate(PARTITION))).isNull();
  }

  /**
   * Whatever string the caller names an item's key with, the store keeps the item's own strings
   * as its keys (which the engine shares between items), never a second, equal copy: in every
   * form, for new items and for replacements.
   */
  @Test
  void theStoreHoldsTheItemsOwnKeyStrings() {
    SortedStore store = new SortedStore(Item.PK, Item.SK);
    List<Item> items = new ArrayList<>();
    String firstPk = null;
    for (int i = 0; i < 2 * SortedStore.MAX_RUN; i++) {
      String sort = String.format("s%03d", i);
      Item item = Fixtures.item(new String(PARTITION), new String(sort));
      // Found and written through a slot and a key of equal but other strings.
      store.replace(store.locate(PARTITION), PARTITION, new String(sort), item);
      items.add(item);
      if (firstPk == null) {
        firstPk = item.string(Item.PK);
      }
      Item replacement = Fixtures.item(new String(PARTITION), new String(sort));
      store.replace(store.locate(PARTITION), PARTITION, new String(sort), replacement);
      items.set(i, replacement);
      for (Item held : List.of(items.get(0), items.get(i / 2), replacement)) {
        String sk = held.string(Item.SK);
        assertThat(store.heldSortKey(PARTITION, sk)).isSameAs(sk);
      }
    }
    // The partition is keyed by its first item's string; the engine makes later items share it.
    assertThat(store.partitionValue(store.locate(PARTITION))).isSameAs(firstPk);
  }

  /**
   * Many partitions in the open-addressing table: adding and removing whole partitions (which
   * shifts entries back along their probe sequences) loses none and finds each where it is.
   */
  @Test
  void thePartitionTableFindsEveryPartitionAfterAddsAndRemoves() {
    Property.named("SortedStoreModelTest.thePartitionTableFindsEveryPartitionAfterAddsAndRemoves")
        .cases(40)
        .check(
            Gen.integers(0, 400).list(100, 3000),
            steps -> {
              SortedStore store = new SortedStore(Item.PK, Item.SK);
              java.util.Map<String, Item> model = new java.util.HashMap<>();
              for (int step : steps) {
                // Numbers below 200 add a partition, the rest remove one: both hit often.
                String partition = "P" + (step % 200);
                if (step < 200) {
                  Item item = Fixtures.item(partition, "s");
                  store.put(item);
                  model.put(partition, item);
                } else {
                  store.remove(partition, "s");
                  model.remove(partition);
                }
              }
              for (int i = 0; i < 200; i++) {
                String partition = "P" + i;
                assertThat(store.get(partition, "s")).isSameAs(model.get(partition));
                assertThat(store.locate(partition) >= 0).isEqualTo(model.containsKey(partition));
              }
              assertThat(store.segment(0, 1, null, null, 1000))
                  .containsExactlyInAnyOrderElementsOf(model.values());
            });
  }

  private static void apply(SortedStore store, TreeMap<String, Item> model, Step step) {
    switch (step.kind()) {
      case 0 -> {
        Item item = Fixtures.item(PARTITION, step.key());
        store.put(item);
        model.put(step.key(), item);
      }
      case 1 -> {
        store.remove(PARTITION, step.key());
        model.remove(step.key());
      }
      default -> {
        SortKeyCondition condition = condition(step);
        List<String> expected = expected(model, condition, step.forward(), null);
        assertThat(read(store, condition, step.forward(), null)).isEqualTo(expected);
        // Resume after the first, a middle and the last item read, as a page boundary would.
        List<String> starts =
            expected.isEmpty()
                ? List.of()
                : List.of(
                    expected.get(0),
                    expected.get(expected.size() / 2),
                    expected.get(expected.size() - 1));
        for (String start : starts) {
          assertThat(read(store, condition, step.forward(), start))
              .isEqualTo(expected(model, condition, step.forward(), start));
        }
      }
    }
    assertThat(store.get(PARTITION, step.key())).isSameAs(model.get(step.key()));
    assertThat(store.partitionValue(store.locate(PARTITION)))
        .isEqualTo(model.isEmpty() ? null : PARTITION);
  }

  private static void checkAll(SortedStore store, TreeMap<String, Item> model) {
    assertThat(read(store, null, true, null)).containsExactlyElementsOf(model.keySet());
    assertThat(read(store, null, false, null)).containsExactlyElementsOf(model.descendingKeySet());
    for (String key : model.keySet()) {
      assertThat(store.get(PARTITION, key)).isSameAs(model.get(key));
    }
  }

  private static SortKeyCondition condition(Step step) {
    String v = step.key();
    return switch (step.operator()) {
      case EQ -> SortKeyCondition.equalTo(v);
      case BEGINS_WITH -> SortKeyCondition.beginsWith(v);
      case BETWEEN ->
          SortedStore.ORDER.compare(v, step.upper()) <= 0
              ? SortKeyCondition.between(v, step.upper())
              : SortKeyCondition.between(step.upper(), v);
      default -> SortKeyCondition.compare(step.operator(), v);
    };
  }

  private static List<String> read(
      SortedStore store, SortKeyCondition condition, boolean forward, String start) {
    List<String> keys = new ArrayList<>();
    SortedStore.Cursor cursor = store.range(PARTITION, condition, forward, start);
    for (Item item = cursor.next(); item != null; item = cursor.next()) {
      keys.add(item.string(Item.SK));
    }
    return keys;
  }

  /** The model's answer: every matching key, in read order, after the start. */
  private static List<String> expected(
      TreeMap<String, Item> model, SortKeyCondition condition, boolean forward, String start) {
    NavigableMap<String, Item> ordered = forward ? model : model.descendingMap();
    List<String> keys = new ArrayList<>();
    boolean started = start == null;
    for (String key : ordered.keySet()) {
      if (!started) {
        started = key.equals(start);
        continue;
      }
      if (condition == null || condition.matches(key)) {
        keys.add(key);
      }
    }
    return keys;
  }
}
