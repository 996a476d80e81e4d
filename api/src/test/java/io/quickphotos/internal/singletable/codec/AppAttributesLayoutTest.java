package io.quickphotos.internal.singletable.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AppValue;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Photo;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.plan.Plans;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where the caption and the application's attributes live on an item, what they add to its size,
 * and the numbers behind {@link AppValue#MAX_ATTRIBUTES_BYTES}: the largest photo and profile the
 * layout can hold, with every marker it may add, stay under 400 KB with room to spare.
 */
class AppAttributesLayoutTest {
  /** A letter of four UTF-8 bytes: the longest a character of a handle or a text can be. */
  private static final String WIDE = "\uD835\uDC9C";

  private static final Instant TAKEN = Instant.parse("2024-06-01T09:30:00Z");

  /** The largest value the layout writes into a marker or counter attribute. */
  private static final Value MARKER = new Value.Str("x".repeat(40));

  private static final Value COUNTER = Value.Num.of(Long.MIN_VALUE);

  /** Attributes that take exactly {@code bytes} as the item holds them. */
  private static Map<String, AppValue> attributesOf(int bytes) {
    return Map.of("blob", AppValue.of("b".repeat(bytes - 11)));
  }

  @Test
  void aPhotoWithoutCaptionOrAttributesIsTheItemOfBefore() {
    NewPhoto plain = new NewPhoto("ann", TAKEN, "https://x.example.com/p.jpg");
    Item item = ItemCodec.newPhoto(plain);
    assertThat(item.attributes().keySet())
        .containsExactlyInAnyOrder(
            "PK", "SK", "entity", "username", "timestamp", "location", "reactions");
    assertThat(item).isEqualTo(ItemCodec.newPhoto(plain.id(), plain.location()));
    Item user =
        ItemCodec.newUser(
            new NewUser("ann", "Ann", "a@x.io", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    assertThat(user.get(ItemCodec.APP)).isEmpty();
  }

  @Test
  void theCaptionAndAttributesAddWhatDynamoDbCounts() {
    Map<String, AppValue> attributes =
        Map.of(
            "w", AppValue.of(4032),
            "tags", AppValue.list(AppValue.of("a"), AppValue.of(true)),
            "m", AppValue.map(Map.of("k", AppValue.of(new BigDecimal("-1.5")))));
    NewPhoto plain = new NewPhoto("ann", TAKEN, "https://x.example.com/p.jpg");
    NewPhoto full = new NewPhoto("ann", TAKEN, plain.location(), "é", attributes);
    int added = ItemCodec.newPhoto(full).size() - ItemCodec.newPhoto(plain).size();
    // caption: 7 + 2; app: 3 + map (3 + Σ name + value + 1):
    // w: 1 + 3 + 1; tags: 4 + (3 + 1 + 1 + 1 + 1) + 1; m: 1 + (3 + 1 + 4 + 1) + 1, -1.5 being
    // 4 bytes: its sign and exponent, the pairs 01|50, and the negative's terminator
    int app = 3 + 3 + (1 + 3 + 1) + (4 + 7 + 1) + (1 + 9 + 1);
    assertThat(added).isEqualTo(9 + app);
    assertThat(Utf8.length(ItemCodec.APP) + ItemCodec.appAttributes(attributes).size())
        .isEqualTo(app);
    assertThat(Utf8.length(ItemCodec.APP) + ItemCodec.appAttributes(attributesOf(5_000)).size())
        .isEqualTo(5_000);
  }

  @Test
  void theyReadBackAsGiven() {
    Map<String, AppValue> attributes =
        Map.of(
            "n", AppValue.of(new BigDecimal("12.50")),
            "deep", AppValue.list(AppValue.map(Map.of("x", AppValue.list()))));
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    counts.put(ReactionType.HEART, 3L);
    NewPhoto photo = new NewPhoto("ann", TAKEN, "https://x.example.com/p.jpg", "Mist", attributes);
    Photo read = ItemCodec.photo(ItemCodec.photo(photo, counts));
    assertThat(read.caption()).isEqualTo("Mist");
    assertThat(read.attributes()).isEqualTo(attributes);
    assertThat(read.reactionCount(ReactionType.HEART)).isEqualTo(3);
    User user =
        ItemCodec.user(
            ItemCodec.newUser(
                new NewUser(
                    "ann",
                    "Ann",
                    "a@x.io",
                    LocalDate.of(1990, 1, 1),
                    "",
                    UserStatus.ACTIVE,
                    attributes)));
    assertThat(user.attributes()).isEqualTo(attributes);
  }

  @Test
  void anItemWhoseAppAttributeIsNotAMapIsUnreadable() {
    Item item =
        ItemCodec.newPhoto(new NewPhoto("ann", TAKEN, "https://x.example.com/p.jpg")).toBuilder()
            .put(ItemCodec.APP, "not a map")
            .build();
    assertThatThrownBy(() -> ItemCodec.photo(item)).isInstanceOf(UnreadableItemException.class);
    Item nullInside =
        item.toBuilder()
            .put(ItemCodec.APP, new Value.MapValue(Map.of("x", new Value.Null())))
            .build();
    assertThatThrownBy(() -> ItemCodec.photo(nullInside))
        .isInstanceOf(UnreadableItemException.class);
  }

  /**
   * The budget's numbers: a photo of a 64-character handle of four-byte letters, a location of
   * 2,048 such characters, the longest caption of them, every counter at its largest and every
   * marker the layout adds (a deletion's, a hot key's, a fan-out's, an edit's version, bound and
   * token) takes under 18 KB besides
   * the attributes; a profile under 7 KB. With attributes at the limit both stay more than 4 KB
   * under 400 KB: room for what a later version adds.
   */
  @Test
  void theLargestPhotoAndProfileLeaveRoomUnderFourHundredKilobytes() {
    String owner = WIDE.repeat(64);
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    for (ReactionType type : ReactionType.values()) {
      counts.put(type, Long.MAX_VALUE);
    }
    NewPhoto photo =
        new NewPhoto(
            owner,
            TAKEN,
            "https://x.example.com/" + WIDE.repeat(2_048 - 22),
            WIDE.repeat(NewPhoto.MAX_CAPTION),
            Map.of());
    Item layoutsPhoto =
        withMarkers(
            ItemCodec.photo(photo, counts),
            Attributes.DELETING,
            Attributes.SHARDS,
            Attributes.REVISION,
            Attributes.FEED_ATTRIBUTE,
            Attributes.VERSION,
            Attributes.APP_BYTES);
    assertThat(layoutsPhoto.size()).isLessThan(18 * 1024);

    NewUser user =
        new NewUser(
            owner,
            WIDE.repeat(256),
            WIDE.repeat(200) + "@" + "e".repeat(53),
            LocalDate.of(1990, 1, 1),
            WIDE.repeat(1024),
            UserStatus.ACTIVE);
    Item layoutsProfile =
        withMarkers(
            ItemCodec.user(user, Long.MAX_VALUE, Long.MAX_VALUE, null),
            Attributes.CLOSING,
            Attributes.CALL_TOKEN,
            Attributes.SHARDS,
            Attributes.REVISION,
            Attributes.AUDIENCE_COUNT,
            Attributes.MEMBERSHIPS_COUNT,
            Attributes.FEED_ATTRIBUTE,
            Attributes.VERSION,
            Attributes.APP_BYTES,
            Attributes.UPDATE_TOKEN);
    assertThat(layoutsProfile.size()).isLessThan(7 * 1024);

    for (Item layouts : List.of(layoutsPhoto, layoutsProfile)) {
      Item largest =
          layouts.toBuilder()
              .put(
                  ItemCodec.APP,
                  ItemCodec.appAttributes(attributesOf(AppValue.MAX_ATTRIBUTES_BYTES)))
              .build();
      assertThat(largest.size() - layouts.size()).isEqualTo(AppValue.MAX_ATTRIBUTES_BYTES);
      assertThat(Limits.MAX_ITEM_BYTES - largest.size())
          .as("room left under 400 KB")
          .isGreaterThan(4 * 1024);
    }
  }

  private static Item withMarkers(Item item, String... names) {
    Item.Builder builder = item.toBuilder();
    for (String name : names) {
      if (name.equals(Attributes.UPDATE_TOKEN)) {
        // A call's token: always 12 characters (Plans.newCallToken).
        builder.put(name, Plans.newCallToken());
      } else if (name.equals(Attributes.APP_BYTES)) {
        // The attributes' bound never passes their limit: an edit past it is refused.
        builder.put(name, Value.Num.of(AppValue.MAX_ATTRIBUTES_BYTES));
      } else {
        builder.put(
            name,
            name.equals(Attributes.DELETING)
                    || name.equals(Attributes.CLOSING)
                    || name.equals(Attributes.CALL_TOKEN)
                    || name.equals(Attributes.FEED_ATTRIBUTE)
                ? MARKER
                : COUNTER);
      }
    }
    return builder.build();
  }
}
