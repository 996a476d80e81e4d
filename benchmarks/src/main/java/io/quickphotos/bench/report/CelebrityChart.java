package io.quickphotos.bench.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a celebrity launch as {@code quickphotos simulate celebrity --csv <file>} records it: the
 * follows and reactions achieved each simulated second with sharding off and on, beside the
 * offered rate.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.report.CelebrityChart
 * benchmarks/results/celebrity.csv} (writes {@code celebrity.png} beside the CSV; {@code --out
 * <png>} puts it elsewhere).
 */
public final class CelebrityChart {
  private static final int WIDTH = 1100;
  private static final int HEIGHT = 600;
  private static final Color OFF = new Color(0xC0, 0x39, 0x2B);
  private static final Color ON = new Color(0x1F, 0x5F, 0xA8);
  private static final String HEADER =
      "sharding,second,follows,reactions,failed_follows,failed_reactions,throttled_attempts";

  private CelebrityChart() {}

  /**
   * Writes the chart.
   *
   * @param args the CSV file, and {@code --out <png>} for where to write the chart
   * @throws IOException if a file cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    Path csv = null;
    Path png = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        png = Path.of(args[++i]);
      } else {
        csv = Path.of(args[i]);
      }
    }
    if (csv == null) {
      System.err.println("usage: CelebrityChart <celebrity.csv> [--out <png>]");
      System.exit(2);
      return;
    }
    if (png == null) {
      png = Path.of(Report.withoutExtension(csv) + ".png");
    }
    write(csv, png);
    System.out.println("Wrote " + png);
  }

  /**
   * Reads the seconds of both runs and draws them.
   *
   * @param csv the command's CSV: a header, then one line per run and second
   * @param png where to write the chart
   * @throws IOException if a file cannot be read or written
   * @throws IllegalArgumentException if the CSV is not the command's
   */
  static void write(Path csv, Path png) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(csv + " does not start with the header " + HEADER);
    }
    // Per run ("off", "on"): second, follows, reactions, offered follows, offered reactions.
    Map<String, List<long[]>> runs = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      long follows = Long.parseLong(cells[2]);
      long reactions = Long.parseLong(cells[3]);
      runs.computeIfAbsent(cells[0], run -> new ArrayList<>())
          .add(
              new long[] {
                Long.parseLong(cells[1]),
                follows,
                reactions,
                follows + Long.parseLong(cells[4]),
                reactions + Long.parseLong(cells[5])
              });
    }
    if (!runs.containsKey("off") || !runs.containsKey("on")) {
      throw new IllegalArgumentException(csv + " should hold a run with sharding off and one on");
    }
    long[] first = runs.get("off").get(0);
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(
                String.format(
                    Locale.ROOT,
                    "Celebrity launch: follows and reactions achieved each simulated second "
                        + "(offered %,d and %,d)",
                    first[3],
                    first[4]))
            .xAxisTitle("simulated second")
            .yAxisTitle("calls a second")
            .build();
    Styler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.InsideNW);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setYAxisMin(0.0);
    series(chart, "offered", runs.get("off"), 3, Color.GRAY, SeriesLines.DOT_DOT);
    series(chart, "follows, sharding on", runs.get("on"), 1, ON, SeriesLines.SOLID);
    series(chart, "reactions, sharding on", runs.get("on"), 2, ON, SeriesLines.DASH_DASH);
    series(chart, "follows, sharding off", runs.get("off"), 1, OFF, SeriesLines.SOLID);
    series(chart, "reactions, sharding off", runs.get("off"), 2, OFF, SeriesLines.DASH_DASH);
    if (png.getParent() != null) {
      Files.createDirectories(png.getParent());
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  /** One column of a run, each second's value drawn at the second's middle. */
  private static void series(
      XYChart chart,
      String name,
      List<long[]> seconds,
      int column,
      Color color,
      java.awt.BasicStroke line) {
    List<Double> x = new ArrayList<>(seconds.size());
    List<Double> y = new ArrayList<>(seconds.size());
    for (long[] second : seconds) {
      x.add(second[0] + 0.5);
      y.add((double) second[column]);
    }
    XYSeries series = chart.addSeries(name, x, y);
    series.setMarker(SeriesMarkers.NONE);
    series.setLineColor(color);
    series.setLineStyle(line);
    series.setLineWidth(2.5f);
  }
}
