package io.quickphotos.cli.data;

import io.quickphotos.CostListener;
import io.quickphotos.TableItems;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.BackendOptions;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.sample.SampleData;
import io.quickphotos.cli.sample.SampleOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Writes every item of a backend's table as DynamoDB JSON, one {@code {"Item": ...}} line per
 * item — the format of DynamoDB's export to S3, which {@code load --file} and the test kit's
 * fixtures read back.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Writes a table's items as DynamoDB JSON, one item a line.",
      "",
      "Reads the whole table with Scan (strongly consistent) and writes each item as a line "
          + "{\"Item\": {\"PK\": {\"S\": ...}, ...}}, as DynamoDB's export to S3 does, sorted by "
          + "PK then SK so the same data always exports the same text. 'load --file' and the "
          + "test kit's fixtures read it back.",
      "",
      "A memory or DynamoDB Local backend starts empty: --users first fills it with a "
          + "generated data set (as 'load' does), e.g. to make a fixture file."
    })
public final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Mixin SampleOptions sample;

  @Option(
      names = "--users",
      paramLabel = "<n>",
      description = "First load a generated data set of this many users.")
  Integer users;

  @Option(
      names = "--file",
      paramLabel = "<file>",
      description = "Write to this file (replaced if it exists) instead of standard output.")
  Path file;

  /** Runs the export. */
  @Override
  public Integer call() throws IOException {
    backend.validate();
    SampleData data = users == null ? null : sample.generate(users);
    PrintWriter err = spec.commandLine().getErr();
    try (OpenBackend open =
        OpenBackend.open(
            backend,
            CostListener.NONE,
            data == null ? java.time.Clock.systemUTC() : data.clock())) {
      if (data != null) {
        open.repository().importSnapshot(data.snapshot(), written -> {});
      }
      Map<TableItems.Kind, TableItems.Tally> read;
      if (file == null) {
        read = TableItems.export(open.repository(), spec.commandLine().getOut());
      } else {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
          read = TableItems.export(open.repository(), out);
        }
      }
      // A later version's kind: not this version's to write out; counted, never a crash.
      long skipped = read.get(TableItems.Kind.OTHER).items();
      long written = read.values().stream().mapToLong(TableItems.Tally::items).sum() - skipped;
      err.printf(
          Locale.ROOT,
          "Exported %s items from %s%s%s%n",
          Format.count(written),
          open.description(),
          file == null ? "" : " to " + file,
          skipped == 0
              ? ""
              : "; skipped "
                  + Format.count(skipped, "item")
                  + " of a kind this version does not know");
      err.flush();
      return 0;
    }
  }
}
