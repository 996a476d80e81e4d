package io.quickphotos;

import java.util.List;
import java.util.Optional;

/**
 * One page of a listing. A present {@link #nextCursor()} means the read stopped before the end
 * of the listing was confirmed: the next page may still turn out empty, exactly as DynamoDB's
 * {@code LastEvaluatedKey} promises no more than that.
 *
 * @param items the items of this page, in listing order
 * @param nextCursor an opaque, URL-safe token for the next page; empty on the last page
 * @param <T> the item type
 */
public record Page<T>(List<T> items, Optional<String> nextCursor) {

  /**
   * Creates a page; the item list is copied.
   *
   * @param items the items of this page
   * @param nextCursor the cursor of the next page, if any
   */
  public Page {
    items = List.copyOf(items);
  }

  /**
   * Whether another page may follow.
   *
   * @return true if {@link #nextCursor()} is present
   */
  public boolean hasNext() {
    return nextCursor.isPresent();
  }

  /**
   * The request for the page after this one.
   *
   * @param size the most items the next page may hold
   * @return the request
   * @throws InvalidCursorException if this is the last page ({@link #hasNext()} is false): there
   *     is no cursor to continue from, as {@link PageRequest#after} says of a null one
   * @throws InvalidInputException if the size is out of range
   */
  public PageRequest next(int size) {
    return PageRequest.after(
        nextCursor.orElseThrow(
            () ->
                new InvalidCursorException(
                    "this is the last page (hasNext() is false): there is no next page to request")),
        size);
  }
}
