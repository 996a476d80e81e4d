package io.quickphotos.cli.output;

import java.time.Duration;
import java.util.Locale;

/** Number and time formats shared by the commands; fixed locale so output is the same anywhere. */
public final class Format {
  private Format() {}

  /**
   * Capacity units with one decimal, as DynamoDB reports them in halves and whole units.
   *
   * @param units capacity units
   * @return e.g. {@code 1,234.5}
   */
  public static String units(double units) {
    return String.format(Locale.ROOT, "%,.1f", units);
  }

  /**
   * Dollars, with four decimals below a dollar, where the prices of single calls live.
   *
   * @param dollars the amount
   * @return e.g. {@code $0.0625} or {@code $1,234.56}
   */
  public static String dollars(double dollars) {
    return String.format(Locale.ROOT, dollars < 1 ? "$%.4f" : "$%,.2f", dollars);
  }

  /**
   * A count with thousands separators.
   *
   * @param count the count
   * @return e.g. {@code 10,500}
   */
  public static String count(long count) {
    return String.format(Locale.ROOT, "%,d", count);
  }

  /**
   * A short duration in the unit that keeps it readable.
   *
   * @param nanos the duration in nanoseconds
   * @return e.g. {@code 14 µs}, {@code 3.2 ms}, {@code 1.50 s}
   */
  public static String latency(long nanos) {
    if (nanos < 10_000) {
      return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
    } else if (nanos < 1_000_000) {
      return String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
    } else if (nanos < 1_000_000_000) {
      return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }

  /**
   * An elapsed time of a longer job.
   *
   * @param elapsed the duration
   * @return e.g. {@code 2.41 s} or {@code 3 min 05 s}
   */
  public static String elapsed(Duration elapsed) {
    if (elapsed.toMinutes() == 0) {
      return String.format(Locale.ROOT, "%.2f s", elapsed.toNanos() / 1e9);
    }
    return String.format(
        Locale.ROOT, "%d min %02d s", elapsed.toMinutes(), elapsed.toSecondsPart());
  }

  /**
   * A cursor cut to a readable length: cursors are opaque and long.
   *
   * @param cursor the cursor
   * @return its first characters and its length
   */
  static String cursor(String cursor) {
    return cursor.length() <= 24
        ? cursor
        : cursor.substring(0, 20) + "… (" + cursor.length() + " chars)";
  }

  /**
   * A count with its noun, singular for one.
   *
   * @param count the count
   * @param noun the singular noun, made plural with an {@code s}
   * @return e.g. {@code 1 follower}, {@code 1,050 followers}
   */
  public static String count(long count, String noun) {
    return count(count) + " " + (count == 1 ? noun : noun + "s");
  }

  /**
   * Prints a simulation's two runs second by second, side by side: a header naming what was let
   * through, then a row a second.
   *
   * @param out where to print
   * @param what what the counts are, e.g. {@code "views let through"}
   * @param off the run with sharding off, a count a second
   * @param on the run with sharding on, a count a second
   */
  public static void sideBySide(
      java.io.PrintWriter out,
      String what,
      java.util.List<Integer> off,
      java.util.List<Integer> on) {
    out.println("  second   sharding off   sharding on   (" + what + ")");
    for (int s = 0; s < off.size(); s++) {
      out.printf(Locale.ROOT, "  %6d   %12s   %11s%n", s + 1, count(off.get(s)), count(on.get(s)));
    }
    out.println();
  }
}
