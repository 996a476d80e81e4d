package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.FanOut;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.TableItems;
import io.quickphotos.TableItems.Kind;
import io.quickphotos.TableItems.Tally;
import io.quickphotos.TableSettings;
import io.quickphotos.UserStatus;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link TableItems} on a backend: export and load round trips, the census, the users, and the
 * same errors for the same bad input. A backend's subclass supplies repositories on new, empty
 * tables.
 */
public abstract class TableItemsContract {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2024-06-01T12:00:00Z"), ZoneOffset.UTC);
  private static final Instant TAKEN = Instant.parse("2024-05-01T08:00:00.123456789Z");
  private static final String ANN_LINE =
      "{\"Item\":{\"PK\":{\"S\":\"USER#ann\"},\"SK\":{\"S\":\"#METADATA#ann\"}}}";

  /**
   * A repository on a new, empty table, each call another table.
   *
   * @param clock stamps follows and reactions
   * @return the repository
   */
  protected abstract QuickPhotos newRepository(Clock clock);

  @Test
  void anEmptyTableExportsNothingAndCountsNothing() {
    QuickPhotos photos = newRepository(CLOCK);
    StringWriter out = new StringWriter();

    Map<Kind, Tally> exported = TableItems.export(photos, out);

    assertThat(out.toString()).isEmpty();
    assertThat(exported)
        .containsOnlyKeys(Kind.values())
        .allSatisfy((kind, tally) -> assertThat(tally).isEqualTo(Tally.NONE));
    assertThat(TableItems.census(photos)).isEqualTo(exported);
    assertThat(TableItems.usernames(photos)).isEmpty();
  }

  @Test
  void anExportLoadsIntoAnotherTableAsTheSameItems() {
    QuickPhotos source = newRepository(CLOCK);
    Photo photo = fill(source);
    String text = export(source);

    QuickPhotos copy = newRepository(CLOCK);
    long written = TableItems.load(copy, new StringReader(text));

    assertThat(written).isEqualTo(text.lines().count()).isEqualTo(7);
    assertThat(export(copy)).isEqualTo(text);
    assertThat(copy.getUser("ann")).isEqualTo(source.getUser("ann"));
    assertThat(copy.getPhoto(photo.id())).isEqualTo(source.getPhoto(photo.id()));
    assertThat(copy.isFollowing("bob", "ann")).isTrue();
    assertThat(copy.recordedSettings()).isEqualTo(source.recordedSettings());
    assertThat(TableItems.census(copy)).isEqualTo(TableItems.census(source));
    // Sorted by PK then SK in UTF-8 byte order: '#' (0x23) before 'P' and 'U'.
    assertThat(text.lines().map(TableItemsContract::keyOf))
        .containsExactly(
            "#SETTINGS|#SETTINGS",
            "REACTION#bob#heart|PHOTO#ann#2024-05-01T08:00:00.123456789Z",
            "USER#ann|#FRIEND#bob",
            "USER#ann|#METADATA#ann",
            "USER#ann|PHOTO#ann#2024-05-01T08:00:00.123456789Z",
            "USER#bob|#METADATA#bob",
            "USER#cat|#METADATA#cat");
  }

  @Test
  void theCensusCountsEachKindAndItsSize() {
    QuickPhotos photos = newRepository(CLOCK);
    fill(photos);

    Map<Kind, Tally> census = TableItems.census(photos);

    Map<Kind, Long> items = new EnumMap<>(Kind.class);
    census.forEach((kind, tally) -> items.put(kind, tally.items()));
    assertThat(items)
        .containsEntry(Kind.USER, 3L)
        .containsEntry(Kind.PHOTO, 1L)
        .containsEntry(Kind.REACTION, 1L)
        .containsEntry(Kind.FRIENDSHIP, 1L)
        .containsEntry(Kind.SETTINGS, 1L)
        .containsEntry(Kind.SHARD, 0L)
        .containsEntry(Kind.AUDIENCE, 0L)
        .containsEntry(Kind.FAN_OUT, 0L)
        .containsEntry(Kind.TIMELINE_ENTRY, 0L)
        .containsEntry(Kind.OTHER, 0L);
    // A profile: names and values of PK, SK, entity, the profile's fields and counters.
    assertThat(census.get(Kind.USER).bytes()).isBetween(3 * 100L, 3 * 400L);
    assertThatThrownBy(() -> census.put(Kind.USER, Tally.NONE))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(TableItems.usernames(photos)).containsExactly("ann", "bob", "cat");
  }

