package io.quickphotos.bench.latency;

import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.bench.hybrid.HybridScenario;
import io.quickphotos.bench.latency.LatencyReport.Row;
import io.quickphotos.bench.latency.LatencyReport.Settings;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The markdown and CSV of {@link LatencyReport}. Stateless. */
final class LatencyMarkdown {
  private LatencyMarkdown() {}

  /**
   * The report: the method, then a table of the access patterns and one of the feed.
   *
   * @param rows the measured rows
   * @param settings how they were measured
   * @param machineBefore the machine's state when measuring began
   * @param machineAfter its state when measuring ended
   * @param took how long measuring took
   * @return markdown
   */
  static String markdown(
      List<Row> rows, Settings settings, String machineBefore, String machineAfter, String took) {
    String delay = millis(settings.delay());
    StringBuilder md = new StringBuilder();
    md.append("# Latency: the round trips of each call\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "**Method.** DynamoDB Local runs in the measuring JVM and is reached over loopback, so"
                + " a request costs only the server's own time. To make the network visible, every"
                + " request waits a fixed delay in the HTTP client before it is sent"
                + " (`DelayingHttpClient`, around the URL-connection client): the wall-clock time"
                + " of a call is then (round trips one after another × delay) + DynamoDB Local's"
                + " time. Each call is timed without delay and at %s per request, with the same"
                + " arguments, the two taking turns call by call; a cell is the median of the timed"
                + " calls (after one warm-up call each). **Round trips** = (median at %s − median"
                + " at 0 ms) / %s, to one decimal: the waits on the call's critical path. Requests"
                + " one after another count one each; requests sent side by side wait together and"
                + " count once. It is measured, not counted: DynamoDB Local's own time varies from"
                + " call to call (a few milliseconds on a busy machine), which moves it by a few"
                + " tenths, and where requests side by side queue for the server's CPU one's wait"
                + " overlaps another's processing, so fewer round trips can show than the waves of"
                + " requests the design sends. **Requests** are the cost listener's"
                + " (`OperationCost.requests()`) for each timed call. **Before**: the repository"
                + " at `parallelism(1)`, a call's requests one after another; **after**: the default,"
                + " `parallelism(%d)` (`DynamoQuickPhotos.DEFAULT_PARALLELISM`), a call's"
                + " independent requests side by side (the home feed's per-author Queries, the"
                + " chunks of one BatchGetItem read). One thread calls: this is the latency of one"
                + " call, not a throughput.%n%n",
            delay,
            delay,
            delay,
            LatencyReport.AFTER));
    md.append(
        String.format(
            Locale.ROOT,
            "The access patterns run on the benchmarks' data set of %,d items (%,d users, each"
                + " with %d photos, following %d others), on the first page of %d where there is"
                + " a list; each timed call takes the next argument from the data set's rings, as"
                + " the JMH benchmarks do, and what a call needs first (a user to delete, a follow"
                + " to undo) and what puts the table back after it go through a separate"
                + " repository without delay, neither timed nor counted. The home feed reads the"
                + " newest page of %d of a reader who follows F accounts with %d photos each"
                + " (`FeedScenario`), on a DynamoDB Local of its own for each F.%n%n",
            DataSet.of(settings.items()).itemCount(),
            DataSet.of(settings.items()).users.size(),
            DataSet.PHOTOS_PER_USER,
            DataSet.FOLLOWS_PER_USER,
            DataSet.PAGE_SIZE,
            FeedScenario.PAGE,
            FeedScenario.PHOTOS_PER_FOLLOWEE));
    md.append(calibration(rows, settings.delay()));
    md.append(
            "Run: `java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.latency.LatencyReport`")
        .append(" (`--out <base>` to write elsewhere). ")
        .append(
            String.format(
                Locale.ROOT,
                "Measured on %s; the run took %s. Machine at the start: %s; at the end: %s.%n%n",
                LocalDate.now(ZoneOffset.UTC),
                took,
                machineBefore,
                machineAfter));

    md.append(
        String.format(
            Locale.ROOT,
            "## Access patterns: one call, median of %d%n%n",
            settings.patternCalls()));
    appendTable(md, rows, "pattern", settings.delay(), false);

