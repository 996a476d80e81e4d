package io.quickphotos.internal.singletable.codec;

import io.quickphotos.FanOut;
import io.quickphotos.Sharding;
import io.quickphotos.TableSettings;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The item in which a table records the settings it is meant to run with:
 *
 * <pre>
 * PK = SK = #SETTINGS
 * fanOut (off | hybrid), maxFollowers, windowSeconds,
 * shards, followersThreshold, reactionsThreshold (absent: never), recordedAt
 * </pre>
 *
 * <p>No user partition starts with {@code #} (handles never hold it), and no listing reads this
 * key, so the item meets no access pattern. Stateless and thread-safe.
 */
public final class TableSettingsItem {
  /** The settings item's key. */
  public static final Key KEY = KeyLayout.SETTINGS;

  private static final String FAN_OUT = Attributes.SETTINGS_FAN_OUT;
  private static final String MAX_FOLLOWERS = Attributes.SETTINGS_MAX_FOLLOWERS;
  private static final String WINDOW = Attributes.SETTINGS_WINDOW;
  private static final String SHARDS = Attributes.SETTINGS_SHARDS;
  private static final String FOLLOWERS_THRESHOLD = Attributes.SETTINGS_FOLLOWERS_THRESHOLD;
  private static final String REACTIONS_THRESHOLD = Attributes.SETTINGS_REACTIONS_THRESHOLD;
  private static final String RECORDED_AT = Attributes.SETTINGS_RECORDED_AT;

  private TableSettingsItem() {}

  /**
   * The item recording the settings.
   *
   * @param settings the settings
   * @param now when they are recorded
   * @return the item
   */
  public static Item item(TableSettings settings, Instant now) {
    FanOut fanOut = settings.fanOut();
    Sharding sharding = settings.sharding();
    Item.Builder item =
        Item.builder(KEY)
            .put(ItemCodec.ENTITY, ItemCodec.Entity.SETTINGS.name())
            .put(FAN_OUT, fanOut.isHybrid() ? "hybrid" : "off")
            .put(SHARDS, sharding.shards())
            .put(RECORDED_AT, KeyLayout.timestamp(now));
    if (fanOut.isHybrid()) {
      item.put(MAX_FOLLOWERS, fanOut.maxFollowers()).put(WINDOW, fanOut.window().toSeconds());
    }
    if (sharding.followersThreshold() != Long.MAX_VALUE) {
      item.put(FOLLOWERS_THRESHOLD, sharding.followersThreshold());
    }
    if (sharding.reactionsThreshold() != Long.MAX_VALUE) {
      item.put(REACTIONS_THRESHOLD, sharding.reactionsThreshold());
    }
    return item.build();
  }

  /**
   * The settings an item records.
   *
   * @param item the settings item
   * @return the settings, empty if the item records a value this version cannot take (a later
   *     version's): then the repository keeps its own
   */
  public static Optional<TableSettings> settings(Item item) {
    try {
      FanOut fanOut =
          "hybrid".equals(item.stringOrNull(FAN_OUT))
              ? FanOut.hybrid(
                  item.number(MAX_FOLLOWERS).intValueExact(),
                  Duration.ofSeconds(item.number(WINDOW).longValueExact()))
              : FanOut.off();
      long followers = number(item, FOLLOWERS_THRESHOLD);
      long reactions = number(item, REACTIONS_THRESHOLD);
      Sharding sharding =
          followers == Long.MAX_VALUE && reactions == Long.MAX_VALUE
              ? Sharding.off()
              : Sharding.of(item.number(SHARDS).intValueExact(), followers, reactions);
      return Optional.of(new TableSettings(fanOut, sharding));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static long number(Item item, String attribute) {
    return item.get(attribute)
        .map(v -> ((Value.Num) v).value().longValueExact())
        .orElse(Long.MAX_VALUE);
  }
}
