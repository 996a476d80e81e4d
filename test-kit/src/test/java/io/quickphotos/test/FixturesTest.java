package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AppValue;
import io.quickphotos.InvalidInputException;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures in DynamoDB JSON on both backends: the tutorial's bare lines and the export's
 * {@code {"Item": ...}} lines load alike, the repository reads what was loaded, and both
 * backends export the same text for the same data.
 */
@BothBackends
class FixturesTest {
  /** Each backend's export of the same fixture, to compare across the two runs. */
  private static final Map<Backend, List<String>> EXPORTS = new ConcurrentHashMap<>();

  private static Path itemsFile() throws URISyntaxException {
    return Path.of(FixturesTest.class.getResource("/fixtures/items.json").toURI());
  }

  @Test
  void aTutorialStyleFileLoadsAndTheRepositoryReadsIt(
      QuickPhotosFixture fixture, QuickPhotos photos) throws Exception {
    assertThat(fixture.load(itemsFile())).isEqualTo(5);

    User john = photos.getUser("jacksonjason").orElseThrow();
    assertThat(john.followers()).isEqualTo(1);
    assertThat(
            photos
                .userWithPhotos("jacksonjason", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.reactions()).containsEntry(io.quickphotos.ReactionType.HEART, 1L);
              // A fixture's photo carries its caption and the application's attributes.
              assertThat(p.caption()).isEqualTo("Sunset over the bay");
              assertThat(p.attributes())
                  .containsEntry("width", AppValue.of(4032))
                  .containsEntry("tags", AppValue.list(AppValue.of("sunset"), AppValue.of("bay")));
            });
    assertThat(photos.getUser("ylee").orElseThrow().attributes())
        .containsExactly(Map.entry("private", AppValue.of(true)));
    assertThat(photos.followedBy("ylee", PageRequest.first()).items())
        .extracting(User::username)
        .containsExactly("jacksonjason");

    List<String> lines = fixture.exportLines();
    assertThat(lines).hasSize(5).allMatch(line -> line.startsWith("{\"Item\":{\"PK\":"));
    EXPORTS.put(fixture.backend(), lines);
    EXPORTS.values().forEach(other -> assertThat(other).isEqualTo(lines));
  }

  @Test
  void anExportLoadsBackToTheSameItems(
      QuickPhotosFixture fixture, QuickPhotos photos, @TempDir Path directory) throws Exception {
    fixture.load(itemsFile());
    photos.follow("jacksonjason", "ylee");
    Path exported = directory.resolve("export.json");
    assertThat(fixture.export(exported)).isEqualTo(6);
    List<String> before = Files.readAllLines(exported);

    // Loading replaces items with the same key: the table is unchanged.
    assertThat(fixture.load(exported)).isEqualTo(6);
    StringWriter after = new StringWriter();
    fixture.export(after);
    assertThat(after.toString().lines().toList()).isEqualTo(before);
  }

  @Test
  void aBadLineIsRefusedWithItsNumberAndTheLinesBeforeItAreKept(QuickPhotosFixture fixture) {
    assertThatThrownBy(
            () ->
                fixture.load(
                    "{\"Item\": {\"PK\": {\"S\": \"USER#zed\"}, \"SK\": {\"S\": \"X\"}}}",
                    "",
                    "{\"PK\": {\"S\": \"USER#amy\"}, \"SK\": {\"SS\": [\"a\"]}}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("line 3")
        .hasMessageContaining("SS");
    assertThatThrownBy(() -> fixture.load("{\"PK\": {\"S\": \"USER#amy\"}}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("line 1: an item needs string attributes PK and SK");
    assertThatThrownBy(() -> fixture.load("{\"PK\": {\"S\": \"\"}, \"SK\": {\"S\": \"X\"}}"))
        .isInstanceOf(InvalidInputException.class);
    assertThat(fixture.exportLines()).isEmpty();
  }
}
