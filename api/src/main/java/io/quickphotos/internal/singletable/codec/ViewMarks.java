package io.quickphotos.internal.singletable.codec;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.layout.ViewKeys;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * View marks as items: a mark says that its viewer has seen a photo and how many times. Beside
 * {@link ItemCodec}, which holds the other entities'. Stateless and thread-safe.
 */
public final class ViewMarks {
  private ViewMarks() {}

  /**
   * The item of a view mark: {@code viewer} has seen {@code photo}, {@code views} times.
   *
   * @param viewer the viewing user's handle
   * @param photo the photo viewed
   * @param firstViewed when the viewer first viewed it
   * @param views the viewer's views of the photo
   * @return the item
   */
  public static Item mark(String viewer, PhotoId photo, Instant firstViewed, long views) {
    Map<String, Value> attributes = new HashMap<>();
    Key key = ViewKeys.mark(viewer, photo);
    attributes.put(Item.PK, new Value.Str(key.pk()));
    attributes.put(Item.SK, new Value.Str(key.sk()));
    attributes.put(ItemCodec.ENTITY, new Value.Str(ItemCodec.Entity.VIEW.name()));
    attributes.put(Attributes.VIEWER, new Value.Str(viewer));
    attributes.put(Attributes.PHOTO_OWNER, new Value.Str(photo.owner()));
    attributes.put(
        Attributes.PHOTO_TIMESTAMP, new Value.Str(KeyLayout.timestamp(photo.timestamp())));
    attributes.put(Attributes.TIMESTAMP, new Value.Str(KeyLayout.timestamp(firstViewed)));
    attributes.put(Attributes.VIEWS, Value.Num.of(views));
    return new Item(attributes);
  }

  /**
   * The viewer of a view mark.
   *
   * @param mark a view mark item
   * @return the viewer's handle
   */
  public static String viewer(Item mark) {
    return mark.string(Attributes.VIEWER);
  }

  /**
   * The photo a view mark is of.
   *
   * @param mark a view mark item
   * @return the photo
   */
  public static PhotoId photo(Item mark) {
    return new PhotoId(
        mark.string(Attributes.PHOTO_OWNER),
        KeyLayout.parseTimestamp(mark.string(Attributes.PHOTO_TIMESTAMP)));
  }

  /**
   * The views a view mark counts.
   *
   * @param mark a view mark item
   * @return its viewer's views of the photo
   */
  public static long views(Item mark) {
    return ItemCodec.count(mark, Attributes.VIEWS);
  }
}
