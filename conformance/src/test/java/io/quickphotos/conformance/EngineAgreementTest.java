package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.memory.internal.MemoryTable;
import io.quickphotos.internal.singletable.Capacity;
import io.quickphotos.internal.singletable.Index;
import io.quickphotos.internal.singletable.Item;
import io.quickphotos.internal.singletable.ItemCondition;
import io.quickphotos.internal.singletable.Key;
import io.quickphotos.internal.singletable.QueryPlan;
import io.quickphotos.internal.singletable.QueryResult;
import io.quickphotos.internal.singletable.SortKeyCondition;
import io.quickphotos.internal.singletable.SortKeyCondition.Operator;
import io.quickphotos.internal.singletable.Table;
import io.quickphotos.internal.singletable.Utf8;
import io.quickphotos.internal.singletable.WriteAction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Engine-level agreement: random items with adversarial keys written (one PutItem each, or
 * BatchWriteItem in 25s) to the memory engine and to the DynamoDB engine on DynamoDB Local, then random queries — every sort-key operator, bounds
 * from the data or not, both directions, both indexes, small limits, large items that force the
 * 1 MB cut — each paged to the end. Both engines must return the same items in the same order,
 * the same page boundaries and last evaluated keys, the same capacity (but for the deviation
 * named in {@link LocalDeviations}), and fail alike on invalid requests. The concatenated pages
 * must also equal an independent oracle: the matching items sorted by code point.
 *
 * <p>Each try runs two queries, so the default 500 tries check 1,000 query cases.
 */
class EngineAgreementTest {
  private static final AtomicLong TRIES = new AtomicLong();
  private static final String DATA = "data";
  private static final int MAX_PAGES = 10_000;

  /**
   * Key fragments chosen to break naive orderings: {@code #} and {@code $} (the layout's
   * separators), {@code a} vs {@code A}, characters in U+E000–U+FFFF, supplementary characters
   * (which Java's {@code String.compareTo} orders before U+E000–U+FFFF and DynamoDB after), and
   * shared prefixes.
   */
  private static final List<String> FRAGMENTS = List.of("a", "A", "b", "ab", "a#", "#", "$", "~",
      "0", "é", "\uFF61", "\uE000", "\uFFFF", "\uD801\uDC00", "\uD83D\uDE00");

  /** One generated try: key pools, items over them, and queries. */
  record EngineCase(List<String> partitionKeys, List<String> sortKeys, List<ItemSpec> items,
      List<QuerySpec> queries, boolean batched) {
  }

  /** An item at pool positions, with a payload of some bytes. */
  record ItemSpec(int pk, int sk, int payloadBytes) {
  }

  /** A query: which index, which partition of the pool, which condition, how to read. */
  record QuerySpec(Index index, int partition, Optional<CondSpec> condition, boolean forward,
      int limit, boolean consistent) {
  }

  /** A sort-key condition with operands as key suffixes (the try's prefix is added later). */
  record CondSpec(Operator operator, String value, String upper) {
  }

