package io.quickphotos.internal.singletable.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Utf8;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyLayoutTest {

  @Test
  void keysFollowTheDesign() {
    PhotoId photo = new PhotoId("jacksonjason", Instant.parse("2018-05-30T15:42:38Z"));
    assertThat(KeyLayout.user("jacksonjason"))
        .isEqualTo(new Key("USER#jacksonjason", "#METADATA#jacksonjason"));
    assertThat(KeyLayout.photo(photo))
        .isEqualTo(
            new Key("USER#jacksonjason", "PHOTO#jacksonjason#2018-05-30T15:42:38.000000000Z"));
    assertThat(KeyLayout.reaction("ylee", ReactionType.SMILEY, photo))
        .isEqualTo(
            new Key("REACTION#ylee#smiley", "PHOTO#jacksonjason#2018-05-30T15:42:38.000000000Z"));
    assertThat(KeyLayout.friendship("jacksonjason", "ylee"))
        .isEqualTo(new Key("USER#jacksonjason", "#FRIEND#ylee"));
  }

  @Test
  void aUsersPartitionSortsFriendshipsThenProfileThenPhotos() {
    PhotoId photo = new PhotoId("u", Instant.EPOCH);
    List<String> sortKeys =
        new ArrayList<>(
            List.of(
                KeyLayout.photo(photo).sk(),
                KeyLayout.user("u").sk(),
                KeyLayout.friendship("u", "zzz").sk()));
    sortKeys.sort(Utf8::compare);
    assertThat(sortKeys)
        .containsExactly("#FRIEND#zzz", "#METADATA#u", "PHOTO#u#1970-01-01T00:00:00.000000000Z");
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
  private static final Gen<Instant> INSTANTS =
      c ->
          Instant.ofEpochSecond(
              Gen.frequency(
                      Gen.weighted(6, Gen.longs(FIRST_SECOND, LAST_SECOND)),
                      Gen.weighted(1, Gen.of(FIRST_SECOND, LAST_SECOND, 0L, -1L)))
                  .generate(c),
              Gen.frequency(
                      Gen.weighted(6, Gen.longs(0, 999_999_999)),
                      Gen.weighted(1, Gen.of(0L, 999_999_999L, 1L)))
                  .generate(c));

  /** Two instants, a quarter of them in the same second, where only the nanoseconds differ. */
  private static final Gen<List<Instant>> PAIRS =
      c -> {
        Instant x = INSTANTS.generate(c);
        Instant y =
            Gen.booleans().generate(c) && Gen.booleans().generate(c)
                ? Instant.ofEpochSecond(x.getEpochSecond(), Gen.longs(0, 999_999_999).generate(c))
                : INSTANTS.generate(c);
        return List.of(x, y);
      };

  @Test
  void timestampKeysSortChronologicallyAndRoundTrip() {
    Property.named("KeyLayoutTest.timestampKeysSortChronologicallyAndRoundTrip")
        .cases(1000)
        .check(
            PAIRS,
            pair -> {
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

  // --- the hand-written timestamp format against the DateTimeFormatter it replaced -------------

  /** The formatter KeyLayout used before it wrote and read timestamps by hand: the reference. */
  private static final DateTimeFormatter REFERENCE =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  /** Years -1000 to 12000: mostly the hand-written range, some outside it. */
  private static final Gen<Instant> WIDE_INSTANTS =
      Gen.frequency(
          Gen.weighted(4, INSTANTS),
          Gen.weighted(
              1,
              c ->
                  Instant.ofEpochSecond(
                      Gen.longs(-93_692_592_000L, 316_536_076_799L).generate(c),
                      Gen.longs(0, 999_999_999).generate(c))));

  /** What the reference parser makes of a text: the instant, or the exception KeyLayout throws. */
  private static Object referenceParse(String text) {
    try {
      return Instant.from(REFERENCE.parse(text));
    } catch (DateTimeParseException e) {
      return "IllegalArgumentException: not a key timestamp: " + text + " / " + e.getMessage();
    }
  }

  private static Object parse(String text) {
    try {
      return KeyLayout.parseTimestamp(text);
    } catch (IllegalArgumentException e) {
      return "IllegalArgumentException: " + e.getMessage() + " / " + e.getCause().getMessage();
    }
  }

  /**
   * Timestamp texts near the canonical shape: a formatted instant whose fields are replaced by
   * random two-digit (or four-digit) numbers, which gives invalid months, days (February 29th of
   * common years, April 31st), hours, minutes and seconds; then perhaps one character replaced,
   * dropped or added, or a sign put in front.
   */
  private static final Gen<String> TEXTS =
      c -> {
        StringBuilder text = new StringBuilder(REFERENCE.format(WIDE_INSTANTS.generate(c)));
        if (text.length() == 30 && Gen.integers(0, 3).generate(c) > 0) {
          text.replace(
              0,
              4,
              String.format(
                  "%04d",
                  Gen.frequency(
                          Gen.weighted(3, Gen.integers(0, 9999)),
                          Gen.weighted(1, Gen.of(0, 1, 1900, 2000, 2019, 2020, 2100, 2400, 9999)))
                      .generate(c)));
          int[] starts = {5, 8, 11, 14, 17};
          List<Gen<Integer>> edges =
              List.of(
                  Gen.of(0, 1, 2, 4, 12, 13),
                  Gen.of(0, 1, 28, 29, 30, 31, 32),
                  Gen.of(0, 23, 24),
                  Gen.of(0, 59, 60),
                  Gen.of(0, 59, 60));
          for (int i = 0; i < starts.length; i++) {
            if (Gen.booleans().generate(c)) {
              int value =
                  Gen.frequency(Gen.weighted(1, Gen.integers(0, 99)), Gen.weighted(2, edges.get(i)))
                      .generate(c);
              text.replace(starts[i], starts[i] + 2, String.format("%02d", value));
            }
          }
        }
        String alphabet = "0123456789-:.TZtz +\u0663\uFF11";
        switch (Gen.integers(0, 4).generate(c)) {
          case 1 ->
              text.setCharAt(
                  Gen.integers(0, text.length() - 1).generate(c),
                  alphabet.charAt(Gen.integers(0, alphabet.length() - 1).generate(c)));
          case 2 -> text.deleteCharAt(Gen.integers(0, text.length() - 1).generate(c));
          case 3 ->
              text.insert(
                  (int) Gen.integers(0, text.length()).generate(c),
                  alphabet.charAt(Gen.integers(0, alphabet.length() - 1).generate(c)));
          case 4 -> text.insert(0, (String) Gen.of("+", "-", "+1", "0").generate(c));
          default -> {}
        }
        return text.toString();
      };

  @Test
  void timestampWritesWhatTheFormatterWrote() {
    Property.named("KeyLayoutTest.timestampWritesWhatTheFormatterWrote")
        .cases(5000)
        .check(
            WIDE_INSTANTS,
            instant ->
                assertThat(KeyLayout.timestamp(instant)).isEqualTo(REFERENCE.format(instant)));
  }

  @Test
  void parseTimestampAcceptsAndRefusesWhatTheFormatterDid() {
    Property.named("KeyLayoutTest.parseTimestampAcceptsAndRefusesWhatTheFormatterDid")
        .cases(5000)
        .check(TEXTS, text -> assertThat(parse(text)).isEqualTo(referenceParse(text)));
  }

  @Test
  void timestampEdgeCasesMatchTheFormatter() {
    List<Instant> instants =
        List.of(
            Instant.parse("0001-01-01T00:00:00Z"),
            Instant.parse("9999-12-31T23:59:59.999999999Z"),
            Instant.parse("0000-12-31T23:59:59Z"),
            Instant.parse("+10000-01-01T00:00:00Z"),
            Instant.parse("2000-02-29T12:00:00.5Z"),
            Instant.parse("1900-03-01T00:00:00Z"),
            Instant.parse("2400-02-29T23:59:59Z"),
            Instant.parse("1969-12-31T23:59:59.999999999Z"),
            Instant.EPOCH);
    for (Instant instant : instants) {
      assertThat(KeyLayout.timestamp(instant)).isEqualTo(REFERENCE.format(instant));
    }
    List<String> texts =
        List.of(
            "0001-01-01T00:00:00.000000000Z",
            "9999-12-31T23:59:59.999999999Z",
            "0000-01-01T00:00:00.000000000Z",
            "2000-02-29T00:00:00.000000000Z",
            "1900-02-29T00:00:00.000000000Z",
            "2019-02-29T00:00:00.000000000Z",
            "2019-02-30T00:00:00.000000000Z",
            "2019-04-31T00:00:00.000000000Z",
            "2019-02-32T00:00:00.000000000Z",
            "2019-00-01T00:00:00.000000000Z",
            "2019-13-01T00:00:00.000000000Z",
            "2019-01-00T00:00:00.000000000Z",
            "2019-01-01T24:00:00.000000000Z",
            "2019-01-01T24:00:01.000000000Z",
            "2019-01-01T23:60:00.000000000Z",
            "2019-01-01T23:59:60.000000000Z",
            "+12345-01-01T00:00:00.000000000Z",
            "12345-01-01T00:00:00.000000000Z",
            "-0001-01-01T00:00:00.000000000Z",
            "2019-01-01T00:00:00.00000000Z",
            "2019-01-01T00:00:00.0000000000Z",
            "2019-01-01T00:00:00Z",
            "2019-1-01T00:00:00.000000000Z",
            "2019-01-01t00:00:00.000000000Z",
            "2019-01-01T00:00:00.000000000z",
            "2019-01-01T00:00:00.00000000aZ",
            "20x9-01-01T00:00:00.000000000Z",
            "\uFF12019-01-01T00:00:00.000000000Z",
            "2019-01-01T00:00:00.000000000Z ",
            "");
    for (String text : texts) {
      assertThat(parse(text)).as(text).isEqualTo(referenceParse(text));
    }
    assertThat(KeyLayout.parseTimestamp("2019-02-29T00:00:00.000000000Z"))
        .isEqualTo(Instant.parse("2019-02-28T00:00:00Z"));
  }
}
