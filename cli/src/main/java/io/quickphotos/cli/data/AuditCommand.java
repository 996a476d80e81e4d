package io.quickphotos.cli.data;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditReport;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.BackendOptions;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.backend.PreloadOptions;
import io.quickphotos.cli.output.CostRecorder;
import io.quickphotos.cli.output.Format;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Audits a table: reports every counter that disagrees with its items, every item that refers to
 * a missing user or photo, and every unfinished delete; with {@code --fix}, mends them with
 * conditional writes. Exits 0 when the table is clean (or everything found was fixed), 1 when
 * something is left.
 */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Checks a table's counters and references, and mends them with --fix.",
      "",
      "Reads the whole table with a parallel Scan (4 segments, strongly consistent) and "
          + "reports every followers, following, reaction, audience or memberships counter that "
          + "is not the number of items it counts, every photo, reaction, friendship or audience "
          + "item that refers to a user or photo that does not exist, every item of the hybrid "
          + "feed left behind (an audience item without its timeline follow, a timeline follow "
          + "without its audience item or missing photos of its window, an unfinished fan-out, "
          + "entries past their time to live), and every deletePhoto or deleteUser that began "
          + "and did not end. With --fix each is mended by conditional writes that are safe while the "
          + "application runs and idempotent: run it again until it reports nothing.",
      "",
      "Run it once on a table an earlier quickphotos wrote, and after a crash of a process "
          + "that ran deletes. A memory or DynamoDB Local backend starts empty: --file loads an "
          + "export into it first.",
      "",
      "Exit status: 0 if nothing is left to mend, 1 otherwise."
    })
public final class AuditCommand implements Callable<Integer> {
  /** Items between two progress lines. */
  static final long PROGRESS_EVERY = 10_000;

  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Option(names = "--fix", description = "Mend what the audit finds.")
  boolean fix;

  @Mixin PreloadOptions preload;

  /** Runs the audit. */
  @Override
  public Integer call() {
    backend.validate();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CostRecorder recorder = new CostRecorder();
    try (OpenBackend open = OpenBackend.open(backend, recorder, java.time.Clock.systemUTC())) {
      preload.loadInto(open, out);
      out.println("Auditing " + open.description() + (fix ? ", fixing what it finds" : ""));
      out.flush();
      long start = System.nanoTime();
      long[] shown = {0};
      AuditReport report =
          open.repository()
              .audit(
                  fix,
                  scanned -> {
                    if (scanned / PROGRESS_EVERY > shown[0] / PROGRESS_EVERY) {
                      err.printf(Locale.ROOT, "audit: scanned %s items%n", Format.count(scanned));
                      err.flush();
                    }
                    shown[0] = scanned;
                  });
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      for (AuditFinding finding : report.findings()) {
        out.println("  " + finding);
      }
      out.printf(
          Locale.ROOT,
          "Scanned %s in %s: %s, %s fixed%n",
          Format.count(report.itemsScanned(), "item"),
          Format.elapsed(took),
          Format.count(report.findings().size(), "finding"),
          Format.count(report.fixed()));
      if (report.itemsSkipped() > 0) {
        out.printf(
            Locale.ROOT,
            "Skipped %s of a kind this version does not know (a later version's).%n",
            Format.count(report.itemsSkipped(), "item"));
      }
      out.println("Consumed: " + recorder.totalSince(0));
      long left = report.findings().size() - report.fixed();
      if (left > 0) {
        out.println(
            fix
                ? "Some findings were not mended (the table changed meanwhile, or a "
                    + "delete could not finish yet): run audit --fix again."
                : "Run audit --fix to mend them.");
      }
      out.flush();
      return left == 0 ? 0 : 1;
    }
  }
}
