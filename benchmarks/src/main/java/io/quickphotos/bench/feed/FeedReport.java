package io.quickphotos.bench.feed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quickphotos.bench.feed.FeedCosts.Cost;
import io.quickphotos.bench.feed.FeedScenario.Design;
import io.quickphotos.bench.report.Report;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The home feed's two designs side by side: the exact capacity of a feed page and of an upload
 * in each (measured once on the in-memory engine by {@link FeedCosts}), the crossover where
 * fan-out on write starts to cost less than fan-out on read, and, given JMH results of
 * {@link FeedBenchmark}, the time of each. Writes a markdown report and two charts.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.feed.FeedReport
 * benchmarks/results/feed.json} (writes {@code feed.md}, {@code feed-crossover.png} and
 * {@code feed-capacity.png} beside the JSON; {@code --out <base>} puts them elsewhere). Without
 * a JSON file the report has the capacity and the crossover only.
 */
public final class FeedReport {
  private static final int WIDTH = 1100;
  private static final int HEIGHT = 650;

  private FeedReport() {}

  /**
   * Writes the report.
   *
   * @param args JMH JSON files of {@code FeedBenchmark} (optional), {@code --out <base>}, and
   *     {@code --note <text>} for a paragraph on how the times were taken
   * @throws IOException if a file cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    List<Path> inputs = new ArrayList<>();
    Path base = null;
    String note = "";
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        base = Path.of(args[++i]);
      } else if (args[i].equals("--note") && i + 1 < args.length) {
        note = args[++i];
      } else {
        inputs.add(Path.of(args[i]));
      }
    }
    if (base == null) {
      base = inputs.isEmpty() ? Path.of("feed") : Report.withoutExtension(inputs.get(0));
    }
    Report.Written written = write(inputs, base, note);
    System.out.print(Files.readString(written.markdown()));
  }

  /**
   * Measures the costs, reads the JMH results and writes {@code <base>.md},
   * {@code <base>-crossover.png} and {@code <base>-capacity.png}.
   *
   * @param jmhJson JMH JSON files with FeedBenchmark results; may be empty
   * @param base the path of the outputs without extension
   * @param note a paragraph on how the times were taken, or empty
   * @return what was written
   * @throws IOException if a file cannot be read or written
   */
  static Report.Written write(List<Path> jmhJson, Path base, String note) throws IOException {
    FeedCosts.Table costs = FeedCosts.measure();
    Map<String, double[]> times = new TreeMap<>();
    for (Path json : jmhJson) {
      times.putAll(times(json));
    }
    if (base.getParent() != null) {
      Files.createDirectories(base.getParent());
    }
    Path markdown = Path.of(base + ".md");
    Files.writeString(markdown, markdown(costs, times, note));
    Path crossover = Path.of(base + "-crossover.png");
    crossoverChart(costs, crossover);
    Path capacity = Path.of(base + "-capacity.png");
    capacityChart(costs, capacity);
    return new Report.Written(markdown, List.of(crossover, capacity));
  }

  // --- markdown --------------------------------------------------------------------------------

