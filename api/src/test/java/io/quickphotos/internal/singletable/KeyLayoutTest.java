package io.quickphotos.internal.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
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

  @Property
  void timestampKeysSortChronologicallyAndRoundTrip(
      @ForAll @LongRange(min = -62135596800L, max = 253402300799L) long a,
      @ForAll @LongRange(min = -62135596800L, max = 253402300799L) long b,
      @ForAll @LongRange(min = 0, max = 999_999_999) long na,
      @ForAll @LongRange(min = 0, max = 999_999_999) long nb) {
    Instant x = Instant.ofEpochSecond(a, na);
    Instant y = Instant.ofEpochSecond(b, nb);
    String kx = KeyLayout.timestamp(x);
    String ky = KeyLayout.timestamp(y);
    assertThat(kx).hasSize(30);
    assertThat(Integer.signum(Utf8.compare(kx, ky))).isEqualTo(Integer.signum(x.compareTo(y)));
    assertThat(KeyLayout.parseTimestamp(kx)).isEqualTo(x);
  }
}
