package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The pull feed computed from the table's items, independent of every repository: the photos of
 * the users the reader follows, newest first, equal timestamps in code-point order of the owner.
 * Every home feed, through any repository of any setting, walked at any page size, must equal it.
 */
final class FeedOracle {
  private static final Comparator<PhotoId> ORDER =
      Comparator.comparing(PhotoId::timestamp, Comparator.reverseOrder())
          .thenComparing(PhotoId::owner, Utf8::compare);

  private FeedOracle() {}

  /** The reader's pull feed, as the table holds it now. */
  static List<PhotoId> pullFeed(Table table, String reader) {
    Set<String> followed = new HashSet<>();
    List<PhotoId> photos = new ArrayList<>();
    table.forEachItem(
        item -> {
          switch (ItemCodec.kindOf(item)) {
            case FRIENDSHIP -> {
              if (ItemCodec.friendship(item).follower().equals(reader)) {
                followed.add(ItemCodec.friendship(item).followed());
              }
            }
            case PHOTO -> photos.add(ItemCodec.photo(item).id());
            default -> {}
          }
        });
    List<PhotoId> feed = new ArrayList<>();
    for (PhotoId photo : photos) {
      if (followed.contains(photo.owner())) {
        feed.add(photo);
      }
    }
    feed.sort(ORDER);
    return feed;
  }

  /** Walks the reader's feed through a repository in pages of {@code size}. */
  static List<PhotoId> walk(QuickPhotos repository, String reader, int size) {
    List<PhotoId> walked = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    for (int pages = 0; pages < 10_000; pages++) {
      PageRequest request =
          cursor.map(c -> PageRequest.after(c, size)).orElse(PageRequest.first(size));
      Page<Photo> page = repository.homeFeed(reader, request);
      assertThat(page.items().size()).isLessThanOrEqualTo(size);
      page.items().forEach(photo -> walked.add(photo.id()));
      cursor = page.nextCursor();
      if (cursor.isEmpty()) {
        return walked;
      }
    }
    throw new AssertionError("the walk of " + reader + "'s feed did not end");
  }

  /** Asserts that the walk through {@code repository} at each page size equals the pull feed. */
  static void assertExact(Table table, QuickPhotos repository, String reader, int... sizes) {
    List<PhotoId> expected = pullFeed(table, reader);
    for (int size : sizes) {
      assertThat(walk(repository, reader, size))
          .as("%s's feed in pages of %d", reader, size)
          .isEqualTo(expected);
    }
  }

  /** Whether an item is of the given kind. */
  static boolean is(Item item, ItemCodec.Entity kind) {
    return ItemCodec.kindOf(item) == kind;
  }
}
