package io.quickphotos.cli.output;

import io.quickphotos.cli.sample.SampleLoader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a load, on a command's error stream: a bar redrawn in place on a terminal, and
 * plain lines every few seconds otherwise (a log or a pipe would keep every carriage-return
 * redraw).
 */
public final class ProgressBars {
  /**
   * The bar locks on every update; telling it every few hundred items keeps that off the hot path
   * of the in-memory backend, where it would double the load time.
   */
  private static final int BATCH = 256;

  /** How often a line is written when the output is not a terminal. */
  static final Duration LINE_INTERVAL = Duration.ofSeconds(5);

  private ProgressBars() {}

  /** How far a load has got; close it when done. Not thread-safe: loads report sequentially. */
  public interface Progress extends AutoCloseable {
    /**
     * Moves to a count of items handled.
     *
     * @param handled items handled so far
     */
    void stepTo(long handled);

    /** Ends the display. */
    @Override
    void close();
  }

  /**
   * Starts showing the progress of loading {@code total} items: a bar if this process has a
   * terminal ({@link System#console()}), plain periodic lines otherwise.
   *
   * @param err where to draw it: the command's error stream, so it never mixes with the report on
   *     standard output
   * @param total how many items will be loaded
   * @return the progress
   */
  public static Progress loading(PrintWriter err, long total) {
    return loading(err, total, System.console() != null, System::nanoTime);
  }

  /**
   * Starts showing the progress of loading {@code total} items.
   *
   * @param err where to draw it
   * @param total how many items will be loaded
   * @param terminal whether to draw a bar in place rather than write lines
   * @param nanoTime the clock of the lines' interval and rate
   * @return the progress
   */
  public static Progress loading(
      PrintWriter err, long total, boolean terminal, LongSupplier nanoTime) {
    if (!terminal) {
      return new Lines(err, total, nanoTime);
    }
    ProgressBar bar =
        new ProgressBarBuilder()
            .setTaskName("loading")
            .setInitialMax(total)
            .setUnit(" items", 1)
            .setStyle(ProgressBarStyle.ASCII)
            .setUpdateIntervalMillis(250)
            .showSpeed()
            .setConsumer(new WriterConsumer(err))
            .build();
    return new Progress() {
      @Override
      public void stepTo(long handled) {
        bar.stepTo(handled);
      }

      @Override
      public void close() {
        bar.close();
      }
    };
  }

  /**
   * A {@link SampleLoader} progress that moves a display in batches; call
   * {@link Batched#finish()} at the end.
   *
   * @param progress the display
   * @return the progress
   */
  public static Batched batched(Progress progress) {
    return new Batched(progress);
  }

  /** Moves a display every {@value #BATCH} items. Not thread-safe: SampleLoader is sequential. */
  public static final class Batched implements SampleLoader.Progress {
    private final Progress progress;
    private long handled;

    private Batched(Progress progress) {
      this.progress = progress;
    }

    @Override
    public void step() {
      if (++handled % BATCH == 0) {
        progress.stepTo(handled);
      }
    }

    /** Brings the display up to every item handled. */
    public void finish() {
      progress.stepTo(handled);
    }
  }

  /**
   * One line every {@link #LINE_INTERVAL}, e.g.
   * {@code loading: 47,000 of 105,000 items (44%), 2,611 items/s}, and a last line at the end if
   * any was written: a short load stays silent.
   */
  private static final class Lines implements Progress {
    private final PrintWriter err;
    private final long total;
    private final LongSupplier nanoTime;
    private final long start;
    private long nextLine;
    private long handled;
    private boolean wroteAny;

    Lines(PrintWriter err, long total, LongSupplier nanoTime) {
      this.err = err;
      this.total = total;
      this.nanoTime = nanoTime;
      this.start = nanoTime.getAsLong();
      this.nextLine = start + LINE_INTERVAL.toNanos();
    }

    @Override
    public void stepTo(long handled) {
      this.handled = handled;
      long now = nanoTime.getAsLong();
      if (now - nextLine >= 0) {
        nextLine = now + LINE_INTERVAL.toNanos();
        line(
            now,
            String.format(
                Locale.ROOT, ", %s items/s", Format.count(Math.round(handled / seconds(now)))));
      }
    }

    @Override
    public void close() {
      if (wroteAny) {
        long now = nanoTime.getAsLong();
        line(now, " in " + Format.elapsed(Duration.ofNanos(now - start)));
      }
    }

    private void line(long now, String tail) {
      err.printf(
          Locale.ROOT,
          "loading: %s of %s items (%d%%)%s%n",
          Format.count(handled),
          Format.count(total),
          total == 0 ? 100 : handled * 100 / total,
          tail);
      err.flush();
      wroteAny = true;
    }

    private double seconds(long now) {
      return Math.max(now - start, 1) / 1e9;
    }
  }

  /** Redraws the bar in place with a carriage return on a writer. */
  private static final class WriterConsumer implements ProgressBarConsumer {
    private final PrintWriter err;

    WriterConsumer(PrintWriter err) {
      this.err = err;
    }

    @Override
    public int getMaxRenderedLength() {
      // The terminal's width is not known without a terminal library; 100 fits most.
      return 100;
    }

    @Override
    public void accept(String rendered) {
      err.print('\r' + rendered);
      err.flush();
    }

    @Override
    public void close() {
      err.println();
      err.flush();
    }
  }
}