  @Property
  void bothEnginesPageTheSameWay(@ForAll("cases") EngineCase generated) {
    String prefix = "t" + TRIES.incrementAndGet() + "|";
    Table memory = new MemoryTable();
    Table dynamo = SharedDynamoDbLocal.engine();
    Map<Key, Item> stored = new LinkedHashMap<>();
    for (ItemSpec spec : generated.items()) {
      Item item = item(prefix, generated, spec);
      stored.remove(item.key());
      stored.put(item.key(), item);
    }
    if (generated.batched()) {
      // BatchWriteItem in chunks of 25 distinct keys (the last write of a key wins).
      List<Item> items = new ArrayList<>(stored.values());
      for (int from = 0; from < items.size(); from += 25) {
        List<Item> chunk = items.subList(from, Math.min(items.size(), from + 25));
        Outcome<Table.BatchWrite> inMemory = Outcome.of(() -> memory.batchWriteItem(chunk));
        Outcome<Table.BatchWrite> onDynamo = Outcome.of(() -> dynamo.batchWriteItem(chunk));
        assertThat(onDynamo.error()).as("batch write: %s vs %s", onDynamo, inMemory)
            .isEqualTo(inMemory.error());
        assertThat(onDynamo.value()).as("batch write result").isEqualTo(inMemory.value());
      }
    } else {
      for (ItemSpec spec : generated.items()) {
        Item item = item(prefix, generated, spec);
        Outcome<Capacity> inMemory = Outcome.of(() -> memory.write(put(item)).consumed());
        Outcome<Capacity> onDynamo = Outcome.of(() -> dynamo.write(put(item)).consumed());
        assertThat(onDynamo.error()).as("put %s: %s vs %s", item.key(), onDynamo, inMemory)
            .isEqualTo(inMemory.error());
        assertThat(onDynamo.value()).as("capacity of put %s", item.key())
            .isEqualTo(inMemory.value());
      }
    }
    for (QuerySpec spec : generated.queries()) {
      QueryPlan plan = plan(prefix, generated, spec);
      List<QueryResult> memoryPages = pages(memory, plan);
      List<QueryResult> dynamoPages = pages(dynamo, plan);
      if (memoryPages == null || dynamoPages == null) {
        Outcome<QueryResult> inMemory = Outcome.of(() -> memory.query(plan));
        Outcome<QueryResult> onDynamo = Outcome.of(() -> dynamo.query(plan));
        assertThat(inMemory.failed() && onDynamo.failed()).as("%s fails on both engines: "
            + "memory %s, dynamo %s", plan, inMemory, onDynamo).isTrue();
        assertThat(onDynamo.error()).as("error of %s", plan).isEqualTo(inMemory.error());
        Statistics.label("query").collect("invalid request");
        continue;
      }
      assertThat(describe(dynamoPages)).as("pages of %s", plan).isEqualTo(describe(memoryPages));
      for (int i = 0; i < memoryPages.size(); i++) {
        QueryResult m = memoryPages.get(i);
        QueryResult d = dynamoPages.get(i);
        assertThat(keys(d)).as("keys of page %d of %s", i, plan).isEqualTo(keys(m));
        assertThat(d.items().equals(m.items())).as("items of page %d of %s", i, plan).isTrue();
        assertThat(d.lastEvaluatedKey()).as("last key of page %d of %s", i, plan)
            .isEqualTo(m.lastEvaluatedKey());
        assertThat(d.consumed()).as("capacity of page %d of %s", i, plan)
            .isEqualTo(LocalDeviations.queryCapacityOnLocal(m));
      }
      List<Item> all = memoryPages.stream().flatMap(p -> p.items().stream()).toList();
      List<Item> expected = oracle(stored.values(), plan);
      assertThat(all.stream().map(Item::key).toList()).as("oracle for %s", plan)
          .isEqualTo(expected.stream().map(Item::key).toList());
      assertThat(all.equals(expected)).as("oracle items for %s", plan).isTrue();
      Statistics.label("query").collect(memoryPages.size() > 1 ? "several pages" : "one page");
      Statistics.label("cut").collect(cutByOneMegabyte(memoryPages, plan) ? "1 MB cut" : "no cut");
    }
  }

  private static List<Key> keys(QueryResult page) {
    return page.items().stream().map(Item::key).toList();
  }

  /** Pages as keys and last evaluated keys: readable even when items are large. */
  private static List<String> describe(List<QueryResult> pages) {
    return pages.stream().map(p -> keys(p) + " -> " + p.lastEvaluatedKey()).toList();
  }

  private static WriteAction put(Item item) {
    return new WriteAction.Put(item, ItemCondition.NONE);
  }

