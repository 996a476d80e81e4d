package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;

/**
 * Every capacity number the engine reports, in one place, as DynamoDB bills provisioned tables
 * (Developer Guide: "Read/write capacity mode", "Capacity unit consumption"; the project notes in
 * DYNAMODB.md, "Capacity units"). The differential tests compare these with what DynamoDB Local
 * reports; when a number has to move, it moves here. Stateless.
 *
 * <p>Checked against DynamoDB Local 2.6.1: GetItem, Query, PutItem, UpdateItem, DeleteItem and
 * the index's share agree at every edge tested (4096/4097-byte reads, 1024/1025-byte writes,
 * unchanged items, missing items). Where Local departs from the service, this class follows the
 * service, and the deviation is named on the method: empty queries, BatchGetItem's missing keys,
 * and TransactWriteItems.
 */
final class Billing {
  /** One read capacity unit covers a strongly consistent read of up to 4 KB. */
  static final int READ_UNIT_BYTES = 4096;

  /** One write capacity unit covers a write of up to 1 KB. */
  static final int WRITE_UNIT_BYTES = 1024;

  /** An eventually consistent read costs half a strongly consistent one. */
  static final double EVENTUAL_FACTOR = 0.5;

  /** Transactional reads and writes cost double: DynamoDB prepares and then commits each item. */
  static final double TRANSACTIONAL_FACTOR = 2.0;

  /**
   * What BatchGetItem charges for a key it did not find: the service charges the minimum read,
   * as for GetItem. DynamoDB Local reports 0.0 here; the differential test names that deviation.
   */
  static final double BATCH_MISSING_ITEM_READ = 1.0;

  private Billing() {}

  /**
   * GetItem, strongly consistent: the item's size rounded up to 4 KB; a missing item still costs
   * the minimum of one unit.
   */
  static Capacity getItem(int sizeOrZero) {
    return reading(readUnits(sizeOrZero));
  }

  /**
   * Query: the sizes of all items read are summed and rounded up to 4 KB once (not per item);
   * half price when eventually consistent, which reads on a global secondary index always are.
   * An empty result still costs the minimum (1 or 0.5); DynamoDB Local reports 0.0 there.
   */
  static Capacity query(long bytesRead, boolean consistent) {
    return reading(readUnits(bytesRead) * (consistent ? 1.0 : EVENTUAL_FACTOR));
  }

  /**
   * One key of a strongly consistent BatchGetItem: unlike Query, each item is rounded up to 4 KB
   * on its own.
   */
  static double batchGetItem(Item foundOrNull) {
    return foundOrNull == null ? BATCH_MISSING_ITEM_READ : readUnits(foundOrNull.size());
  }

  /**
   * One item of a TransactGetItems: a transactional read, twice a strongly consistent one, the
   * item's size rounded up to 4 KB on its own; a missing item costs as one of 4 KB.
   */
  static double transactGetItem(int sizeOrZero) {
    return TRANSACTIONAL_FACTOR * readUnits(sizeOrZero);
  }

  /**
   * The table's share of a PutItem, UpdateItem or DeleteItem: 1 unit per started KB of the
   * larger of the item before and after the write (Put/Update), of the deleted item (Delete), at
   * least 1 (so deleting or updating nothing still costs 1).
   *
   * @param before the size of the item before the write, 0 if it did not exist
   * @param after the size of the item after the write, 0 after a delete
   */
  static double tableWrite(int before, int after) {
    return writeUnits(Math.max(before, after));
  }

  /**
   * The index's share of a write, charged to the index on top of the table's share. A write that
   * adds an item to the index (its key attributes appear), changes an indexed item's projected
   * attributes, or removes an item from the index is one index write, sized like a table write
   * on the larger image. A write that leaves the indexed image unchanged, or touches no indexed
   * item, costs the index nothing. (An index key change would cost two writes, a delete and a
   * put; with {@code InvertedIndex} the index keys are the table keys, which a write never
   * changes.)
   *
   * @param before the indexed image before the write, or null if the item was not indexed
   * @param after the indexed image after the write, or null if it is not indexed
   */
  static double indexWrite(Item before, Item after) {
    if (before == null && after == null) {
      return 0;
    }
    if (before != null && after != null && before.equals(after)) {
      return 0;
    }
    return writeUnits(
        Math.max(before == null ? 0 : before.size(), after == null ? 0 : after.size()));
  }

  /** A single write: the table's share plus the index's share. */
  static Capacity write(double tableUnits, double indexUnits) {
    return writing(tableUnits + indexUnits);
  }

  /**
   * A write inside TransactWriteItems: double, table and index alike (prepare + commit).
   * DynamoDB Local reports four times the single-write units instead, and counts actions with
   * equal unit counts only once (one, two or four 100-byte puts all report 4 + 4).
   */
  static Capacity transactionalWrite(double tableUnits, double indexUnits) {
    return new Capacity(0, (tableUnits + indexUnits) * TRANSACTIONAL_FACTOR);
  }

  /**
   * A ConditionCheck inside TransactWriteItems is a transactional read of the checked item:
   * 2 units per started 4 KB, at least 2 when the item is missing. DynamoDB Local reports a
   * check as write units instead, 4 per started 4 KB.
   */
  static Capacity transactionalCheck(int sizeOrZero) {
    return new Capacity(readUnits(sizeOrZero) * TRANSACTIONAL_FACTOR, 0);
  }

  /**
   * Reads of up to 4 KB (1 unit, or half of one) are nearly every read: one shared, immutable
   * {@link Capacity} each instead of a new one per request.
   */
  private static final Capacity ONE_READ = new Capacity(1, 0);

  private static final Capacity HALF_READ = new Capacity(EVENTUAL_FACTOR, 0);

  /** Writes of 1 to 8 units, the table's and the index's share of items up to 4 KB. */
  private static final Capacity[] WRITES = new Capacity[9];

  static {
    for (int units = 1; units < WRITES.length; units++) {
      WRITES[units] = new Capacity(0, units);
    }
  }

  private static Capacity reading(double units) {
    if (units == 1) {
      return ONE_READ;
    }
    return units == EVENTUAL_FACTOR ? HALF_READ : new Capacity(units, 0);
  }

  private static Capacity writing(double units) {
    int whole = (int) units;
    return whole == units && whole > 0 && whole < WRITES.length
        ? WRITES[whole]
        : new Capacity(0, units);
  }

  /** Started 4 KB blocks, at least one. */
  private static double readUnits(long bytes) {
    return Math.max(1, ceilDiv(bytes, READ_UNIT_BYTES));
  }

  /** Started 1 KB blocks, at least one. */
  private static double writeUnits(long bytes) {
    return Math.max(1, ceilDiv(bytes, WRITE_UNIT_BYTES));
  }

  private static long ceilDiv(long bytes, int unit) {
    return (bytes + unit - 1) / unit;
  }
}
