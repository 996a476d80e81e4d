package io.quickphotos.bench.hybrid.report;

import io.quickphotos.bench.hybrid.FeedThroughput;
import io.quickphotos.bench.hybrid.HybridScenario;
import io.quickphotos.bench.hybrid.report.HybridFeedReport.PageRow;
import io.quickphotos.bench.hybrid.report.HybridFeedReport.Results;
import io.quickphotos.bench.hybrid.report.HybridFeedReport.Settings;
import io.quickphotos.bench.hybrid.report.HybridFeedReport.Storage;
import io.quickphotos.bench.hybrid.report.HybridFeedReport.Timed;
import io.quickphotos.bench.hybrid.report.HybridFeedReport.UploadRow;
import io.quickphotos.bench.latency.LatencyReport;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** The text, CSV and chart of {@link HybridFeedReport}. Stateless. */
final class HybridMarkdown {
  private HybridMarkdown() {}

  /**
   * The requests an upload makes by design in the hybrid: the transaction, the audience and
   * pending fan-outs (A + 1 items, K + 25 a Query page), the entries (25 a BatchWriteItem), and
   * the pending fan-out's delete.
   *
   * @param audience A
   * @param k the setting's K
   * @return 1 + ⌈(A + 1) / (K + 25)⌉ + ⌈A / 25⌉ + 1
   */
  static int designRequests(int audience, int k) {
    return 1 + ceil(audience + 1, k + 25) + ceil(audience, 25) + 1;
  }

  /**
   * The round trips an upload waits for by design at a parallelism: the transaction, the Query
   * pages one after another, the BatchWriteItem requests in waves, the delete.
   *
   * @param audience A
   * @param k the setting's K
   * @param parallelism requests side by side
   * @return 1 + ⌈(A + 1) / (K + 25)⌉ + ⌈⌈A / 25⌉ / parallelism⌉ + 1
   */
  static int designRoundTrips(int audience, int k, int parallelism) {
    return 1 + ceil(audience + 1, k + 25) + ceil(ceil(audience, 25), parallelism) + 1;
  }

  private static int ceil(int a, int b) {
    return (a + b - 1) / b;
  }

