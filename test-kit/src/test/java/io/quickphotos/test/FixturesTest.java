package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  private static Path fixture() throws URISyntaxException {
    return Path.of(FixturesTest.class.getResource("/fixtures/items.json").toURI());
  }

  @Test
  void aTutorialStyleFileLoadsAndTheRepositoryReadsIt(TestTable table, QuickPhotos photos)
      throws Exception {
    assertThat(table.load(fixture())).isEqualTo(5);

    User john = photos.getUser("jacksonjason").orElseThrow();
    assertThat(john.followers()).isEqualTo(1);
    assertThat(photos.userWithPhotos("jacksonjason", SortOrder.NEWEST_FIRST, PageRequest.first())
        .photos().items()).singleElement()
        .satisfies(p -> assertThat(p.reactions()).containsEntry(io.quickphotos.ReactionType.HEART,
            1L));
    assertThat(photos.followedBy("ylee", PageRequest.first()).items())
        .extracting(User::username).containsExactly("jacksonjason");

    List<String> lines = table.exportLines();
    assertThat(lines).hasSize(5).allMatch(line -> line.startsWith("{\"Item\":{\"PK\":"));
    EXPORTS.put(table.backend(), lines);
    EXPORTS.values().forEach(other -> assertThat(other).isEqualTo(lines));
  }

  @Test
  void anExportLoadsBackToTheSameItems(TestTable table, QuickPhotos photos,
      @TempDir Path directory) throws Exception {
    table.load(fixture());
    photos.follow("jacksonjason", "ylee");
    Path exported = directory.resolve("export.json");
    assertThat(table.export(exported)).isEqualTo(6);
    List<String> before = Files.readAllLines(exported);

    // Loading replaces items with the same key: the table is unchanged.
    assertThat(table.load(exported)).isEqualTo(6);
    StringWriter after = new StringWriter();
    table.export(after);
    assertThat(after.toString().lines().toList()).isEqualTo(before);
  }

  @Test
  void aBadLineIsRefusedWithItsNumberAndTheLinesBeforeItAreKept(TestTable table) {
    assertThatThrownBy(() -> table.load(
        "{\"Item\": {\"PK\": {\"S\": \"USER#zed\"}, \"SK\": {\"S\": \"X\"}}}",
        "",
        "{\"PK\": {\"S\": \"USER#amy\"}, \"SK\": {\"SS\": [\"a\"]}}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("line 3")
        .hasMessageContaining("SS");
    assertThatThrownBy(() -> table.load("{\"PK\": {\"S\": \"USER#amy\"}}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("line 1: an item needs string attributes PK and SK");
    assertThatThrownBy(() -> table.load("{\"PK\": {\"S\": \"\"}, \"SK\": {\"S\": \"X\"}}"))
        .isInstanceOf(InvalidInputException.class);
    assertThat(table.exportLines()).isEmpty();
  }
}
