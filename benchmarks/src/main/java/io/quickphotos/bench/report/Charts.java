package io.quickphotos.bench.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * Draws results as grouped bar charts, one group per benchmark method and one bar per backend and
 * size, on a logarithmic time axis: memory and DynamoDB Local are three or more orders of
 * magnitude apart, and a linear axis would show only one of them.
 */
final class Charts {
  private static final int WIDTH = 1400;
  private static final int HEIGHT = 700;

  private Charts() {}

  /**
   * Writes one benchmark class's results as a PNG.
   *
   * @param results the results
   * @param group the benchmark class, e.g. {@code AccessPatternBenchmark}
   * @param title the chart's title
   * @param png where to write it; {@code .png} is added by the encoder if missing
   * @throws IOException if the file cannot be written
   */
  static void write(JmhResults results, String group, String title, Path png) throws IOException {
    List<String> methods = results.methods(group);
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("")
            .yAxisTitle(unit(results, group) + " (log scale)")
            .build();
    CategoryStyler styler = chart.getStyler();
    styler.setYAxisLogarithmic(true);
    styler.setXAxisLabelRotation(20);
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setYAxisDecimalPattern("#,##0.###");
    styler.setAvailableSpaceFill(0.85);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    double min = Double.MAX_VALUE;
    double max = 0;
    for (String backend : JmhResults.BACKEND_ORDER) {
      for (int size : results.sizes(group, backend)) {
        List<Double> scores = new ArrayList<>(methods.size());
        boolean present = false;
        for (String method : methods) {
          Double score =
              results
                  .find(group, method, backend, size)
                  .map(JmhResults.Row::score)
                  .filter(s -> s > 0)
                  .orElse(null);
          if (score != null) {
            present = true;
            min = Math.min(min, score);
            max = Math.max(max, score);
          }
          scores.add(score);
        }
        if (present) {
          chart.addSeries(backend + " " + Report.size(size), methods, scores);
        }
      }
    }
    if (max == 0) {
      throw new IllegalArgumentException("no results of " + group + " to chart");
    }
    // Bars grow from the axis minimum, which XChart would put at zero: whole decades instead.
    styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
    styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(max))));
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static String unit(JmhResults results, String group) {
    return results.rows().stream()
        .filter(row -> row.group().equals(group))
        .map(JmhResults.Row::unit)
        .findFirst()
        .orElse("time/op")
        .replace("us/", "µs/");
  }
}