  /** Every page of a query, or null if the first request is invalid. */
  private static List<QueryResult> pages(Table table, QueryPlan plan) {
    List<QueryResult> pages = new ArrayList<>();
    QueryPlan next = plan;
    try {
      while (pages.size() < MAX_PAGES) {
        QueryResult page = table.query(next);
        pages.add(page);
        if (page.lastEvaluatedKey().isEmpty()) {
          return pages;
        }
        next = plan.startingAfter(page.lastEvaluatedKey().get());
      }
    } catch (io.quickphotos.internal.singletable.TableRequestRefusedException e) {
      if (pages.isEmpty()) {
        return null;
      }
      throw e;
    }
    throw new AssertionError("more than " + MAX_PAGES + " pages for " + plan);
  }

  private static boolean cutByOneMegabyte(List<QueryResult> pages, QueryPlan plan) {
    return pages.stream().anyMatch(p -> p.lastEvaluatedKey().isPresent()
        && p.items().size() < plan.limit());
  }

  /** The matching items of the plan's partition in the plan's order, computed independently. */
  private static List<Item> oracle(java.util.Collection<Item> items, QueryPlan plan) {
    Index index = plan.index();
    Comparator<Item> order = Comparator.comparing(i -> i.key().sortOn(index), Utf8::compare);
    return items.stream()
        .filter(i -> i.key().partitionOn(index).equals(plan.partitionValue()))
        .filter(i -> plan.sortCondition().map(c -> c.matches(i.key().sortOn(index)))
            .orElse(true))
        .sorted(plan.forward() ? order : order.reversed())
        .toList();
  }

  private static Item item(String prefix, EngineCase c, ItemSpec spec) {
    Item.Builder item = Item.builder(new Key(prefix + c.partitionKeys().get(spec.pk()),
        prefix + c.sortKeys().get(spec.sk())));
    if (spec.payloadBytes() > 0) {
      item.put(DATA, "x".repeat(spec.payloadBytes()));
    }
    return item.build();
  }

  private static QueryPlan plan(String prefix, EngineCase c, QuerySpec spec) {
    List<String> partitions = spec.index() == Index.TABLE ? c.partitionKeys() : c.sortKeys();
    Optional<SortKeyCondition> condition = spec.condition().map(cond ->
        new SortKeyCondition(cond.operator(), prefix + cond.value(),
            cond.upper() == null ? null : prefix + cond.upper()));
    return new QueryPlan(spec.index(), prefix + partitions.get(spec.partition()), condition,
        spec.forward(), spec.limit(), Optional.empty(), spec.consistent());
  }

  // --- generators ----------------------------------------------------------------------------

  /** Key suffixes: mostly short adversarial strings, sometimes near the 1,024-byte limit. */
  static Arbitrary<String> keySuffixes() {
    Arbitrary<String> shortKeys = Arbitraries.of(FRAGMENTS).list().ofMinSize(1).ofMaxSize(6)
        .map(parts -> String.join("", parts));
    Arbitrary<String> longKeys = Combinators.combine(Arbitraries.integers().between(900, 980),
        shortKeys).as((n, tail) -> "z".repeat(n) + tail);
    return Arbitraries.frequencyOf(Tuple.of(19, shortKeys), Tuple.of(1, longKeys));
  }

  @Provide
  Arbitrary<EngineCase> cases() {
    return Arbitraries.frequencyOf(Tuple.of(11, smallItemCases()), Tuple.of(1, largeItemCases()));
  }

  /** Dense partitions of small items, so that conditions, limits and paging all bite. */
  private static Arbitrary<EngineCase> smallItemCases() {
    Arbitrary<List<String>> pks = keySuffixes().list().uniqueElements().ofMinSize(1).ofMaxSize(2);
    Arbitrary<List<String>> sks = keySuffixes().list().uniqueElements().ofMinSize(1).ofMaxSize(10);
    return Combinators.combine(pks, sks).flatAs((p, s) -> {
      Arbitrary<ItemSpec> item = Combinators.combine(Arbitraries.integers().between(0,
          p.size() - 1), Arbitraries.integers().between(0, s.size() - 1),
          Arbitraries.integers().between(0, 300)).as(ItemSpec::new);
      Arbitrary<List<QuerySpec>> queries = queries(p, s, false).list().ofSize(2);
      return Combinators.combine(item.list().ofMaxSize(24), queries, Arbitraries.of(true, false))
          .as((i, q, batched) -> new EngineCase(p, s, i, q, batched));
    });
  }

