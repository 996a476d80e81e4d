package io.quickphotos.cli.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table: the first columns (one unless told) left-aligned as text reads best, the
 * others right-aligned as numbers read best. Not thread-safe.
 */
public final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();
  private final List<Integer> separatorsBefore = new ArrayList<>();
  private int leftAligned = 1;

  /**
   * Starts a table.
   *
   * @param header the column titles
   */
  public TextTable(String... header) {
    this.header = List.of(header);
  }

  /**
   * Left-aligns the first {@code columns} columns.
   *
   * @param columns how many columns hold text
   * @return this table
   */
  public TextTable leftAligned(int columns) {
    this.leftAligned = columns;
    return this;
  }

  /**
   * Adds a row.
   *
   * @param cells one cell per column
   * @return this table
   */
  public TextTable row(String... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "expected " + header.size() + " cells, got " + cells.length);
    }
    rows.add(List.of(cells));
    return this;
  }

  /**
   * Draws a rule before the next row, e.g. above a total.
   *
   * @return this table
   */
  public TextTable rule() {
    separatorsBefore.add(rows.size());
    return this;
  }

  /**
   * Prints the table.
   *
   * @param out where to print
   * @param indent spaces before each line
   */
  public void print(PrintWriter out, int indent) {
    int[] widths = new int[header.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = header.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    String pad = " ".repeat(indent);
    out.println(pad + line(header, widths, leftAligned));
    out.println(pad + rule(widths));
    for (int r = 0; r < rows.size(); r++) {
      if (separatorsBefore.contains(r)) {
        out.println(pad + rule(widths));
      }
      out.println(pad + line(rows.get(r), widths, leftAligned));
    }
    out.flush();
  }

  private static String line(List<String> cells, int[] widths, int leftAligned) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < widths.length; c++) {
      String cell = cells.get(c);
      String fill = " ".repeat(widths[c] - cell.length());
      line.append(c == 0 ? "" : "  ");
      if (c < leftAligned) {
        line.append(cell).append(fill);
      } else {
        line.append(fill).append(cell);
      }
    }
    return line.toString().stripTrailing();
  }

  private static String rule(int[] widths) {
    int total = 0;
    for (int w : widths) {
      total += w;
    }
    return "-".repeat(total + 2 * (widths.length - 1));
  }
}