    md.append("\n## Home feed: the newest page of ").append(FeedScenario.PAGE).append("\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "Calls per F: %s. By design, a page makes ⌊F / 1000⌋ + 1 Queries of the followed"
                + " accounts one after another, then F per-author Queries: all one after another"
                + " before, in waves of %d after, so ⌊F / 1000⌋ + 1 + ⌈F / %d⌉ round trips.%n%n",
            feedCallsText(settings),
            LatencyReport.AFTER,
            LatencyReport.AFTER));
    appendTable(md, rows, "feed", settings.delay(), true);
    md.append(
        "\nWhere the round trips after are fewer than by design, DynamoDB Local's own time hid"
            + " the waits: its requests queue for the machine's processors, and while one wave"
            + " waits its delay the server is still busy with the requests of others, so the"
            + " delay adds less than a wave's worth of time.\n");
    if (rows.stream().anyMatch(row -> row.section().equals("hybrid"))) {
      md.append("\n## Home feed, hybrid: the same page with `FanOut.hybrid()`\n\n");
      md.append(
          String.format(
              Locale.ROOT,
              "A reader who follows F accounts, every follow a timeline follow (made by `follow`"
                  + " on a hybrid repository; `HybridScenario`, %d photos each within the"
                  + " window, the same shape as above), on the same DynamoDB Local, read by a"
                  + " repository with `FanOut.hybrid()`. Calls per F as above. By design a page"
                  + " makes ⌊F / 1000⌋ + 1 Queries of the followed list, one Query of the"
                  + " timeline and one BatchGetItem of the page's photos, one after another"
                  + " whatever the parallelism: ⌊F / 1000⌋ + 3 round trips (a pull follow adds a"
                  + " Query in the timeline's round; see [hybrid.md](hybrid.md)). The last"
                  + " columns compare it with the pull page above at %s.%n%n",
              HybridScenario.PHOTOS_PER_AUTHOR,
              delay));
      appendHybridTable(md, rows, settings.delay());
    }
    return md.toString();
  }

  /**
   * What one delayed request added to a call that sends its requests one after another, taken
   * from the feed page with the most requests at {@link LatencyReport#BEFORE}: the per-request figure behind
   * every round-trip count, which exceeds the delay by what an idle gap costs the next request.
   *
   * @return a paragraph, or nothing if no feed was measured
   */
  private static String calibration(List<Row> rows, Duration delay) {
    return rows.stream()
        .filter(row -> row.section().equals("feed") && row.parallelism() == LatencyReport.BEFORE)
        .max(java.util.Comparator.comparingInt(Row::maxRequests))
        .map(
            row ->
                String.format(
                    Locale.ROOT,
                    "**Calibration.** Sent one after another, a request took %.2f ms longer at"
                        + " %s than at 0 ms on this run (the F = %,d feed page before: (%s − %s)"
                        + " ms / %,d requests), not %s: the rest is what the idle gap costs the"
                        + " request that follows it (DynamoDB Local's threads and the connection"
                        + " wake up after each wait; spinning instead of parking in the client"
                        + " changed little), and a busy machine makes it larger. So a call"
                        + " of one request shows about %.1f round trips, and every count here is"
                        + " above the number of waits in that proportion.%n%n",
                    (row.millisDelayed() - row.millisUndelayed()) / row.maxRequests(),
                    millis(delay),
                    row.followees(),
                    millis(row.millisDelayed()),
                    millis(row.millisUndelayed()),
                    row.maxRequests(),
                    millis(delay),
                    (row.millisDelayed() - row.millisUndelayed())
                        / row.maxRequests()
                        / (delay.toNanos() / 1e6)))
        .orElse("");
  }

  /** One line per case: the row at {@link LatencyReport#BEFORE} and the one at {@link LatencyReport#AFTER} after it. */
  private static void appendTable(
      StringBuilder md, List<Row> rows, String section, Duration perRequest, boolean feed) {
    String delay = millis(perRequest);
    md.append(feed ? "| F | requests |" : "| Pattern | requests |");
    for (String when : List.of("before", "after")) {
      md.append(
          String.format(
              Locale.ROOT,
              " %s: ms at 0 ms | %s: ms at %s | %s: round trips |",
              when,
              when,
              delay,
              when));
    }
    if (feed) {
      md.append(" round trips by design, before / after | at ")
          .append(delay)
          .append(": after vs before |");
    }
    md.append("\n|---|---:|").append("---:|".repeat(6));
    if (feed) {
      md.append("---:|---:|");
    }
    md.append('\n');
    for (int i = 0; i + 1 < rows.size(); i++) {
      Row before = rows.get(i);
      Row after = rows.get(i + 1);
      if (!before.section().equals(section)
          || before.parallelism() != LatencyReport.BEFORE
          || !after.name().equals(before.name())) {
        continue;
      }
      md.append("| ")
          .append(feed ? LatencyReport.count(before.followees()) : "`" + before.name() + "`")
          .append(" | ")
          .append(
              before.requests().equals(after.requests())
                  ? before.requests()
                  : before.requests() + " / " + after.requests())
          .append(" |");
      for (Row row : List.of(before, after)) {
        md.append(' ')
            .append(millis(row.millisUndelayed()))
            .append(" | ")
            .append(millis(row.millisDelayed()))
            .append(" | ")
            .append(String.format(Locale.ROOT, "%.1f", row.roundTrips(perRequest)))
            .append(" |");
      }
      if (feed) {
        md.append(' ')
            .append(LatencyReport.count(before.maxRequests()))
            .append(" / ")
            .append(
                LatencyReport.count(
                    LatencyReport.designRoundTrips(before.followees(), LatencyReport.AFTER)))
            .append(" | ")
            .append(
                String.format(
                    Locale.ROOT, "%.1f× faster", before.millisDelayed() / after.millisDelayed()))
            .append(" |");
      }
      md.append('\n');
    }
  }

  /** The hybrid page at both parallelisms, beside the pull page of the same F. */
  private static void appendHybridTable(StringBuilder md, List<Row> rows, Duration perRequest) {
    String delay = millis(perRequest);
    md.append("| F | requests |");
    for (String when : List.of("before", "after")) {
      md.append(
          String.format(
              Locale.ROOT,
              " %s: ms at 0 ms | %s: ms at %s | %s: round trips |",
              when,
              when,
              delay,
              when));
    }
    md.append(
        String.format(
            Locale.ROOT,
            " round trips by design | pull before: ms at %s | pull after: ms at %s | hybrid after"
                + " vs pull before | hybrid after vs pull after |%n",
            delay,
            delay));
    md.append("|---|---:|").append("---:|".repeat(11)).append('\n');
    for (Row before : rows) {
      if (!before.section().equals("hybrid") || before.parallelism() != LatencyReport.BEFORE) {
        continue;
      }
      Row after = find(rows, "hybrid", before.followees(), LatencyReport.AFTER);
      Row pullBefore = find(rows, "feed", before.followees(), LatencyReport.BEFORE);
      Row pullAfter = find(rows, "feed", before.followees(), LatencyReport.AFTER);
      if (after == null || pullBefore == null || pullAfter == null) {
        continue;
      }
      md.append("| ")
          .append(LatencyReport.count(before.followees()))
          .append(" | ")
          .append(
              before.requests().equals(after.requests())
                  ? before.requests()
                  : before.requests() + " / " + after.requests())
          .append(" |");
      for (Row row : List.of(before, after)) {
        md.append(' ')
            .append(millis(row.millisUndelayed()))
            .append(" | ")
            .append(millis(row.millisDelayed()))
            .append(" | ")
            .append(String.format(Locale.ROOT, "%.1f", row.roundTrips(perRequest)))
            .append(" |");
      }
      md.append(
          String.format(
              Locale.ROOT,
              " %d | %s | %s | %.1f× faster | %.1f× faster |%n",
              LatencyReport.hybridRoundTrips(before.followees()),
              millis(pullBefore.millisDelayed()),
              millis(pullAfter.millisDelayed()),
              pullBefore.millisDelayed() / after.millisDelayed(),
              pullAfter.millisDelayed() / after.millisDelayed()));
    }
  }

  private static Row find(List<Row> rows, String section, int followees, int parallelism) {
    for (Row row : rows) {
      if (row.section().equals(section)
          && row.followees() == followees
          && row.parallelism() == parallelism) {
        return row;
      }
    }
    return null;
  }

  /**
   * The rows as CSV, one line per case and parallelism.
   *
   * @param rows the measured rows
   * @param settings how they were measured
   * @return CSV with a header line
   */
  static String csv(List<Row> rows, Settings settings) {
    long delayMillis = settings.delay().toMillis();
    StringBuilder csv = new StringBuilder();
    csv.append(
        String.format(
            Locale.ROOT,
            "section,case,followees,parallelism,requests_min,requests_max,median_ms_at_0ms,"
                + "median_ms_at_%dms,round_trips,design_round_trips,calls%n",
            delayMillis));
    for (Row row : rows) {
      String design =
          row.section().equals("feed")
              ? Integer.toString(LatencyReport.designRoundTrips(row.followees(), row.parallelism()))
              : row.section().equals("hybrid")
                  ? Integer.toString(LatencyReport.hybridRoundTrips(row.followees()))
                  : "";
      csv.append(
          String.format(
              Locale.ROOT,
              "%s,%s,%d,%d,%d,%d,%.3f,%.3f,%.1f,%s,%d%n",
              row.section(),
              row.name(),
              row.followees(),
              row.parallelism(),
              row.minRequests(),
              row.maxRequests(),
              row.millisUndelayed(),
              row.millisDelayed(),
              row.roundTrips(settings.delay()),
              design,
              row.calls()));
    }
    return csv.toString();
  }

  private static String feedCallsText(Settings settings) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < settings.followees().size(); i++) {
      parts.add(
          String.format(
              Locale.ROOT,
              "%,d at F = %,d",
              settings.feedCalls().get(i),
              settings.followees().get(i)));
    }
    return String.join(", ", parts);
  }

  private static String millis(Duration duration) {
    return String.format(Locale.ROOT, "%d ms", duration.toMillis());
  }

  private static String millis(double value) {
    return String.format(Locale.ROOT, value < 100 ? "%.1f" : "%,.0f", value);
  }
}
