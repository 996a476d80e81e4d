package io.quickphotos.proptest;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A hang detector for one case of a property: if the case is still running after its limit, the
 * report (the property, the case's seed, every thread's stack) is printed and the hang action
 * runs, by default stopping the JVM. A case of these properties takes milliseconds to seconds; one
 * that runs for minutes has hung (a loop that never ends), and without this the build would sit
 * until its runner's limit and say nothing of which case it was. This is not a timing check: the
 * limit is two orders of magnitude above the slowest case on a busy machine.
 *
 * <p>The limit is {@code quickphotos.caseTimeout} seconds (default 600; 0 turns the watch off).
 */
final class CaseWatch implements AutoCloseable {
  private static final ScheduledExecutorService TIMER =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "property-case-watch");
            t.setDaemon(true);
            return t;
          });

  /** Stops the JVM: a hung case cannot be interrupted, and the report has been printed. */
  static final Consumer<String> HALT = report -> Runtime.getRuntime().halt(86);

  private final ScheduledFuture<?> alarm;

  private CaseWatch(ScheduledFuture<?> alarm) {
    this.alarm = alarm;
  }

  /** The limit from {@code quickphotos.caseTimeout}, or null when the watch is off. */
  static Duration configuredLimit() {
    long seconds = Long.getLong("quickphotos.caseTimeout", 600);
    return seconds <= 0 ? null : Duration.ofSeconds(seconds);
  }

  /**
   * Starts watching the calling thread's case.
   *
   * @param what the property and the case, for the report
   * @param limit how long the case may run, or null for no watch
   * @param out where the report goes (standard error gets it too)
   * @param onHang what runs after the report
   * @return the watch, to close when the case ends
   */
  static CaseWatch start(String what, Duration limit, PrintStream out, Consumer<String> onHang) {
    if (limit == null) {
      return new CaseWatch(null);
    }
    Thread caseThread = Thread.currentThread();
    ScheduledFuture<?> alarm =
        TIMER.schedule(
            () -> {
              String report = report(what, limit, caseThread);
              out.println(report);
              out.flush();
              if (out != System.err) {
                System.err.println(report);
              }
              onHang.accept(report);
            },
            limit.toMillis(),
            TimeUnit.MILLISECONDS);
    return new CaseWatch(alarm);
  }

  private static String report(String what, Duration limit, Thread caseThread) {
    StringBuilder s =
        new StringBuilder("PROPERTY ")
            .append(what)
            .append(": still running after ")
            .append(limit.toMillis() < 1000 ? limit.toMillis() + " ms" : limit.toSeconds() + " s")
            .append(", a hang (-Dquickphotos.seed=<that seed> reruns it first). Threads:");
    append(s, caseThread, caseThread.getStackTrace());
    for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
      if (t.getKey() != caseThread) {
        append(s, t.getKey(), t.getValue());
      }
    }
    return s.toString();
  }

  private static void append(StringBuilder s, Thread thread, StackTraceElement[] stack) {
    s.append("\n  \"").append(thread.getName()).append("\" ").append(thread.getState());
    for (StackTraceElement frame : stack) {
      s.append("\n      at ").append(frame);
    }
  }

  @Override
  public void close() {
    if (alarm != null) {
      alarm.cancel(false);
    }
  }
}