  private static String markdown(FeedCosts.Table costs, Map<String, double[]> times, String note) {
    StringBuilder md = new StringBuilder();
    md.append("# Home feed: fan-out on read against fan-out on write\n\n");
    md.append(
        "Capacity: each operation run once on the in-memory engine, which bills as DynamoDB "
            + "documents (exact, deterministic). A reader follows F users with "
            + FeedScenario.PHOTOS_PER_FOLLOWEE
            + " photos each (more than a page: every followee's "
            + "Query reads a full page); pages hold "
            + FeedScenario.PAGE
            + " photos (about 230 "
            + "bytes each); an uploader has N followers. Fan-out on read is the product "
            + "(`homeFeed`); fan-out on write is modelled in `FanOutOnWrite`, with timeline entries "
            + "that copy the photo (`fan-out-on-write`: one Query a page, reaction counters frozen at "
            + "upload) or hold its key (`fan-out-on-write-ids`: a Query and a BatchGetItem a page, "
            + "current counters). Every item of the table is also written to its inverted index, "
            + "so a timeline entry costs 2 WCU; a timeline table without an index would pay 1.\n\n");
    md.append("## Capacity per feed page (newest page)\n\n");
    md.append("| followees F |");
    for (Design design : Design.values()) {
      md.append(' ').append(design.parameter).append(": requests / RCU |");
    }
    md.append(" formula `homeFeedRequests(F)` |\n|---:|");
    md.append("---:|".repeat(Design.values().length)).append("---:|\n");
    for (int i = 0; i < FeedCosts.FOLLOWEES.length; i++) {
      md.append("| ").append(count(FeedCosts.FOLLOWEES[i])).append(" |");
      for (Design design : Design.values()) {
        Cost cost = costs.page().get(design).get(i);
        md.append(' ')
            .append(count(cost.requests()))
            .append(" / ")
            .append(units(cost.readUnits()))
            .append(" |");
      }
      md.append(' ')
          .append(count(FeedCosts.homeFeedRequests(FeedCosts.FOLLOWEES[i])))
          .append(" |\n");
    }
    md.append("\n## Capacity per upload\n\n| followers N |");
    for (Design design : Design.values()) {
      md.append(' ').append(design.parameter).append(": requests / RCU / WCU |");
    }
    md.append("\n|---:|").append("---:|".repeat(Design.values().length)).append('\n');
    for (int i = 0; i < FeedCosts.FOLLOWERS.length; i++) {
      md.append("| ").append(count(FeedCosts.FOLLOWERS[i])).append(" |");
      for (Design design : Design.values()) {
        Cost cost = costs.upload().get(design).get(i);
        md.append(' ')
            .append(count(cost.requests()))
            .append(" / ")
            .append(units(cost.readUnits()))
            .append(" / ")
            .append(units(cost.writeUnits()))
            .append(" |");
      }
      md.append('\n');
    }
    for (Design write : List.of(Design.FAN_OUT_ON_WRITE, Design.FAN_OUT_ON_WRITE_IDS)) {
      md.append("\n## Crossover: ").append(write.parameter).append(" against fan-out-on-read\n\n");
      md.append("Feed pages a user must read per photo uploaded before ")
          .append(write.parameter)
          .append(" costs less, in read-unit equivalents (1 WCU = ")
          .append(units(FeedCosts.WRITE_UNIT_IN_READ_UNITS))
          .append(
              " RCU, DynamoDB's price ratio on demand and provisioned): the extra cost of "
                  + "an upload at N followers over the saving on a page at F followees. Below the "
                  + "number, fan-out on read costs less; above it, fan-out on write.\n\n");
      md.append("| F \\ N |");
      for (int followers : FeedCosts.FOLLOWERS) {
        md.append(' ').append(count(followers)).append(" |");
      }
      md.append("\n|---:|").append("---:|".repeat(FeedCosts.FOLLOWERS.length)).append('\n');
      for (int f = 0; f < FeedCosts.FOLLOWEES.length; f++) {
        md.append("| ").append(count(FeedCosts.FOLLOWEES[f])).append(" |");
        for (int n = 0; n < FeedCosts.FOLLOWERS.length; n++) {
          md.append(' ').append(ratio(breakEven(costs, write, f, n))).append(" |");
        }
        md.append('\n');
      }
    }
    md.append('\n');
    md.append(timeTables(times, note));
    return md.toString();
  }

  /** Break-even pages per upload for followee index {@code f} and follower index {@code n}. */
  static double breakEven(FeedCosts.Table costs, Design write, int f, int n) {
    return FeedCosts.breakEvenPagesPerUpload(
        costs.page().get(Design.FAN_OUT_ON_READ).get(f),
        costs.upload().get(Design.FAN_OUT_ON_READ).get(n),
        costs.page().get(write).get(f),
        costs.upload().get(write).get(n));
  }

  private static String timeTables(Map<String, double[]> times, String note) {
    if (times.isEmpty()) {
      return "## Time\n\nNo JMH results were given: run `FeedBenchmark` and pass its JSON.\n";
    }
    StringBuilder md = new StringBuilder();
    md.append("## Time on the in-memory engine (JMH, µs per operation ± 99.9% error)\n\n");
    md.append(
        "In memory a request costs microseconds; on DynamoDB each costs a network round "
            + "trip of milliseconds, so there the request counts above set the latency: fan-out on "
            + "read makes F + 1 Queries a page (one after another here; concurrently they would "
            + "take about one round trip plus the merge).\n\n");
    if (!note.isEmpty()) {
      md.append(note).append("\n\n");
    }
    appendTimes(md, times, "Feed page", "Page.feedPage", "followees", FeedCosts.FOLLOWEES);
    appendTimes(md, times, "Upload", "Upload.upload", "followers", FeedCosts.FOLLOWERS);
    return md.toString();
  }

