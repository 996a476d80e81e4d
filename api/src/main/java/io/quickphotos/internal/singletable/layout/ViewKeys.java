package io.quickphotos.internal.singletable.layout;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.Key;

/**
 * The keys of view marks, beside {@link KeyLayout}'s (which holds the other entities'):
 *
 * <pre>
 * Entity      PK                          SK
 * View mark   VIEW#&lt;viewer&gt;               VIEWED#&lt;owner&gt;#&lt;timestamp&gt;
 * </pre>
 *
 * <p>A viewer's marks are one partition ({@code VIEW#<viewer>}), read by closing its account; a
 * photo's marks one key of the inverted index ({@code VIEWED#…}), read by deleting the photo,
 * apart from its reactions ({@code PHOTO#…}) so that a photo's reactions page stays as it was.
 * Stateless and thread-safe.
 */
public final class ViewKeys {
  /** Prefix of a view mark's partition key: the viewer's marks, one per photo it viewed. */
  public static final String VIEW = "VIEW#";

  /** Prefix of a view mark's sort key: the photo viewed. */
  public static final String VIEWED = "VIEWED#";

  private ViewKeys() {}

  /**
   * The key of a view mark: that {@code viewer} has seen {@code photo}.
   *
   * @param viewer the viewing user's handle
   * @param photo the photo viewed
   * @return {@code VIEW#<viewer>}, {@code VIEWED#<owner>#<timestamp>}
   */
  public static Key mark(String viewer, PhotoId photo) {
    return new Key(VIEW + viewer, viewedSortKey(photo));
  }

  /**
   * The sort key of every view mark of a photo: the inverted index's partition key of its marks.
   *
   * @param photo the photo
   * @return {@code VIEWED#<owner>#<timestamp>}
   */
  public static String viewedSortKey(PhotoId photo) {
    return VIEWED + photo.owner() + "#" + KeyLayout.timestamp(photo.timestamp());
  }

  /**
   * The partition key of a viewer's marks.
   *
   * @param viewer the viewing user's handle
   * @return {@code VIEW#<viewer>}
   */
  public static String viewerPartition(String viewer) {
    return VIEW + viewer;
  }
}
