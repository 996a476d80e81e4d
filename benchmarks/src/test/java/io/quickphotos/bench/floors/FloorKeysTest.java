package io.quickphotos.bench.floors;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.bench.DataSet;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The floors' copy of the key layout is the repository's layout, key for key. */
class FloorKeysTest {
  private static final DataSet DATA = DataSet.of(2_000);

  @Test
  void everyKeyOfTheDataSetIsTheRepositorys() {
    for (NewUser user : DATA.users) {
      assertSame(FloorKeys.user(user.username()), KeyLayout.user(user.username()));
      assertThat(FloorKeys.followingPartition(user.username()))
          .isEqualTo(KeyLayout.followingPartition(user.username()));
    }
    for (PhotoId photo : DATA.photos) {
      assertSame(FloorKeys.photo(photo), KeyLayout.photo(photo));
    }
    for (Follow follow : DATA.follows) {
      assertSame(
          FloorKeys.friendship(follow.followed(), follow.follower()),
          KeyLayout.friendship(follow.followed(), follow.follower()));
    }
    for (Reaction reaction : DATA.reactions) {
      assertSame(
          FloorKeys.reaction(reaction.reactor(), reaction.type(), reaction.photo()),
          KeyLayout.reaction(reaction.reactor(), reaction.type(), reaction.photo()));
    }
    assertThat(List.of(FloorKeys.USER, FloorKeys.METADATA, FloorKeys.PHOTO, FloorKeys.REACTION))
        .containsExactly(KeyLayout.USER, KeyLayout.METADATA, KeyLayout.PHOTO, KeyLayout.REACTION);
    assertThat(FloorKeys.FRIEND).isEqualTo(KeyLayout.FRIEND);
    assertThat(FloorKeys.AFTER_ALL_PHOTOS).isEqualTo(KeyLayout.AFTER_ALL_PHOTOS);
    assertThat(FloorKeys.PK).isEqualTo(Item.PK);
    assertThat(FloorKeys.SK).isEqualTo(Item.SK);
    assertThat(FloorKeys.INVERTED_INDEX).isEqualTo(Limits.INVERTED_INDEX_NAME);
    assertThat(FloorKeys.MAX_BATCH_GET_KEYS).isEqualTo(Limits.MAX_BATCH_GET_KEYS);
    assertSame(
        FloorKeys.reaction("ann", ReactionType.SUNGLASSES, DATA.photos.get(0)),
        KeyLayout.reaction("ann", ReactionType.SUNGLASSES, DATA.photos.get(0)));
  }

  @Test
  void timestampsAreWrittenAsTheRepositoryWritesThem() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 10_000; i++) {
      Instant instant =
          Instant.ofEpochSecond(
              random.nextLong(-62_135_596_800L - 1_000, 253_402_300_799L + 1_000),
              random.nextInt(1_000_000_000));
      assertThat(FloorKeys.timestamp(instant)).isEqualTo(KeyLayout.timestamp(instant));
    }
    // Years beyond four digits, before the first and after 9999, go through the formatter.
    for (Instant edge :
        List.of(
            Instant.EPOCH,
            Instant.parse("2000-02-29T23:59:59.999999999Z"),
            Instant.parse("+12345-06-07T08:09:10.5Z"),
            Instant.parse("-0042-01-01T00:00:00Z"))) {
      assertThat(FloorKeys.timestamp(edge)).isEqualTo(KeyLayout.timestamp(edge));
    }
  }

  @Test
  void keysCompareInDynamoDbsOrderAsTheEnginesDo() {
    String[] units = {"a", "A", "#", "$", "\uE000", "\uFFFF", "\uD83D\uDE00", "é", ""};
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < 10_000; i++) {
      String a = units[random.nextInt(units.length)] + units[random.nextInt(units.length)];
      String b = units[random.nextInt(units.length)] + units[random.nextInt(units.length)];
      assertThat(Integer.signum(FloorKeys.compare(a, b)))
          .isEqualTo(Integer.signum(Utf8.compare(a, b)));
    }
  }

  private static void assertSame(FloorKeys.Key floor, Key layout) {
    assertThat(floor.pk()).isEqualTo(layout.pk());
    assertThat(floor.sk()).isEqualTo(layout.sk());
  }
}