  static String markdown(
      Results results,
      Settings settings,
      String machineBefore,
      String machineAfter,
      String took,
      String name) {
    String delay = settings.delay().toMillis() + " ms";
    StringBuilder md = new StringBuilder();
    md.append("# The hybrid home feed: what it costs\n\n");
    md.append(
        "What `FanOut.hybrid()` costs beside fan-out on read (`FanOut.off()`, the default): a"
            + " home-feed page, an upload and its fan-out, the storage of a timeline follower,"
            + " and the dollars of a million of each; and, on the throughput model, whether"
            + " uploads throttle anything.\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "Run: `java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.hybrid.report.HybridFeedReport`"
                + " (`--out <base>` to write elsewhere), after `./mvnw -pl benchmarks -am package"
                + " -DskipTests`. Measured on %s; the run took %s. Machine at the start: %s; at"
                + " the end: %s. Other builds and tests ran on the machine at the same time, so"
                + " the milliseconds carry their noise; the requests and units do not.%n%n",
            HybridFeedReport.today(),
            took,
            machineBefore,
            machineAfter));
    md.append(
        String.format(
            Locale.ROOT,
            "**Method.** Every figure comes from calls of the repository, built as an application"
                + " builds it. The data is made by the repository's own calls (`HybridScenario`):"
                + " a timeline follow is a `follow` of a hybrid repository, and a pull follow is a"
                + " follow of an account that already has K followers. Times are medians of"
                + " calls taking turns without delay and at %s a request (after one warm-up"
                + " each); **round trips** = (median at %s − median at 0 ms) / %s, as in"
                + " [latency.md](latency.md), so they run a little above the waits (each wait"
                + " also costs the next request a wake-up). **Pages** run on DynamoDB Local"
                + " 2.6.1 with the delay in the HTTP client (`DelayingHttpClient`); their"
                + " requests and read units are also taken on the memory engine, which bills as"
                + " the service documents (DynamoDB Local bills a Query that reads nothing zero,"
                + " and the same otherwise here). **Uploads** run on the memory engine with the"
                + " delay simulated per request (`SimulatedLatency`, what"
                + " `MemoryQuickPhotos.builder().latency(..)` builds) at parallelism %d, billed"
                + " as the service bills (a transaction's writes twice), which DynamoDB Local"
                + " does not do. Prices: on demand, us-east-1, $%.3f per million read request"
                + " units and $%.3f per million write request units.%n%n",
            delay,
            delay,
            delay,
            HybridFeedReport.PARALLEL,
            HybridFeedReport.READ_PRICE,
            HybridFeedReport.WRITE_PRICE));
    pages(md, results, settings);
    uploads(md, results, settings);
    audiences(md, results, settings);
    storage(md, results.storage());
    dollars(md, results);
    throughput(md, results);
    md.append("\n![page latency at ")
        .append(delay)
        .append(" a request, hybrid beside pull](")
        .append(name)
        .append(".png)\n");
    return md.toString();
  }

  private static void pages(StringBuilder md, Results results, Settings settings) {
    String delay = settings.delay().toMillis() + " ms";
    md.append("## A page: the newest 25\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "A reader follows F accounts, each with %d photos in the window, interleaved in time"
                + " (`FeedScenario`'s shape); with 5 pull follows, 5 of the F are accounts with K ="
                + " %,d followers (pull follows, which also switched them to sharded counters) and"
                + " F − 5 are timeline follows. **Hybrid** is `FanOut.hybrid()` at parallelism %d;"
                + " **pull** is `FanOut.off()` on the same table and reader (each F on a DynamoDB Local of its own), at parallelism %d (the"
                + " default) and 1 (its requests one after another, the \"before\" of"
                + " [latency.md](latency.md)). Pages per case: %s. Every page was checked to be"
                + " the same 25 photos in every mode and on both engines. RCU: the service's"
                + " billing (memory engine); DynamoDB Local's, where it differs, after the"
                + " slash.%n%n",
            HybridScenario.PHOTOS_PER_AUTHOR,
            settings.k(),
            HybridFeedReport.PARALLEL,
            HybridFeedReport.PARALLEL,
            callsText(settings.followees(), settings.pageCalls())));
    md.append(
            "| F | pull follows | hybrid: requests | hybrid: RCU | hybrid: ms at 0 ms | hybrid: ms at ")
        .append(delay)
        .append(" | hybrid: round trips | by design | pull: requests | pull: RCU | pull (")
        .append(HybridFeedReport.PARALLEL)
        .append("): ms at ")
        .append(delay)
        .append(" | pull (")
        .append(HybridFeedReport.PARALLEL)
        .append("): round trips | by design | pull (1): ms at ")
        .append(delay)
        .append(" | hybrid vs pull (")
        .append(HybridFeedReport.PARALLEL)
        .append(") |\n");
    md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int f : settings.followees()) {
      for (int p : settings.pulls()) {
        Optional<PageRow> hybrid = page(results, f, p, "hybrid", HybridFeedReport.PARALLEL);
        Optional<PageRow> pull = page(results, f, p, "pull", HybridFeedReport.PARALLEL);
        Optional<PageRow> pull1 = page(results, f, p, "pull", 1);
        if (hybrid.isEmpty() || pull.isEmpty() || pull1.isEmpty()) {
          continue;
        }
        Timed h = hybrid.get().local();
        Timed q = pull.get().local();
        md.append(
            String.format(
                Locale.ROOT,
                "| %,d | %d | %s | %s | %s | %s | %.1f | %d | %s | %s | %s | %.1f | %d | %s |"
                    + " %.1f× faster |%n",
                f,
                p,
                h.requests(),
                units(hybrid.get().serviceReadUnits(), h.readUnits()),
                millis(h.millisUndelayed()),
                millis(h.millisDelayed()),
                h.roundTrips(settings.delay()),
                LatencyReport.hybridRoundTrips(f),
                q.requests(),
                units(pull.get().serviceReadUnits(), q.readUnits()),
                millis(q.millisDelayed()),
                q.roundTrips(settings.delay()),
                LatencyReport.designRoundTrips(f, HybridFeedReport.PARALLEL),
                millis(pull1.get().local().millisDelayed()),
                q.millisDelayed() / h.millisDelayed()));
      }
    }
    md.append(
        "\nBy design a hybrid page makes ⌊F / 1000⌋ + 1 Queries of the followed list, then in one"
            + " round the timeline's Query beside one Query per pull follow, then one BatchGetItem"
            + " of the page's timeline photos (strongly consistent, 1 RCU each): ⌊F / 1000⌋ + 3 +"
            + " p requests and round trips, whatever F. Its read units are the followed list's, the"
            + " timeline's (0.5 per 4 KB) and the BatchGetItem's, so it reads about 25 RCU"
            + " however few accounts a reader follows; a pull page reads about one unit per"
            + " followed account. Round trips are measured as a difference of two medians: on a"
            + " loaded machine DynamoDB Local's own time moves by more than the delays, and the"
            + " difference can come out far from the design, even below zero; the requests, the"
            + " units and the design do not depend on the load.\n\n");
  }

  private static void uploads(StringBuilder md, Results results, Settings settings) {
    String delay = settings.delay().toMillis() + " ms";
    md.append("## An upload, by the author's followers N (K = ")
        .append(HybridFeedReport.count(settings.k()))
        .append(")\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "An author followed by N users who followed it one after another through a hybrid"
                + " repository with K = %,d and the default sharding: the first ones (at most K)"
                + " are its audience A, the rest are pull follows. Up to %,d followers are real"
                + " users following by `follow`; beyond that (N = 1,000,000) the other followers"
                + " are friendship items written straight to the memory engine and the author's"
                + " `followers` counter set to N, without user items: an upload reads only the"
                + " audience, which is real. **Fan-out complete** counts, after each timed"
                + " upload returned, the audience members whose timeline lacked the photo: with"
                + " the fan-out in the upload call, the time until every timeline follower can"
                + " see the photo is the call's duration. Uploads per case: %d at each delay."
                + " Pull-only is `FanOut.off()` on the same table.%n%n",
            settings.k(),
            settings.realFollowers(),
            settings.uploadCalls()));
    md.append(
            "| N | audience A | pull follows | hybrid: requests | by design | RCU | WCU | ms at 0 ms | ms at ")
        .append(delay)
        .append(
            " | round trips | by design | entries missing at return | pull-only: requests | RCU | WCU | ms at ")
        .append(delay)
        .append(" |\n");
    md.append(
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (UploadRow row : results.uploads()) {
      if (!row.section().equals("N") || !row.mode().equals("hybrid")) {
        continue;
      }
      Optional<UploadRow> pull =
          results.uploads().stream()
              .filter(
                  u ->
                      u.section().equals("N")
                          && u.mode().equals("pull")
                          && u.followers() == row.followers())
              .findFirst();
      Timed t = row.timed();
      md.append(
          String.format(
              Locale.ROOT,
              "| %,d | %,d | %,d | %s | %,d | %s | %s | %s | %s | %.1f | %d | %,d of %,d |",
              row.followers(),
              row.audience(),
              row.followers() - row.audience(),
              t.requests(),
              designRequests(row.audience(), settings.k()),
              number(t.readUnits()),
              number(t.writeUnits()),
              millis(t.millisUndelayed()),
              millis(t.millisDelayed()),
              t.roundTrips(settings.delay()),
              designRoundTrips(row.audience(), settings.k(), HybridFeedReport.PARALLEL),
              row.incomplete(),
              (long) row.audience() * (2L * t.calls() + 2)));
      if (pull.isPresent()) {
        Timed p = pull.get().timed();
        md.append(
            String.format(
                Locale.ROOT,
                " %s | %s | %s | %s |%n",
                p.requests(),
                number(p.readUnits()),
                number(p.writeUnits()),
                millis(p.millisDelayed())));
      } else {
        md.append(" | | | |\n");
      }
    }
    md.append(
        "\nAn audience never exceeds K, so an author with 10,000 or 1,000,000 followers uploads"
            + " at the cost of one with K: the rest read its photos at page time.\n\n");
  }

  private static void audiences(StringBuilder md, Results results, Settings settings) {
    String delay = settings.delay().toMillis() + " ms";
    int k = settings.audiences().stream().mapToInt(Integer::intValue).max().orElse(0);
    md.append("## An upload, by the audience A (K raised to ")
        .append(HybridFeedReport.count(k))
        .append(")\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "What choosing K means: an author whose A followers are all timeline follows"
                + " (`FanOut.hybrid(%,d, 30 days)`, sharding off so that no follow becomes a pull"
                + " follow at 1,000), on the memory engine at %s a request, parallelism %d."
                + " Uploads per case: %d at each delay. The dollars are the upload's units at"
                + " on-demand prices; one pull-only upload costs the same at every A (section"
                + " above).%n%n",
            k,
            delay,
            HybridFeedReport.PARALLEL,
            settings.uploadCalls()));
    md.append(
            "| A | requests | by design | RCU | WCU | round trips | by design | ms at 0 ms | ms at ")
        .append(delay)
        .append(" | entries missing at return | $ per million uploads |\n");
    md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (UploadRow row : results.uploads()) {
      if (!row.section().equals("A")) {
        continue;
      }
      Timed t = row.timed();
      md.append(
          String.format(
              Locale.ROOT,
              "| %,d | %s | %,d | %s | %s | %.1f | %d | %s | %s | %,d | $%s |%n",
              row.audience(),
              t.requests(),
              designRequests(row.audience(), k),
              number(t.readUnits()),
              number(t.writeUnits()),
              t.roundTrips(settings.delay()),
              designRoundTrips(row.audience(), k, HybridFeedReport.PARALLEL),
              millis(t.millisUndelayed()),
              millis(t.millisDelayed()),
              row.incomplete(),
              dollars(uploadDollars(t))));
    }
    md.append(
        "\nThe audience's Query reads K + 25 items a page (the audience and the upload's own"
            + " pending fan-out in one request up to A = K), and the entries' BatchWriteItem"
            + " requests go out 50 at a time: the write units grow as 2A + 10, the round trips as"
            + " 3 + ⌈A / 1,250⌉.\n\n");
  }

  private static void storage(StringBuilder md, Storage storage) {
    md.append("## Storage per timeline follower\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "Sizes by DynamoDB's formula (`Item.size()`: each attribute's name and value), the"
                + " mean over the pages' scenario (%,d timeline entries, readers' handles %.1f"
                + " characters, authors' %.1f), and stored as DynamoDB counts storage: the item"
                + " plus %d bytes of overhead, in the table and again in `InvertedIndex`"
                + " (projection ALL).%n%n",
            storage.entries(),
            storage.readerLength(),
            storage.ownerLength(),
            Storage.OVERHEAD));
    md.append("| Item | size | stored (table + index) |\n|---|---:|---:|\n");
    md.append(
        String.format(
            Locale.ROOT,
            "| timeline entry (one per follower and photo of the window) | %.1f B | %.1f B |%n",
            storage.entryBytes(),
            storage.entryStored()));
    md.append(
        String.format(
            Locale.ROOT,
            "| audience item (one per timeline follow) | %.1f B | %.1f B |%n",
            storage.audienceBytes(),
            storage.audienceStored()));
    md.append(
        String.format(
            Locale.ROOT,
            "| the friendship's `feed = timeline` mark | +%.1f B | +%.1f B |%n%n",
            storage.friendshipMarkBytes(),
            2 * storage.friendshipMarkBytes()));
    md.append(
        String.format(
            Locale.ROOT,
            "So a timeline follow of an author who uploads u photos in the window stores about"
                + " %.0f + %.0f·u bytes: %.1f KB at u = 30 (a photo a day). An entry's key holds"
                + " both handles (the reader's twice), so longer handles add 3 bytes per"
                + " character of the reader's and 2 of the author's. Without TTL enabled on"
                + " `expiresAt`, entries stay after the window and grow with every upload.%n%n",
            storage.audienceStored() + 2 * storage.friendshipMarkBytes(),
            storage.entryStored(),
            (storage.audienceStored()
                    + 2 * storage.friendshipMarkBytes()
                    + 30 * storage.entryStored())
                / 1000));
  }

  private static void dollars(StringBuilder md, Results results) {
    md.append("## Dollars per million, on demand (us-east-1)\n\n");
    md.append("| Page: F | pull follows | hybrid | pull |\n|---:|---:|---:|---:|\n");
    for (PageRow row : results.pages()) {
      if (!row.mode().equals("hybrid")) {
        continue;
      }
      page(results, row.followees(), row.pulls(), "pull", HybridFeedReport.PARALLEL)
          .ifPresent(
              pull ->
                  md.append(
                      String.format(
                          Locale.ROOT,
                          "| %,d | %d | $%s | $%s |%n",
                          row.followees(),
                          row.pulls(),
                          dollars(row.serviceReadUnits() * HybridFeedReport.READ_PRICE),
                          dollars(pull.serviceReadUnits() * HybridFeedReport.READ_PRICE))));
    }
    md.append("\n| Upload: N | audience A | hybrid | pull |\n|---:|---:|---:|---:|\n");
    for (UploadRow row : results.uploads()) {
      if (!row.section().equals("N") || !row.mode().equals("hybrid")) {
        continue;
      }
      results.uploads().stream()
          .filter(
              u ->
                  u.section().equals("N")
                      && u.mode().equals("pull")
                      && u.followers() == row.followers())
          .findFirst()
          .ifPresent(
              pull ->
                  md.append(
                      String.format(
                          Locale.ROOT,
                          "| %,d | %,d | $%s | $%s |%n",
                          row.followers(),
                          row.audience(),
                          dollars(uploadDollars(row.timed())),
                          dollars(uploadDollars(pull.timed())))));
    }
    md.append(
        "\nPages at the service's billing (memory engine); uploads' read and write units"
            + " together.\n\n");
  }

  private static void throughput(StringBuilder md, Results results) {
    md.append("## On the throughput model: does a fan-out throttle anything?\n\n");
    md.append(
        "The memory engine's `Throughput.onDemand()` model (3,000 read and 1,000 write units a"
            + " second per table and index partition, index back-pressure on table writes, split"
            + " for heat after 5 s; see the README's hot-keys section), simulated seconds on a"
            + " clock that moves between calls, one thread (`FeedThroughput`; a throttled request"
            + " is retried at once and the call fails). A partition's load is its units over the"
            + " run per second, a mean; a throttled attempt would show any second over its limit."
            + " Every follow was a real `follow` of a hybrid repository (K = 1,000, default"
            + " sharding) before the clock started.\n\n");
    md.append(
        "| Run | authors × followers (audience) | uploads/s | pages/s | seconds | uploads failed |"
            + " pages failed | throttled attempts | fan-outs left pending | entries written |"
            + " WCU/s | RCU/s | wall time (setup + run) |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (FeedThroughput.Run run : results.throughput()) {
      FeedThroughput.Load load = run.load();
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %,d × %,d (%,d) | %,d | %,d | %d | %,d of %,d | %,d of %,d | %,d | %,d | %,d |"
                  + " %,.0f | %,.0f | %.0f s + %.0f s |%n",
              load.name(),
              load.authors(),
              load.followersEach(),
              run.audience(),
              load.uploadsPerSecond(),
              load.pagesPerSecond(),
              load.seconds(),
              run.failedUploads(),
              run.uploads(),
              run.failedPages(),
              run.pages(),
              run.throttledAttempts(),
              run.pendingLeft(),
              run.entriesWritten(),
              run.writeUnits() / load.seconds(),
              run.readUnits() / load.seconds(),
              run.setupSeconds(),
              run.runSeconds()));
    }
    md.append(
        "\nThe hottest partitions of each run (share = the larger of RCU/s over 3,000 and WCU/s over 1,000):\n\n");
    md.append("| Run | | partition key value | RCU/s | WCU/s | share of its limit | refused |\n");
    md.append("|---|---|---|---:|---:|---:|---:|\n");
    for (FeedThroughput.Run run : results.throughput()) {
      List<FeedThroughput.Hot> hot = new ArrayList<>(run.table());
      hot.addAll(run.index());
      for (FeedThroughput.Hot h : hot) {
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | `%s` | %,.1f | %,.1f | %.1f%% | %,d |%n",
                run.load().name(),
                h.onIndex() ? "index" : "table",
                h.partitionValue(),
                h.readUnits(),
                h.writeUnits(),
                100 * h.share(),
                h.refused()));
      }
    }
    md.append('\n');
  }

  // --- CSV and chart ---------------------------------------------------------------------------

  static String csv(Results results, Settings settings) {
    long delay = settings.delay().toMillis();
    StringBuilder csv = new StringBuilder();
    csv.append(
        String.format(
            Locale.ROOT,
            "section,mode,followees_or_followers,pulls_or_audience,parallelism,requests_min,"
                + "requests_max,rcu_service,rcu_measured,wcu,median_ms_at_0ms,median_ms_at_%dms,"
                + "round_trips,calls,missing_entries%n",
            delay));
    for (PageRow row : results.pages()) {
      Timed t = row.local();
      csv.append(
          String.format(
              Locale.ROOT,
              "page,%s,%d,%d,%d,%d,%d,%.1f,%.1f,%.1f,%.3f,%.3f,%.1f,%d,%n",
              row.mode(),
              row.followees(),
              row.pulls(),
              row.parallelism(),
              t.minRequests(),
              t.maxRequests(),
              row.serviceReadUnits(),
              t.readUnits(),
              t.writeUnits(),
              t.millisUndelayed(),
              t.millisDelayed(),
              t.roundTrips(settings.delay()),
              t.calls()));
    }
    for (UploadRow row : results.uploads()) {
      Timed t = row.timed();
      csv.append(
          String.format(
              Locale.ROOT,
              "upload-%s,%s,%d,%d,%d,%d,%d,%.1f,%.1f,%.1f,%.3f,%.3f,%.1f,%d,%d%n",
              row.section(),
              row.mode(),
              row.followers(),
              row.audience(),
              HybridFeedReport.PARALLEL,
              t.minRequests(),
              t.maxRequests(),
              t.readUnits(),
              t.readUnits(),
              t.writeUnits(),
              t.millisUndelayed(),
              t.millisDelayed(),
              t.roundTrips(settings.delay()),
              t.calls(),
              row.incomplete()));
    }
    return csv.toString();
  }

  static void chart(Results results, Settings settings, Path png) throws IOException {
    List<String> cases = new ArrayList<>();
    List<Double> hybrid = new ArrayList<>();
    List<Double> pull = new ArrayList<>();
    List<Double> pull1 = new ArrayList<>();
    for (int f : settings.followees()) {
      for (int p : settings.pulls()) {
        Optional<PageRow> h = page(results, f, p, "hybrid", HybridFeedReport.PARALLEL);
        Optional<PageRow> q = page(results, f, p, "pull", HybridFeedReport.PARALLEL);
        Optional<PageRow> q1 = page(results, f, p, "pull", 1);
        if (h.isEmpty() || q.isEmpty() || q1.isEmpty()) {
          continue;
        }
        cases.add(String.format(Locale.ROOT, "F = %,d, %d pull", f, p));
        hybrid.add(h.get().local().millisDelayed());
        pull.add(q.get().local().millisDelayed());
        pull1.add(q1.get().local().millisDelayed());
      }
    }
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(1200)
            .height(600)
            .title(
                "Home-feed page of 25 on DynamoDB Local, "
                    + settings.delay().toMillis()
                    + " ms a request: median ms")
            .xAxisTitle("followed accounts F, of them pull follows")
            .yAxisTitle("ms (log scale)")
            .build();
    var styler = chart.getStyler();
    styler.setYAxisLogarithmic(true);
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setYAxisDecimalPattern("#,##0");
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    chart.addSeries("hybrid, parallelism " + HybridFeedReport.PARALLEL, cases, hybrid);
    chart.addSeries("pull, parallelism " + HybridFeedReport.PARALLEL, cases, pull);
    chart.addSeries("pull, parallelism 1", cases, pull1);
    double min = Double.MAX_VALUE;
    double max = 0;
    for (List<Double> series : List.of(hybrid, pull, pull1)) {
      for (double v : series) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    if (max > 0) {
      styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
      styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(max))));
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  // --- helpers ---------------------------------------------------------------------------------

  static Optional<PageRow> page(Results results, int f, int p, String mode, int parallelism) {
    return results.pages().stream()
        .filter(
            r ->
                r.followees() == f
                    && r.pulls() == p
                    && r.mode().equals(mode)
                    && r.parallelism() == parallelism)
        .findFirst();
  }

  static double uploadDollars(Timed t) {
    return t.readUnits() * HybridFeedReport.READ_PRICE
        + t.writeUnits() * HybridFeedReport.WRITE_PRICE;
  }

  private static String units(double service, double local) {
    return Math.abs(service - local) < 1e-9
        ? number(service)
        : number(service) + " / " + number(local);
  }

  private static String number(double value) {
    return value == Math.rint(value)
        ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%,.1f", value);
  }

  private static String dollars(double value) {
    return String.format(Locale.ROOT, value < 10 ? "%,.2f" : "%,.0f", value);
  }

  private static String millis(double value) {
    return String.format(Locale.ROOT, value < 100 ? "%.1f" : "%,.0f", value);
  }

  private static String callsText(List<Integer> followees, List<Integer> calls) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < followees.size(); i++) {
      parts.add(String.format(Locale.ROOT, "%,d at F = %,d", calls.get(i), followees.get(i)));
    }
    return String.join(", ", parts);
  }
}
