package io.quickphotos.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import io.quickphotos.cli.sample.SampleData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** export writes DynamoDB JSON lines that load --file reads back, on memory and DynamoDB Local. */
class ExportCommandTest {

  @Test
  void exportsAGeneratedDataSetAsExportLines(@TempDir Path directory) throws Exception {
    SampleData expected = SampleData.generate(3, 5);
    Path file = directory.resolve("items.json");

    Cli.Run run = Cli.run("export", "--users", "5", "--seed", "3", "--file", file.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("Exported " + expected.itemCount() + " items from memory");
    List<String> lines = Files.readAllLines(file);
    assertThat(lines)
        .hasSize((int) expected.itemCount())
        .allMatch(line -> line.startsWith("{\"Item\":{\"PK\":{\"S\":"));
    // The same seed exports the same text, to standard output too.
    Cli.Run again = Cli.run("export", "--users", "5", "--seed", "3");
    assertThat(again.out().lines().toList()).isEqualTo(lines);
  }

  @Test
  void loadReadsAnExportBackIntoDynamoDbLocal(@TempDir Path directory) throws Exception {
    Path file = directory.resolve("items.json");
    assertThat(Cli.run("export", "--users", "4", "--file", file.toString()).exitCode()).isZero();
    long items = Files.readAllLines(file).size();

    Cli.Run run = Cli.run("load", "--file", file.toString(), "--backend", "dynamodb-local");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Loading " + file + " into DynamoDB Local")
        .containsPattern("Wrote " + items + " items with BatchWriteItem, 25 a request, in ");
  }

  @Test
  void loadAcceptsTheTutorialsBareLinesAndNamesABadLine(@TempDir Path directory) throws Exception {
    Path file = directory.resolve("items.json");
    Files.writeString(
        file,
        String.join(
            "\n",
            "{\"PK\": {\"S\": \"USER#ann\"}, \"SK\": {\"S\": \"#METADATA#ann\"}, \"n\": {\"N\": \"1\"}}",
            "{\"Item\": {\"PK\": {\"S\": \"USER#bob\"}, \"SK\": {\"S\": \"#METADATA#bob\"}}}",
            ""));
    Cli.Run run = Cli.run("load", "--file", file.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("Wrote 2 items");

    Files.writeString(file, "{\"PK\": {\"S\": \"USER#ann\"}}\n");
    Cli.Run bad = Cli.run("load", "--file", file.toString());
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err()).contains("line 1: an item needs string attributes PK and SK");

    Cli.Run both = Cli.run("load", "--file", file.toString(), "--users", "3");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("--users and --seed apply to generated data only");

    Cli.Run missing = Cli.run("load", "--file", directory.resolve("none.json").toString());
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).contains("no such file");
  }
}
