package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.internal.MemoryTable;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Engine-level agreement: random items with adversarial keys written (one PutItem each, or
 * BatchWriteItem in 25s) to the memory engine and to the DynamoDB engine on DynamoDB Local, then random queries — every sort-key operator, bounds
 * from the data or not, both directions, both indexes, small limits, large items that force the
 * 1 MB cut — each paged to the end. Both engines must return the same items in the same order,
 * the same page boundaries and last evaluated keys, the same capacity (but for the deviation
 * named in {@link LocalDeviations}), and fail alike on invalid requests. The concatenated pages
 * must also equal an independent oracle: the matching items sorted by code point.
 *
 * <p>Each case runs two queries, so the default 500 cases check 1,000 query cases; the run also
 * checks that the cases reached what they are meant to reach (several pages, the 1 MB cut, a
 * refused request, every operator on both indexes).
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
  private static final List<String> FRAGMENTS =
      List.of(
          "a",
          "A",
          "b",
          "ab",
          "a#",
          "#",
          "$",
          "~",
          "0",
          "é",
          "\uFF61",
          "\uE000",
          "\uFFFF",
          "\uD801\uDC00",
          "\uD83D\uDE00");

  /** One generated try: key pools, items over them, and queries. */
  record EngineCase(
      List<String> partitionKeys,
      List<String> sortKeys,
      List<ItemSpec> items,
      List<QuerySpec> queries,
      boolean batched) {}

  /** An item at pool positions, with a payload of some bytes. */
  record ItemSpec(int pk, int sk, int payloadBytes) {}

  /** A query: which index, which partition of the pool, which condition, how to read. */
  record QuerySpec(
      Index index,
      int partition,
      Optional<CondSpec> condition,
      boolean forward,
      int limit,
      boolean consistent) {}

  /** A sort-key condition with operands as key suffixes (the try's prefix is added later). */
  record CondSpec(Operator operator, String value, String upper) {}

  /** How often each kind of query was seen: what the generators reached. */
  private final Map<String, AtomicLong> reached = new ConcurrentHashMap<>();

  @Test
  void bothEnginesPageTheSameWay() {
    int cases =
        Property.named("EngineAgreementTest.bothEnginesPageTheSameWay")
            .cases(500)
            .check(cases(), this::agree);
    if (cases >= 200) {
      List<String> expected =
          new ArrayList<>(
              List.of(
                  "several pages",
                  "one page",
                  "1 MB cut",
                  "invalid request",
                  "batched",
                  "put one by one"));
      for (Index index : Index.values()) {
        for (Operator operator : Operator.values()) {
          expected.add(index + " " + operator);
        }
      }
      assertThat(reached.keySet())
          .as("what %d cases reached: %s", cases, reached)
          .containsAll(expected);
    }
  }

  private void collect(String label) {
    reached.computeIfAbsent(label, l -> new AtomicLong()).incrementAndGet();
  }

  private void agree(EngineCase generated) {
    String prefix = "t" + TRIES.incrementAndGet() + "|";
    Table memory = new MemoryTable();
    Table dynamo = SharedDynamoDbLocal.engine();
    Map<Key, Item> stored = new LinkedHashMap<>();
    for (ItemSpec spec : generated.items()) {
      Item item = item(prefix, generated, spec);
      stored.remove(item.key());
      stored.put(item.key(), item);
    }
    collect(generated.batched() ? "batched" : "put one by one");
    if (generated.batched()) {
      // BatchWriteItem in chunks of 25 distinct keys (the last write of a key wins).
      List<Item> items = new ArrayList<>(stored.values());
      for (int from = 0; from < items.size(); from += 25) {
        List<Item> chunk = items.subList(from, Math.min(items.size(), from + 25));
        Outcome<Table.BatchWrite> inMemory = Outcome.of(() -> memory.batchWriteItem(chunk));
        Outcome<Table.BatchWrite> onDynamo = Outcome.of(() -> dynamo.batchWriteItem(chunk));
        assertThat(onDynamo.error())
            .as("batch write: %s vs %s", onDynamo, inMemory)
            .isEqualTo(inMemory.error());
        assertThat(onDynamo.value()).as("batch write result").isEqualTo(inMemory.value());
      }
    } else {
      for (ItemSpec spec : generated.items()) {
        Item item = item(prefix, generated, spec);
        Outcome<Capacity> inMemory = Outcome.of(() -> memory.write(put(item)).consumed());
        Outcome<Capacity> onDynamo = Outcome.of(() -> dynamo.write(put(item)).consumed());
        assertThat(onDynamo.error())
            .as("put %s: %s vs %s", item.key(), onDynamo, inMemory)
            .isEqualTo(inMemory.error());
        assertThat(onDynamo.value())
            .as("capacity of put %s", item.key())
            .isEqualTo(inMemory.value());
      }
    }
    for (QuerySpec spec : generated.queries()) {
      QueryPlan plan = plan(prefix, generated, spec);
      plan.sortCondition().ifPresent(c -> collect(plan.index() + " " + c.operator()));
      List<QueryResult> memoryPages = pages(memory, plan);
      List<QueryResult> dynamoPages = pages(dynamo, plan);
      if (memoryPages == null || dynamoPages == null) {
        Outcome<QueryResult> inMemory = Outcome.of(() -> memory.query(plan));
        Outcome<QueryResult> onDynamo = Outcome.of(() -> dynamo.query(plan));
        assertThat(inMemory.failed() && onDynamo.failed())
            .as("%s fails on both engines: " + "memory %s, dynamo %s", plan, inMemory, onDynamo)
            .isTrue();
        assertThat(onDynamo.error()).as("error of %s", plan).isEqualTo(inMemory.error());
        collect("invalid request");
        continue;
      }
      assertThat(describe(dynamoPages)).as("pages of %s", plan).isEqualTo(describe(memoryPages));
      for (int i = 0; i < memoryPages.size(); i++) {
        QueryResult m = memoryPages.get(i);
        QueryResult d = dynamoPages.get(i);
        assertThat(keys(d)).as("keys of page %d of %s", i, plan).isEqualTo(keys(m));
        assertThat(d.items().equals(m.items())).as("items of page %d of %s", i, plan).isTrue();
        assertThat(d.lastEvaluatedKey())
            .as("last key of page %d of %s", i, plan)
            .isEqualTo(m.lastEvaluatedKey());
        assertThat(d.consumed())
            .as("capacity of page %d of %s", i, plan)
            .isEqualTo(LocalDeviations.queryCapacityOnLocal(m));
      }
      List<Item> all = memoryPages.stream().flatMap(p -> p.items().stream()).toList();
      List<Item> expected = oracle(stored.values(), plan);
      assertThat(all.stream().map(Item::key).toList())
          .as("oracle for %s", plan)
          .isEqualTo(expected.stream().map(Item::key).toList());
      assertThat(all.equals(expected)).as("oracle items for %s", plan).isTrue();
      collect(memoryPages.size() > 1 ? "several pages" : "one page");
      collect(cutByOneMegabyte(memoryPages, plan) ? "1 MB cut" : "no cut");
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
    } catch (io.quickphotos.engine.TableRequestRefusedException e) {
      if (pages.isEmpty()) {
        return null;
      }
      throw e;
    }
    throw new AssertionError("more than " + MAX_PAGES + " pages for " + plan);
  }

  private static boolean cutByOneMegabyte(List<QueryResult> pages, QueryPlan plan) {
    return pages.stream()
        .anyMatch(p -> p.lastEvaluatedKey().isPresent() && p.items().size() < plan.limit());
  }

  /** The matching items of the plan's partition in the plan's order, computed independently. */
  private static List<Item> oracle(java.util.Collection<Item> items, QueryPlan plan) {
    Index index = plan.index();
    Comparator<Item> order = Comparator.comparing(i -> i.key().sortOn(index), Utf8::compare);
    return items.stream()
        .filter(i -> i.key().partitionOn(index).equals(plan.partitionValue()))
        .filter(i -> plan.sortCondition().map(c -> c.matches(i.key().sortOn(index))).orElse(true))
        .sorted(plan.forward() ? order : order.reversed())
        .toList();
  }

  private static Item item(String prefix, EngineCase c, ItemSpec spec) {
    Item.Builder item =
        Item.builder(
            new Key(
                prefix + c.partitionKeys().get(spec.pk()), prefix + c.sortKeys().get(spec.sk())));
    if (spec.payloadBytes() > 0) {
      item.put(DATA, "x".repeat(spec.payloadBytes()));
    }
    return item.build();
  }

  private static QueryPlan plan(String prefix, EngineCase c, QuerySpec spec) {
    List<String> partitions = spec.index() == Index.TABLE ? c.partitionKeys() : c.sortKeys();
    Optional<SortKeyCondition> condition =
        spec.condition()
            .map(
                cond ->
                    new SortKeyCondition(
                        cond.operator(),
                        prefix + cond.value(),
                        cond.upper() == null ? null : prefix + cond.upper()));
    return new QueryPlan(
        spec.index(),
        prefix + partitions.get(spec.partition()),
        condition,
        spec.forward(),
        spec.limit(),
        Optional.empty(),
        spec.consistent());
  }

  // --- generators ----------------------------------------------------------------------------

  /** Key suffixes: mostly short adversarial strings, sometimes near the 1,024-byte limit. */
  static Gen<String> keySuffixes() {
    Gen<String> shortKeys = Gen.of(FRAGMENTS).list(1, 6).map(parts -> String.join("", parts));
    Gen<String> longKeys =
        c -> "z".repeat(Gen.integers(900, 980).generate(c)) + shortKeys.generate(c);
    return Gen.frequency(Gen.weighted(19, shortKeys), Gen.weighted(1, longKeys));
  }

  static Gen<EngineCase> cases() {
    return Gen.frequency(Gen.weighted(11, smallItemCases()), Gen.weighted(1, largeItemCases()));
  }

  /** Dense partitions of small items, so that conditions, limits and paging all bite. */
  private static Gen<EngineCase> smallItemCases() {
    return c -> {
      List<String> p = keySuffixes().uniqueList(1, 2).generate(c);
      List<String> s = keySuffixes().uniqueList(1, 10).generate(c);
      Gen<ItemSpec> item =
          d ->
              new ItemSpec(
                  Gen.integers(0, p.size() - 1).generate(d),
                  Gen.integers(0, s.size() - 1).generate(d),
                  Gen.integers(0, 300).generate(d));
      List<ItemSpec> items = item.list(0, 24).generate(c);
      List<QuerySpec> queries = queries(p, s, false).list(2).generate(c);
      return new EngineCase(p, s, items, queries, Gen.booleans().generate(c));
    };
  }

  /**
   * Three to eight items of 200–380 KB in one partition: more than 1 MB, so an unlimited query
   * must stop at the 1 MB cut and page on.
   */
  private static Gen<EngineCase> largeItemCases() {
    return c -> {
      List<String> p = keySuffixes().list(1).generate(c);
      List<String> s = keySuffixes().uniqueList(3, 8).generate(c);
      List<Integer> sizes = Gen.integers(200_000, 380_000).list(s.size()).generate(c);
      List<QuerySpec> queries = queries(p, s, true).list(2).generate(c);
      List<ItemSpec> items = new ArrayList<>();
      for (int i = 0; i < sizes.size(); i++) {
        items.add(new ItemSpec(0, i, sizes.get(i)));
      }
      return new EngineCase(p, s, items, queries, Gen.booleans().generate(c));
    };
  }

  private static Gen<QuerySpec> queries(List<String> pks, List<String> sks, boolean unlimited) {
    return c -> {
      Index index = Gen.of(Index.class).generate(c);
      List<String> partitions = index == Index.TABLE ? pks : sks;
      List<String> sortValues = index == Index.TABLE ? sks : pks;
      Gen<String> operand =
          Gen.oneOf(
              Gen.of(sortValues),
              Gen.of(sortValues).flatMap(EngineAgreementTest::codePointPrefixes),
              keySuffixes());
      Gen<CondSpec> condition =
          Gen.of(Operator.class)
              .flatMap(
                  op ->
                      op == Operator.BETWEEN
                          ? d -> new CondSpec(op, operand.generate(d), operand.generate(d))
                          : operand.map(v -> new CondSpec(op, v, null)));
      // Over large items, mostly read whole partitions so that pages reach 1 MB.
      Gen<Optional<CondSpec>> maybeCondition =
          Gen.frequency(
              Gen.weighted(unlimited ? 4 : 2, Gen.constant(Optional.<CondSpec>empty())),
              Gen.weighted(unlimited ? 1 : 3, condition.map(Optional::of)));
      Gen<Integer> limit =
          unlimited
              ? Gen.constant(100)
              : Gen.frequency(
                  Gen.weighted(3, Gen.integers(1, 4)), Gen.weighted(1, Gen.constant(100)));
      // A strongly consistent read of a global secondary index is invalid: both must refuse it.
      Gen<Boolean> consistent =
          index == Index.TABLE
              ? Gen.booleans()
              : Gen.frequency(
                  Gen.weighted(9, Gen.constant(false)), Gen.weighted(1, Gen.constant(true)));
      return new QuerySpec(
          index,
          Gen.integers(0, partitions.size() - 1).generate(c),
          maybeCondition.generate(c),
          Gen.booleans().generate(c),
          limit.generate(c),
          consistent.generate(c));
    };
  }

  /** Non-empty prefixes of {@code s} that never split a surrogate pair. */
  private static Gen<String> codePointPrefixes(String s) {
    int codePoints = s.codePointCount(0, s.length());
    return Gen.integers(1, codePoints).map(n -> s.substring(0, s.offsetByCodePoints(0, n)));
  }
}
