package io.quickphotos;

import java.util.Optional;

/**
 * Which page of a listing to read: at most {@code size} items, starting after the position a
 * cursor marks, or at the beginning when there is no cursor.
 *
 * <p>A page request refuses at construction what every listing would refuse, with
 * {@link InvalidInputException} like any bad call argument: a size outside 1 to
 * {@value #MAX_SIZE}, or a null cursor. An application that builds one from a request's query
 * string (a {@code size} parameter) therefore fails at once with the exception it maps to 400.
 *
 * <p>Why every listing stops at {@value #MAX_SIZE}: it is the most a page of
 * {@link QuickPhotos#followedBy} can fetch with one BatchGetItem (DynamoDB's limit is 100 keys),
 * and the most a page of {@link QuickPhotos#homeFeed} should read, since each followed user's
 * Query reads up to a page of photos (a page of 1,000 at F = 100 could read 100,000 items to
 * return 1,000). The other listings could take 1,000 a request; at 100 they take ten requests
 * for 1,000 items, the same capacity units give or take the rounding of each request to 4 KB,
 * and bulk reads of a whole table are the export's and the audit's Scan, not a listing's.
 *
 * @param size the most items the page may hold, 1 to {@value #MAX_SIZE}
 * @param cursor the {@link Page#nextCursor()} of the previous page, or empty for the first page
 */
public record PageRequest(int size, Optional<String> cursor) {

  /** The largest page size every listing accepts. */
  public static final int MAX_SIZE = 100;

  /** The page size used when none is given. */
  public static final int DEFAULT_SIZE = 25;

  /**
   * Checks the request.
   *
   * @param size the most items the page may hold, 1 to {@value #MAX_SIZE}
   * @param cursor the cursor of the previous page, or empty for the first page
   * @throws InvalidInputException if the size is out of range or the cursor is null
   */
  public PageRequest {
    if (size < 1 || size > MAX_SIZE) {
      throw new InvalidInputException("page size must be 1 to " + MAX_SIZE + ", was " + size);
    }
    if (cursor == null) {
      throw new InvalidInputException("page.cursor may not be null: use Optional.empty()");
    }
  }

  /**
   * The first page of {@link #DEFAULT_SIZE} items.
   *
   * @return a request without cursor
   */
  public static PageRequest first() {
    return first(DEFAULT_SIZE);
  }

  /**
   * The first page of {@code size} items.
   *
   * @param size the most items the page may hold, 1 to {@value #MAX_SIZE}
   * @return a request without cursor
   * @throws InvalidInputException if the size is out of range
   */
  public static PageRequest first(int size) {
    return new PageRequest(size, Optional.empty());
  }

  /**
   * The page after the one that returned {@code cursor}.
   *
   * @param cursor a cursor from {@link Page#nextCursor()}
   * @param size the most items the page may hold, 1 to {@value #MAX_SIZE}
   * @return a request that continues the listing
   * @throws InvalidCursorException if {@code cursor} is null: a missing cursor must not quietly
   *     restart the listing (use {@link #first(int)} for the first page)
   * @throws InvalidInputException if the size is out of range
   */
  public static PageRequest after(String cursor, int size) {
    if (cursor == null) {
      throw new InvalidCursorException("no cursor: the listing has no next page, or use first()");
    }
    return new PageRequest(size, Optional.of(cursor));
  }
}