  @Test
  void anItemOfAnUnknownKindIsCountedAndLeftOutOfTheExport() {
    QuickPhotos photos = newRepository(CLOCK);
    long written =
        TableItems.load(
            photos,
            new StringReader(
                ANN_LINE
                    + "\n\n"
                    // Bare, as in the AWS tutorial's items.json, of a kind a later version writes.
                    + "{\"PK\": {\"S\": \"LATER#x\"}, \"SK\": {\"S\": \"y\"},"
                    + " \"entity\": {\"S\": \"ALBUM\"}, \"n\": {\"N\": \"3\"}}\n"));

    assertThat(written).isEqualTo(2);
    StringWriter out = new StringWriter();
    Map<Kind, Tally> exported = TableItems.export(photos, out);
    assertThat(exported.get(Kind.OTHER).items()).isEqualTo(2);
    assertThat(out.toString()).isEmpty();
    assertThat(TableItems.census(photos).get(Kind.OTHER).items()).isEqualTo(2);
  }

  @Test
  void aKeyTheLinesRepeatEndsWithItsLastItem() {
    QuickPhotos photos = newRepository(CLOCK);
    QuickPhotos source = newRepository(CLOCK);
    source.createUser(newUser("ann"));
    String profile = export(source).strip();

    long written =
        TableItems.load(
            photos, new StringReader(profile.replace("Name of ann", "Ann") + "\n" + profile));

    assertThat(written).isEqualTo(2);
    assertThat(photos.getUser("ann").orElseThrow().name()).isEqualTo("Name of ann");
  }

  @Test
  void badInputIsRefusedAlikeOnEveryBackend() {
    QuickPhotos photos = newRepository(CLOCK);
    QuickPhotos foreign =
        (QuickPhotos)
            Proxy.newProxyInstance(
                QuickPhotos.class.getClassLoader(),
                new Class<?>[] {QuickPhotos.class},
                (proxy, method, args) -> null);

    assertThatThrownBy(() -> TableItems.load(null, new StringReader(ANN_LINE)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("repository must not be null");
    assertThatThrownBy(() -> TableItems.load(photos, null))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("lines must not be null");
    assertThatThrownBy(() -> TableItems.export(photos, null))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("out must not be null");
    assertThatThrownBy(() -> TableItems.census(foreign))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("not a repository built by MemoryQuickPhotos or DynamoQuickPhotos");
    assertThatThrownBy(() -> TableItems.usernames(null)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(
            () ->
                TableItems.load(
                    photos, new StringReader(ANN_LINE + "\n{\"PK\": {\"S\": \"USER#bob\"}}\n")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("line 2: an item needs string attributes PK and SK");
    assertThatThrownBy(() -> TableItems.load(photos, new StringReader("{\"Item\": [1]}")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("line 1: ");
    // Larger than DynamoDB's 400 KB: refused by the table, on both backends.
    String large =
        "{\"PK\": {\"S\": \"USER#ann\"}, \"SK\": {\"S\": \"x\"}, \"a\": {\"S\": \""
            + "a".repeat(410 * 1024)
            + "\"}}";
    assertThatThrownBy(() -> TableItems.load(photos, new StringReader(large)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("refused by the table: ");
    // The first line waited for its batch: nothing was written.
    assertThat(TableItems.census(photos).get(Kind.USER)).isEqualTo(Tally.NONE);
    assertThatThrownBy(() -> new Tally(-1, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  /** Three users, a photo, a follow, a reaction and the settings: seven items. */
  private static Photo fill(QuickPhotos photos) {
    photos.createUser(newUser("ann"));
    photos.createUser(newUser("bob"));
    photos.createUser(newUser("cat"));
    Photo photo = photos.uploadPhoto("ann", TAKEN, "https://photos.example.com/ann/1.jpg");
    photos.follow("bob", "ann");
    photos.reactTo("bob", photo.id(), ReactionType.HEART);
    photos.recordSettings(new TableSettings(FanOut.off(), Sharding.defaults()));
    return photo;
  }

  private static String export(QuickPhotos photos) {
    StringWriter out = new StringWriter();
    TableItems.export(photos, out);
    return out.toString();
  }

  /** {@code PK|SK} of an export line. */
  private static String keyOf(String line) {
    List<String> quoted = List.of(line.split("\""));
    return quoted.get(quoted.indexOf("PK") + 4) + "|" + quoted.get(quoted.indexOf("SK") + 4);
  }

  private static NewUser newUser(String username) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "",
        UserStatus.ACTIVE);
  }
}
