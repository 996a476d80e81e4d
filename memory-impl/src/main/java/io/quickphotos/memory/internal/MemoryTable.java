package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.internal.streams.ChangeLog;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The in-memory engine: the table {@code quick-photos} (string keys {@code PK}, {@code SK}) and
 * its global secondary index {@code InvertedIndex} ({@code SK}, {@code PK}, projection ALL), as
 * two sorted structures that execute the {@link Table} SPI with DynamoDB's semantics.
 *
 * <ul>
 *   <li><b>Order.</b> Within a partition, sort keys are ordered by unsigned UTF-8 bytes, which is
 *       Unicode code-point order ({@link io.quickphotos.engine.Utf8#compare}); Java's
 *       {@link String#compareTo} would disagree for supplementary characters.
 *   <li><b>Index.</b> Every write maintains the index in the same critical section, unless the
 *       index is set to lag ({@link #indexLag(int)}, a fault's {@code Fault.indexLag}): then its
 *       changes land some requests later, in order, as a global secondary index's do. The index is
 *       sparse: it holds exactly the items that have both of its key attributes as non-empty
 *       strings. In this table every stored item has both, so every item is indexed; the rule is
 *       kept so the engine stays right if that ever changes.
 *   <li><b>Validation.</b> A request DynamoDB would refuse throws
 *       {@link TableRequestRefusedException} with DynamoDB's message, before anything is written.
 *   <li><b>Capacity.</b> Every request reports the capacity DynamoDB would bill for it. A write
 *       whose condition fails throws and reports nothing, as DynamoDB's exception carries none.
 * </ul>
 *
 * <p><b>Thread-safety.</b> One {@code ReadMostlyLock} guards both structures: GetItem,
 * Query and BatchGetItem share the read lock and run concurrently, without writing to any memory
 * they share, so reads scale with cores; every single write and every
 * transaction holds the write lock from the first condition it evaluates to the last change it
 * makes, so it is atomic and isolated (serializable), and a reader sees the table and its index
 * agree. Stored items are immutable and returned as they are, without copying.
 *
 * <p><b>Layout of a stored item.</b> An item is one {@link Item} (24 bytes: its attribute names
 * in a sorted array, with a filter of them, shared by every item with the same names, its values
 * array, its DynamoDB size
 * computed once) and its values array (16 bytes plus 4 a value), which holds the values
 * unwrapped: a {@code String}, a canonical {@code BigDecimal} (0 to 10 shared), the
 * {@code Value} itself for a map (a photo's reaction counters) or list. Its {@code PK} string is
 * the very instance every item of its table partition holds, and its {@code SK} the one of its
 * index partition, so a partition value shared by many items (a user's profile, photos and
 * followers; a photo and its reactions) is held once. The table and the index each refer to the
 * item once more ({@code SortedStore}): a partition of one item is its slot in the partition
 * table (open addressing, two references a slot, at most two thirds full); a partition of 2 to
 * 64 items a run of two exact-size arrays, sort-key strings (the item's own) and items, searched
 * by bisection: 8 bytes an item and 56 a partition; a larger one a {@code TreeMap}.
 *
 * <p>Measured with {@code Footprint} (benchmarks module, the benchmark data set, {@code java
 * -Xms3g -Xmx3g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar
 * io.quickphotos.bench.footprint.Footprint 10000 100000 1000000}): <b>259 bytes an item at 10⁶ items, 1.34×
 * its DynamoDB size</b> (193.7 bytes), where a {@code TreeMap} per partition (40 bytes an entry,
 * 48 a map), a {@code HashMap} of partitions (a 32-byte node each) and a record beside each item
 * for its size took 363 bytes (1.87×). About half of what is left is the strings the items hold
 * (their characters and a 40-byte {@code String} and array header each), a fifth the
 * {@code Item}s and their values arrays, an eighth the runs.
 *
 * <p><b>A trade not taken: items encoded in bytes.</b> Encoding each item in one {@code byte[]}
 * (names by shape, strings as Latin-1 or UTF-8 bytes, numbers as longs) and decoding it on read
 * would save roughly another 100 bytes an item (an estimate: the headers of about two strings an
 * item and the values array; not built). But every read would make its strings anew: decoding a
 * user's 7 strings from bytes took 84–115 ns (Latin-1, UTF-8) where reading them from an
 * {@code Item} took 26–47 ns (one JVM, 1,024 users, alternating), about 55–80 ns more on a
 * {@code getUser} that takes about 170 ns of CPU (a third slower), and some 19 strings on every
 * {@code userWithPhotos} page. The layout above meets the 1.5× target while reads got faster
 * ({@code getUser} about 0.9× and {@code userWithPhotos} 0.88× the time of the layout before),
 * so items stay objects.
 *
 * <p>Example, driving the engine directly:
 *
 * <pre>{@code
 * MemoryTable table = new MemoryTable();
 * table.write(new WriteAction.Put(Item.builder(new Key("USER#ann", "#METADATA#ann")).build(),
 *     ItemCondition.ABSENT));
 * QueryResult page = table.query(new QueryPlan(Index.TABLE, "USER#ann", Optional.empty(),
 *     true, 25, Optional.empty(), true));
 * }</pre>
 */
public final class MemoryTable implements Table {
  private final SortedStore table = new SortedStore(Item.PK, Item.SK);
  private final SortedStore inverted = new SortedStore(Item.SK, Item.PK);
  private final ReadMostlyLock.ReadLock readLock;
  private final ReadMostlyLock.WriteLock writeLock;

  /** None unless set: the index then changes in the write's critical section. */
  private final IndexLag indexLag = new IndexLag();

  // The table's stream, or null (the default): read and set under the write lock only, so a table
  // without a stream pays one null check a write.
  private ChangeLog changes;

  /** Creates an empty table with an empty index. */
  public MemoryTable() {
    ReadMostlyLock lock = new ReadMostlyLock();
    this.readLock = lock.readLock();
    this.writeLock = lock.writeLock();
  }

  /**
   * GetItem, strongly consistent. Runs concurrently with other reads.
   *
   * <p>Capacity: the item's size rounded up to 4 KB in read units; a missing item costs 1.
   *
   * @param key the item's key
   * @return the item, if present, and the capacity consumed
   * @throws TableRequestRefusedException if a key value is empty or too long
   */
  @Override
  public Read getItem(Key key) {
    indexLag.arrive();
    Rules.key(key);
    Item stored;
    readLock.lock();
    try {
      stored = table.get(key.pk(), key.sk());
    } finally {
      readLock.unlock();
    }
    return new Read(
        Optional.ofNullable(stored), Billing.getItem(stored == null ? 0 : stored.size()));
  }

  /**
   * Query, on the table or on {@code InvertedIndex}: the items of one partition that satisfy the
   * sort-key condition, in sort-key order ({@code forward}) or reverse, starting strictly after
   * the exclusive start key (which need not exist). The page ends after {@code limit} items, or
   * with the item that brings the bytes read to 1 MB (that item included), or at the end of the
   * range. The last evaluated key is the key of the last item returned whenever the page ended at
   * the limit, even if nothing is left — except on the table when that item sits on the inclusive
   * bound that ends the range ({@code <=}, {@code >=} or BETWEEN in the read direction), as
   * DynamoDB Local does — or at 1 MB with more items in the range; it is absent when the range
   * was read to its end. On the index it is still the item's {@code Key(pk, sk)}: the index keys
   * and the table keys are the same two attributes. Items with equal index keys cannot occur
   * here, since the index keys are the table's primary key. Runs concurrently with other reads and sees one consistent state.
   *
   * <p>Capacity: the sizes of the items read, summed and rounded up to 4 KB once; half that for
   * an eventually consistent read (always, on the index); at least 1 or 0.5.
   *
   * @param plan what to read
   * @return the items, the last evaluated key and the capacity consumed
   * @throws TableRequestRefusedException if the limit is below 1, a consistent read targets the
   *     index, a key condition operand is empty or (sort key) over 1024 bytes, BETWEEN's bounds
   *     are out of order, or the start key lies in another partition or outside the sort-key
   *     condition
   */
  @Override
  public QueryResult query(QueryPlan plan) {
    indexLag.arrive();
    Rules.query(plan);
    Index index = plan.index();
    if (index == Index.INVERTED && indexLag.waiting()) {
      writeLock.lock();
      try {
        landDueIndexChanges();
      } finally {
        writeLock.unlock();
      }
    }
    SortedStore store = index == Index.TABLE ? table : inverted;
    List<Item> items = new ArrayList<>(Math.min(plan.limit(), 128));
    long bytesRead = 0;
    Item last = null;
    boolean cut = false;
    readLock.lock();
    try {
      SortedStore.Cursor range =
          store.range(
              plan.partitionValue(),
              plan.sortCondition().orElse(null),
              plan.forward(),
              plan.exclusiveStart().map(start -> start.sortOn(index)).orElse(null));
      for (Item stored = range.next(); stored != null; stored = range.next()) {
        // The 1 MB cut is taken when the next item would be read, so a page that reaches 1 MB
        // with the range's last item ends without a last evaluated key (DynamoDB Local 2.6.1
        // does exactly this); a page that reaches Limit carries one unless its last item sits
        // on the range's inclusive far bound (see Rules.endsAtInclusiveBound).
        if (bytesRead >= Limits.MAX_PAGE_BYTES) {
          cut = true;
          break;
        }
        items.add(stored);
        bytesRead += stored.size();
        last = stored;
        if (items.size() >= plan.limit()) {
          cut = !Rules.endsAtInclusiveBound(plan, stored.key().sortOn(index));
          break;
        }
      }
    } finally {
      readLock.unlock();
    }
    boolean consistent = plan.consistentRead() && index == Index.TABLE;
    return new QueryResult(
        items,
        cut ? Optional.of(last.key()) : Optional.empty(),
        Billing.query(bytesRead, consistent));
  }

  /**
   * Scan of one segment, strongly consistent: the segment's partitions (by the hash of the
   * partition key) in DynamoDB's key order, each in sort-key order, after the start key. The
   * page ends after {@code limit} items or with the item that brings the bytes read to 1 MB; the
   * last evaluated key is present unless the segment was read to its end. Runs concurrently with
   * other reads and sees one consistent state.
   *
   * <p>Capacity: as a strongly consistent Query, the bytes read rounded up to 4 KB once.
   *
   * @param plan the segment, the page size and where to continue
   * @return the items, the last evaluated key and the capacity consumed
   */
  @Override
  public QueryResult scan(ScanPlan plan) {
    List<Item> items = new ArrayList<>();
    long bytesRead = 0;
    boolean more;
    readLock.lock();
    try {
      // One more than the page, to tell whether anything is left after it.
      List<Item> page =
          table.segment(
              plan.segment(),
              plan.totalSegments(),
              plan.exclusiveStart().map(Key::pk).orElse(null),
              plan.exclusiveStart().map(Key::sk).orElse(null),
              plan.limit() + 1);
      int taken = 0;
      for (Item stored : page) {
        if (taken == plan.limit() || bytesRead >= Limits.MAX_PAGE_BYTES) {
          break;
        }
        items.add(stored);
        bytesRead += stored.size();
        taken++;
      }
      more = taken < page.size();
    } finally {
      readLock.unlock();
    }
    return new QueryResult(
        items,
        more ? Optional.of(items.get(items.size() - 1).key()) : Optional.empty(),
        Billing.query(bytesRead, true));
  }

  /**
   * BatchGetItem, strongly consistent. The items found come back in request order. The memory
   * engine is never throttled, so keys are left unprocessed only where DynamoDB must leave them:
   * when the response would exceed 16 MB, the key whose item crosses that line and every key
   * after it come back unprocessed (and unbilled). Runs concurrently with other reads.
   *
   * <p>Capacity: each item found rounded up to 4 KB on its own; each missing key 1 unit.
   *
   * @param keys 1 to 100 distinct keys
   * @return the items found, the keys left unprocessed, and the capacity consumed
   * @throws TableRequestRefusedException if there are no keys, more than 100, a duplicate, or an
   *     invalid key
   */
  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    indexLag.arrive();
    Objects.requireNonNull(keys, "keys");
    Rules.batchGet(keys);
    List<Item> found = new ArrayList<>(keys.size());
    // Keys are left unprocessed only past 16 MB of items: the list is made when that happens.
    List<Key> unprocessed = List.of();
    double read = 0;
    long bytes = 0;
    readLock.lock();
    try {
      int i = 0;
      for (Key key : keys) {
        Item stored = table.get(key.pk(), key.sk());
        if (stored != null && bytes + stored.size() > Limits.MAX_BATCH_GET_RESPONSE_BYTES) {
          unprocessed = keys.subList(i, keys.size());
          break;
        }
        i++;
        if (stored != null) {
          found.add(stored);
          bytes += stored.size();
        }
        read += Billing.batchGetItem(stored);
      }
    } finally {
      readLock.unlock();
    }
    return new BatchRead(found, unprocessed, new Capacity(read, 0));
  }

  /**
   * TransactGetItems: every item read under one read lock, so no write or transaction (each
   * applied under the write lock) lands between two of them: one snapshot. Runs concurrently
   * with other reads. The memory engine never cancels it: nothing conflicts with a read here.
   *
   * <p>Capacity: per item, twice its size rounded up to 4 KB in read units (a missing item as
   * one of 4 KB).
   *
   * @param keys 1 to 100 distinct keys
   * @return the items in the keys' order, and the capacity consumed
   * @throws TableRequestRefusedException if there are no keys, more than 100, two the same, or
   *     an invalid key
   */
  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    indexLag.arrive();
    Objects.requireNonNull(keys, "keys");
    Rules.transactGet(keys);
    List<Optional<Item>> items = new ArrayList<>(keys.size());
    double read = 0;
    readLock.lock();
    try {
      for (Key key : keys) {
        Item stored = table.get(key.pk(), key.sk());
        items.add(Optional.ofNullable(stored));
        read += Billing.transactGetItem(stored == null ? 0 : stored.size());
      }
    } finally {
      readLock.unlock();
    }
    return new TransactRead(items, new Capacity(read, 0));
  }

  /**
   * BatchWriteItem of puts, applied under one lock (DynamoDB does not promise that, but nothing
   * is lost by it). The memory engine is never throttled, so no item is left unprocessed.
   *
   * <p>Capacity: each item as its own PutItem, table and index.
   *
   * @param items 1 to 25 items with distinct keys
   * @return no unprocessed items, and the capacity consumed
   * @throws TableRequestRefusedException if there are no items, more than 25, two with one key, or
   *     an invalid item (see {@link #write})
   */
  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    Objects.requireNonNull(items, "items");
    Rules.batchWrite(items);
    indexLag.arrive();
    double units = 0;
    writeLock.lock();
    try {
      landDueIndexChanges();
      for (Item item : items) {
        WriteAction put = new WriteAction.Put(item, ItemCondition.NONE);
        Item current = current(put.key());
        Item next = nextImage(put, current);
        units += Billing.write(tableUnits(current, next), indexUnits(current, next)).write();
        store(put.key(), current, next);
      }
    } finally {
      writeLock.unlock();
    }
    return new BatchWrite(List.of(), new Capacity(0, units));
  }

  /**
   * One PutItem, UpdateItem or DeleteItem, atomic and isolated: the condition is tested on the
   * current item and the write applied under one lock, together with the index. Put replaces the
   * whole item; Update applies its SET clauses to the current item, or to a new item holding just
   * the key if there is none and the condition allows; Delete removes the item if present.
   *
   * <p>Capacity: 1 write unit per started KB of the larger of the old and new item (Delete: of
   * the deleted item; nothing to delete: 1), plus the same again for the index when the write adds,
   * changes or removes an indexed item.
   *
   * @param action the write; not a {@link WriteAction.Check}
   * @return the item after the write (the put item, the updated image; empty after a delete) and
   *     the capacity consumed
   * @throws TableConditionFailedException if the condition is false; nothing is written
   * @throws TableRequestRefusedException if the action is a ConditionCheck, a key is invalid (an
   *     item's {@code PK} is also held to the index's 1024-byte sort key limit), the
   *     item is over 400 KB (before or after the update), the update names a key attribute,
   *     overlapping paths, a nested path whose map is missing, or a counter that is not a number
   */
  @Override
  public Write write(WriteAction action) {
    Objects.requireNonNull(action, "action");
    indexLag.arrive();
    Rules.singleWrite(action);
    writeLock.lock();
    try {
      landDueIndexChanges();
      Item current = current(action.key());
      if (!Conditions.test(action.condition(), current)) {
        // As DynamoDB with ReturnValuesOnConditionCheckFailure=ALL_OLD: the item as it is.
        throw new TableConditionFailedException(current, null);
      }
      Item next = nextImage(action, current);
      Capacity consumed = Billing.write(tableUnits(current, next), indexUnits(current, next));
      next = store(action.key(), current, next);
      return new Write(Optional.ofNullable(next), consumed);
    } finally {
      writeLock.unlock();
    }
  }

  /**
   * Starts recording every item change in {@code log} (DynamoDB Streams), or stops with null.
   * Takes the write lock, so no write is half recorded; the log sees the changes in commit order.
   *
   * @param log the stream's log, or null for none
   */
  public void recordChanges(ChangeLog log) {
    writeLock.lock();
    try {
      this.changes = log;
    } finally {
      writeLock.unlock();
    }
  }

  /**
   * Whether a Query of the index may miss a write that succeeded: only if a lag was ever set
   * ({@link #indexLag(int)}) or a fault made one write lag; otherwise the index is updated under
   * the same lock as the write.
   */
  @Override
  public boolean indexMayLag() {
    return indexLag.mayLag();
  }

  /**
   * Makes the index trail the table, as a DynamoDB global secondary index does: the index
   * changes of every write from now on land {@code requests} requests to this table later (see
   * {@link IndexLag}); 0 for at once, the default. Changes already waiting keep their time.
   *
   * @param requests how many requests later, 0 or more
   * @throws IllegalArgumentException if negative
   */
  public void indexLag(int requests) {
    indexLag.set(requests);
  }

  /** Lands every index change still waiting: the index has caught up with the table. */
  public void catchUpIndex() {
    writeLock.lock();
    try {
      indexLag.landAll(this::land);
    } finally {
      writeLock.unlock();
    }
  }

  /** Under the write lock: the index changes that are due. */
  private void landDueIndexChanges() {
    if (indexLag.waiting()) {
      indexLag.landDue(this::land);
    }
  }

  private void land(IndexLag.Pending change) {
    inverted.replace(inverted.locate(change.sk()), change.sk(), change.pk(), change.indexed());
  }

  /**
   * TransactWriteItems under a {@code ClientRequestToken}, as DynamoDB applies it: a transaction
   * this engine applied under the token is not applied again, and its resend answers as the first
   * attempt did (with the capacity it consumed). So a caller that loses an answer and sends the
   * transaction again, as the AWS SDK does, has it applied once on this engine too. The outcome is
   * kept on the token ({@link ClientToken#recordApplied}), which lives as long as its call.
   *
   * @param actions as {@link #transactWrite(List)}
   * @param token the call's token, the same on every attempt
   * @return the capacity consumed (by the attempt that applied it)
   */
  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    // Every attempt of a call carries the same token object; it holds the outcome (a volatile
    // read and write, no table of tokens to keep or expire).
    Capacity applied = token.applied();
    if (applied != null) {
      return applied;
    }
    Capacity consumed = transactWrite(actions);
    token.recordApplied(consumed);
    return consumed;
  }

  /**
   * TransactWriteItems: all actions or none, atomic and isolated from every other request. Each
   * action's condition is tested against the state before the transaction; if any is false, or an
   * update cannot be applied to its item, nothing is written and the transaction is cancelled with
   * one reason per action, in request order: {@code None}, {@code ConditionalCheckFailed} or
   * {@code ValidationError}. A {@link WriteAction.Check} only tests its condition.
   *
   * <p>Capacity: every write costs double what it would cost alone (prepare and commit), index
   * writes included; a ConditionCheck is a transactional read, 2 read units per started 4 KB of
   * the checked item, at least 2.
   *
   * @param actions 1 to 100 actions, no two on the same item, in request order
   * @return the capacity consumed
   * @throws TableTransactionCancelledException if a condition is false or an update cannot be
   *     applied; nothing is written
   * @throws TableRequestRefusedException if there are no actions, more than 100, two on one item,
   *     more than 4 MB in all (each Put's item and each other action's key, by DynamoDB's size
   *     formula), or one is invalid on its own (see {@link #write})
   */
  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    Objects.requireNonNull(actions, "actions");
    indexLag.arrive();
    Rules.transaction(actions);
    int n = actions.size();
    Item[] before = new Item[n];
    Item[] after = new Item[n];
    // Made only when an action fails: a transaction that commits needs no reasons.
    String[] reasons = null;
    writeLock.lock();
    try {
      landDueIndexChanges();
      for (int i = 0; i < n; i++) {
        WriteAction action = actions.get(i);
        before[i] = current(action.key());
        String reason = Limits.NONE;
        if (!Conditions.test(action.condition(), before[i])) {
          reason = Limits.CONDITIONAL_CHECK_FAILED;
        } else if (!(action instanceof WriteAction.Check)) {
          try {
            after[i] = nextImage(action, before[i]);
          } catch (TableRequestRefusedException e) {
            reason = Limits.VALIDATION_ERROR;
          }
        }
        if (reasons == null && !reason.equals(Limits.NONE)) {
          reasons = new String[n];
          Arrays.fill(reasons, 0, i, Limits.NONE);
        }
        if (reasons != null) {
          reasons[i] = reason;
        }
      }
      if (reasons != null) {
        List<Item> failedItems = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          failedItems.add(reasons[i].equals(Limits.CONDITIONAL_CHECK_FAILED) ? before[i] : null);
        }
        throw new TableTransactionCancelledException(Arrays.asList(reasons), failedItems, null);
      }
      // Summed in request order from zero, as adding the actions' Capacity values did.
      double read = 0;
      double write = 0;
      for (int i = 0; i < n; i++) {
        WriteAction action = actions.get(i);
        if (action instanceof WriteAction.Check) {
          read += Billing.transactionalCheck(size(before[i])).read();
        } else {
          write +=
              Billing.transactionalWrite(
                      tableUnits(before[i], after[i]), indexUnits(before[i], after[i]))
                  .write();
          store(action.key(), before[i], after[i]);
        }
      }
      return new Capacity(read, write);
    } finally {
      writeLock.unlock();
    }
  }

  // --- under the write lock --------------------------------------------------------------------

  private Item current(Key key) {
    return table.get(key.pk(), key.sk());
  }

  /** The item after {@code action}, or null after a delete; throws if it cannot be applied. */
  private static Item nextImage(WriteAction action, Item current) {
    if (action instanceof WriteAction.Put put) {
      return put.item();
    }
    if (action instanceof WriteAction.Update update) {
      Item image = Updates.apply(update.key(), current, update.actions());
      Rules.updatedItem(image, update.actions());
      return image;
    }
    return null;
  }

  private static double tableUnits(Item before, Item after) {
    return Billing.tableWrite(size(before), size(after));
  }

  private static int size(Item item) {
    return item == null ? 0 : item.size();
  }

  private static double indexUnits(Item before, Item after) {
    return Billing.indexWrite(indexed(before), indexed(after));
  }

  /** The item as the sparse index sees it: itself if it has both index keys, otherwise null. */
  private static Item indexed(Item item) {
    if (item == null) {
      return null;
    }
    String p = item.stringOrNull(Index.INVERTED.partitionAttribute());
    String s = item.stringOrNull(Index.INVERTED.sortAttribute());
    boolean hasKeys = p != null && !p.isEmpty() && s != null && !s.isEmpty();
    return hasKeys ? item : null;
  }

  /**
   * Replaces {@code before} by {@code after} (null: delete) in the table and the index, with
   * {@code after}'s {@code PK} string replaced by the very instance the other items of its table
   * partition hold, and its {@code SK} string by the one the items of its index partition hold, if
   * there are such items: equal strings, so the item is equal, but a partition key shared by many
   * items (a user's profile, photos and followers; a photo and its reactions in the index) is
   * held once instead of once per item. Items are immutable, so sharing is safe. Each structure's
   * partition is looked up once.
   *
   * @return the item as stored, or null after a delete
   */
  private Item store(Key key, Item before, Item after) {
    // A stored item's key strings are the structures' own: their hashes are cached and the
    // lookups match by identity, where the request's strings would be hashed and compared.
    String pk = before == null ? key.pk() : before.stringOrNull(Item.PK);
    String sk = before == null ? key.sk() : before.stringOrNull(Item.SK);
    int tableSlot = table.locate(pk);
    int indexSlot = inverted.locate(sk);
    if (after != null) {
      String sharedPk = table.partitionValue(tableSlot);
      String sharedSk = inverted.partitionValue(indexSlot);
      String itemPk = after.stringOrNull(Item.PK);
      String itemSk = after.stringOrNull(Item.SK);
      boolean newPk = sharedPk != null && sharedPk != itemPk;
      boolean newSk = sharedSk != null && sharedSk != itemSk;
      if (newPk || newSk) {
        after = after.withKey(new Key(newPk ? sharedPk : itemPk, newSk ? sharedSk : itemSk));
      }
    }
    table.replace(tableSlot, pk, sk, after);
    // The index keys are the table keys, so before and after sit at one place in the index.
    Item indexedAfter = indexed(after);
    if (indexed(before) != null || indexedAfter != null) {
      if (indexLag.holds()) {
        indexLag.hold(sk, pk, indexedAfter);
      } else {
        inverted.replace(indexSlot, sk, pk, indexedAfter);
      }
    }
    if (changes != null) {
      changes.changed(key, before, after);
    }
    return after;
  }
}