  private static void appendTimes(
      StringBuilder md,
      Map<String, double[]> times,
      String title,
      String benchmark,
      String parameter,
      int[] values) {
    md.append("### ").append(title).append("\n\n| ").append(parameter).append(" |");
    for (Design design : Design.values()) {
      md.append(' ').append(design.parameter).append(" |");
    }
    md.append("\n|---:|").append("---:|".repeat(Design.values().length)).append('\n');
    for (int value : values) {
      md.append("| ").append(count(value)).append(" |");
      for (Design design : Design.values()) {
        double[] score = times.get(key(benchmark, design.parameter, value));
        md.append(' ')
            .append(
                score == null
                    ? "–"
                    : String.format(Locale.ROOT, "%,.1f ± %,.1f", score[0], score[1]))
            .append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
  }

  /** Scores of FeedBenchmark in a JMH JSON file, by benchmark, design and count. */
  private static Map<String, double[]> times(Path json) throws IOException {
    Map<String, double[]> times = new TreeMap<>();
    for (JsonNode run : new ObjectMapper().readTree(json.toFile())) {
      String benchmark = run.path("benchmark").asText();
      int at = benchmark.indexOf("FeedBenchmark.");
      if (at < 0) {
        continue;
      }
      JsonNode params = run.path("params");
      String count =
          params.has("followees")
              ? params.path("followees").asText()
              : params.path("followers").asText();
      JsonNode metric = run.path("primaryMetric");
      double error = metric.path("scoreError").asDouble();
      times.put(
          key(
              benchmark.substring(at + "FeedBenchmark.".length()),
              params.path("design").asText(),
              Integer.parseInt(count)),
          new double[] {metric.path("score").asDouble(), Double.isNaN(error) ? 0 : error});
    }
    return times;
  }

  private static String key(String benchmark, String design, int count) {
    return benchmark + "|" + design + "|" + count;
  }

  // --- charts ----------------------------------------------------------------------------------

  private static XYChart logLogChart(String title, String xTitle, String yTitle) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    chart.getStyler().setYAxisDecimalPattern("#,##0.##");
    return chart;
  }

  private static void crossoverChart(FeedCosts.Table costs, Path png) throws IOException {
    XYChart chart =
        logLogChart(
            "Feed pages read per photo uploaded at which fan-out on write " + "starts to cost less",
            "followers of the uploader, N",
            "pages per upload (log)");
    for (Design write : List.of(Design.FAN_OUT_ON_WRITE, Design.FAN_OUT_ON_WRITE_IDS)) {
      for (int f = 0; f < FeedCosts.FOLLOWEES.length; f++) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int n = 0; n < FeedCosts.FOLLOWERS.length; n++) {
          double value = breakEven(costs, write, f, n);
          if (value > 0 && Double.isFinite(value)) {
            x.add((double) FeedCosts.FOLLOWERS[n]);
            y.add(value);
          }
        }
        if (!x.isEmpty()) {
          var series =
              chart.addSeries(write.parameter + ", F = " + count(FeedCosts.FOLLOWEES[f]), x, y);
          series.setMarker(
              write == Design.FAN_OUT_ON_WRITE ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
        }
      }
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static void capacityChart(FeedCosts.Table costs, Path png) throws IOException {
    XYChart chart =
        logLogChart(
            "Capacity per operation, in read-unit equivalents (1 WCU = 5 RCU)",
            "followees F (feed page) or followers N (upload)",
            "RCU + 5 × WCU (log)");
    for (Design design : Design.values()) {
      chart.addSeries(
          "feed page, " + design.parameter,
          doubles(FeedCosts.FOLLOWEES),
          equivalents(costs.page().get(design)));
    }
    for (Design design : Design.values()) {
      if (design == Design.FAN_OUT_ON_WRITE_IDS) {
        continue; // uploads of ids cost the same as uploads of copies of small photos
      }
      chart
          .addSeries(
              "upload, " + design.parameter,
              doubles(FeedCosts.FOLLOWERS),
              equivalents(costs.upload().get(design)))
          .setMarker(SeriesMarkers.SQUARE);
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static List<Double> doubles(int[] values) {
    List<Double> list = new ArrayList<>(values.length);
    for (int value : values) {
      list.add((double) value);
    }
    return list;
  }

  private static List<Double> equivalents(List<Cost> costs) {
    return costs.stream().map(Cost::readUnitEquivalents).toList();
  }

  // --- formats ---------------------------------------------------------------------------------

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  private static String units(double value) {
    return String.format(Locale.ROOT, "%,.1f", value);
  }

  private static String ratio(double value) {
    if (value == 0) {
      return "always";
    }
    if (Double.isInfinite(value)) {
      return "never";
    }
    return String.format(Locale.ROOT, value < 10 ? "%.2f" : "%,.0f", value);
  }
}
