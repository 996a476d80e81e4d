package io.quickphotos;

import java.util.Optional;

/**
 * Which page of a listing to read: at most {@code size} items, starting after the position a
 * cursor marks, or at the beginning when there is no cursor.
 *
 * @param size the most items the page may hold, 1 to {@value #MAX_SIZE}
 * @param cursor the {@link Page#nextCursor()} of the previous page, or empty for the first page
 */
public record PageRequest(int size, Optional<String> cursor) {

  /** The largest page size a listing accepts. */
  public static final int MAX_SIZE = 1000;

  /** The page size used when none is given. */
  public static final int DEFAULT_SIZE = 25;

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
   * @param size the most items the page may hold
   * @return a request without cursor
   */
  public static PageRequest first(int size) {
    return new PageRequest(size, Optional.empty());
  }

  /**
   * The page after the one that returned {@code cursor}.
   *
   * @param cursor a cursor from {@link Page#nextCursor()}
   * @param size the most items the page may hold
   * @return a request that continues the listing
   * @throws InvalidCursorException if {@code cursor} is null: a missing cursor must not quietly
   *     restart the listing (use {@link #first(int)} for the first page)
   */
  public static PageRequest after(String cursor, int size) {
    if (cursor == null) {
      throw new InvalidCursorException("no cursor: the listing has no next page, or use first()");
    }
    return new PageRequest(size, Optional.of(cursor));
  }
}
