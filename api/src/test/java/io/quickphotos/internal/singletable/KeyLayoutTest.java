package io.quickphotos.internal.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import org.junit.jupiter.api.Test;

class KeyLayoutTest {

  @Test
  void keysFollowTheDesign() {
    PhotoId photo = new PhotoId("jacksonjason", Instant.parse("2018-05-30T15:42:38Z"));
    assertThat(KeyLayout.user("jacksonjason"))
        .isEqualTo(new Key("USER#jacksonjason", "#METADATA#jacksonjason"));
    assertThat(KeyLayout.photo(photo)).isEqualTo(
        new Key("USER#jacksonjason", "PHOTO#jacksonjason#2018-05-30T15:42:38.000000000Z"));
    assertThat(KeyLayout.reaction("ylee", ReactionType.SMILEY, photo)).isEqualTo(
        new Key("REACTION#ylee#smiley", "PHOTO#jacksonjason#2018-05-30T15:42:38.000000000Z"));
    assertThat(KeyLayout.friendship("jacksonjason", "ylee"))
        .isEqualTo(new Key("USER#jacksonjason", "#FRIEND#ylee"));
  }

  @Test
  void aUsersPartitionSortsFriendshipsThenProfileThenPhotos() {
    PhotoId photo = new PhotoId("u", Instant.EPOCH);
    List<String> sortKeys = new ArrayList<>(List.of(KeyLayout.photo(photo).sk(),
        KeyLayout.user("u").sk(), KeyLayout.friendship("u", "zzz").sk()));
    sortKeys.sort(Utf8::compare);
    assertThat(sortKeys).containsExactly("#FRIEND#zzz", "#METADATA#u",
        "PHOTO#u#1970-01-01T00:00:00.000000000Z");
    SortKeyCondition profileAndPhotos =
        SortKeyCondition.between(KeyLayout.METADATA + "u", KeyLayout.AFTER_ALL_PHOTOS);
    assertThat(profileAndPhotos.matches(sortKeys.get(0))).isFalse();
    assertThat(profileAndPhotos.matches(sortKeys.get(1))).isTrue();
    assertThat(profileAndPhotos.matches(sortKeys.get(2))).isTrue();
  }

  private static final long FIRST_SECOND = -62135596800L;
  private static final long LAST_SECOND = 253402300799L;

  /**
   * Instants from year 1 to year 9999, the range the fixed-width timestamp covers, with the
   * range's ends, the epoch and whole seconds more often than chance would give them.
   */
  private static final Gen<Instant> INSTANTS = c -> Instant.ofEpochSecond(
      Gen.frequency(Gen.weighted(6, Gen.longs(FIRST_SECOND, LAST_SECOND)),
          Gen.weighted(1, Gen.of(FIRST_SECOND, LAST_SECOND, 0L, -1L))).generate(c),
      Gen.frequency(Gen.weighted(6, Gen.longs(0, 999_999_999)),
          Gen.weighted(1, Gen.of(0L, 999_999_999L, 1L))).generate(c));

  /** Two instants, a quarter of them in the same second, where only the nanoseconds differ. */
  private static final Gen<List<Instant>> PAIRS = c -> {
    Instant x = INSTANTS.generate(c);
    Instant y = Gen.booleans().generate(c) && Gen.booleans().generate(c)
        ? Instant.ofEpochSecond(x.getEpochSecond(), Gen.longs(0, 999_999_999).generate(c))
        : INSTANTS.generate(c);
    return List.of(x, y);
  };

  @Test
  void timestampKeysSortChronologicallyAndRoundTrip() {
    Property.named("KeyLayoutTest.timestampKeysSortChronologicallyAndRoundTrip").cases(1000)
        .check(PAIRS, pair -> {
          Instant x = pair.get(0);
          Instant y = pair.get(1);
          String kx = KeyLayout.timestamp(x);
          String ky = KeyLayout.timestamp(y);
          assertThat(kx).hasSize(30);
          assertThat(Integer.signum(Utf8.compare(kx, ky)))
              .isEqualTo(Integer.signum(x.compareTo(y)));
          assertThat(KeyLayout.parseTimestamp(kx)).isEqualTo(x);
        });
  }
}
