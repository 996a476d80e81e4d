package io.quickphotos.contract;

import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Reading whole listings in tests, page by page. */
public final class Listings {
  private Listings() {}

  /**
   * Reads every page of a listing, 100 items a page, following the cursors to the last page.
   *
   * @param listing reads one page, e.g. {@code page -> repo.followersOf("ann", page)}
   * @param <T> the item type
   * @return every item, in listing order
   */
  public static <T> List<T> readAll(Function<PageRequest, Page<T>> listing) {
    List<T> items = new ArrayList<>();
    PageRequest page = PageRequest.first(100);
    while (true) {
      Page<T> read = listing.apply(page);
      items.addAll(read.items());
      if (!read.hasNext()) {
        return items;
      }
      page = read.next(100);
    }
  }
}