  /**
   * Three to eight items of 200–380 KB in one partition: more than 1 MB, so an unlimited query
   * must stop at the 1 MB cut and page on.
   */
  private static Arbitrary<EngineCase> largeItemCases() {
    Arbitrary<List<String>> pks = keySuffixes().list().ofSize(1);
    Arbitrary<List<String>> sks = keySuffixes().list().uniqueElements().ofMinSize(3).ofMaxSize(8);
    return Combinators.combine(pks, sks).flatAs((p, s) -> {
      Arbitrary<List<Integer>> payloads = Arbitraries.integers().between(200_000, 380_000)
          .list().ofSize(s.size());
      Arbitrary<List<QuerySpec>> queries = queries(p, s, true).list().ofSize(2);
      return Combinators.combine(payloads, queries, Arbitraries.of(true, false))
          .as((sizes, q, batched) -> {
        List<ItemSpec> items = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
          items.add(new ItemSpec(0, i, sizes.get(i)));
        }
        return new EngineCase(p, s, items, q, batched);
      });
    });
  }

  private static Arbitrary<QuerySpec> queries(List<String> pks, List<String> sks,
      boolean unlimited) {
    return Arbitraries.of(Index.class).flatMap(index -> {
      List<String> partitions = index == Index.TABLE ? pks : sks;
      List<String> sortValues = index == Index.TABLE ? sks : pks;
      Arbitrary<String> operand = Arbitraries.oneOf(Arbitraries.of(sortValues),
          Arbitraries.of(sortValues).flatMap(EngineAgreementTest::codePointPrefixes),
          keySuffixes());
      Arbitrary<CondSpec> condition = Arbitraries.of(Operator.class).flatMap(op ->
          op == Operator.BETWEEN
              ? Combinators.combine(operand, operand).as((a, b) -> new CondSpec(op, a, b))
              : operand.map(v -> new CondSpec(op, v, null)));
      // Over large items, mostly read whole partitions so that pages reach 1 MB.
      Arbitrary<Optional<CondSpec>> maybeCondition = Arbitraries.frequencyOf(
          Tuple.of(unlimited ? 4 : 2, Arbitraries.just(Optional.<CondSpec>empty())),
          Tuple.of(unlimited ? 1 : 3, condition.map(Optional::of)));
      Arbitrary<Integer> limit = unlimited ? Arbitraries.just(100) : Arbitraries.frequencyOf(
          Tuple.of(3, Arbitraries.integers().between(1, 4)), Tuple.of(1, Arbitraries.just(100)));
      // A strongly consistent read of a global secondary index is invalid: both must refuse it.
      Arbitrary<Boolean> consistent = index == Index.TABLE ? Arbitraries.of(true, false)
          : Arbitraries.frequency(Tuple.of(9, false), Tuple.of(1, true));
      return Combinators.combine(Arbitraries.integers().between(0, partitions.size() - 1),
          maybeCondition, Arbitraries.of(true, false), limit, consistent)
          .as((partition, cond, forward, max, strong) ->
              new QuerySpec(index, partition, cond, forward, max, strong));
    });
  }

  /** Non-empty prefixes of {@code s} that never split a surrogate pair. */
  private static Arbitrary<String> codePointPrefixes(String s) {
    int codePoints = s.codePointCount(0, s.length());
    return Arbitraries.integers().between(1, codePoints)
        .map(n -> s.substring(0, s.offsetByCodePoints(0, n)));
  }
}
