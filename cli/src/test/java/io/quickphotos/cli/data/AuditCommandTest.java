package io.quickphotos.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import org.junit.jupiter.api.Test;

class AuditCommandTest {
  /** An export written by the version before fenced cascades, with a wedged photo. */
  private static final String WEDGED =
      "../api/src/test/resources/io/quickphotos/contract/export-416d064.json";

  @Test
  void reportsAWedgedTableAndExitsOne() {
    Cli.Run run = Cli.run("audit", "--file", WEDGED);

    assertThat(run.exitCode()).as(run.out()).isEqualTo(1);
    assertThat(run.out())
        .contains("Loaded 19 items")
        .contains(
            "COUNTER_MISMATCH photo ann@2024-02-02T10:00:00Z: heart: counter 1, "
                + "reaction items 0")
        .contains("UNFINISHED_DELETE user dan")
        .contains("Scanned 19 items")
        .contains("3 findings, 0 fixed")
        .contains("Run audit --fix to mend them.");
  }

  @Test
  void mendsItWithFixAndExitsZero() {
    Cli.Run run = Cli.run("audit", "--fix", "--file", WEDGED);

    assertThat(run.exitCode()).as(run.out()).isZero();
    assertThat(run.out())
        .contains("3 findings, 3 fixed")
        .contains("(fixed)")
        .containsPattern("Consumed: .*requests");
  }

  @Test
  void anEmptyTableIsClean() {
    Cli.Run run = Cli.run("audit");

    assertThat(run.exitCode()).as(run.out()).isZero();
    assertThat(run.out()).contains("Scanned 0 items").contains("0 findings");
  }

  @Test
  void skipsAndCountsItemsOfAKindThisVersionDoesNotKnow(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path later = dir.resolve("later.json");
    java.nio.file.Files.copy(java.nio.file.Path.of(WEDGED), later);
    java.nio.file.Files.writeString(
        later,
        "{\"Item\":{\"PK\":{\"S\":\"USER#ann\"},\"SK\":{\"S\":\"#NOTE#1\"},"
            + "\"entity\":{\"S\":\"NOTE\"},\"text\":{\"S\":\"a later version's\"}}}\n",
        java.nio.file.StandardOpenOption.APPEND);

    Cli.Run run = Cli.run("audit", "--fix", "--file", later.toString());

    assertThat(run.exitCode()).as(run.out()).isZero();
    assertThat(run.out())
        .contains("Scanned 20 items")
        .contains("3 findings, 3 fixed")
        .contains("Skipped 1 item of a kind this version does not know");
  }
}
