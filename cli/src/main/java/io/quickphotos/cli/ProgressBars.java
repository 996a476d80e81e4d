package io.quickphotos.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/** Progress bars for loading, drawn on a command's error stream. */
final class ProgressBars {
  /**
   * The bar locks on every update; telling it every few hundred items keeps that off the hot path
   * of the in-memory backend, where it would double the load time.
   */
  private static final int BATCH = 256;

  private ProgressBars() {
  }

  /**
   * Starts a bar for loading {@code total} items; close it when done.
   *
   * @param err where to draw it: the command's error stream, so it never mixes with the report on
   *     standard output
   * @param total how many items will be loaded
   * @return the bar
   */
  static ProgressBar loading(PrintWriter err, long total) {
    return new ProgressBarBuilder()
        .setTaskName("loading")
        .setInitialMax(total)
        .setUnit(" items", 1)
        .setStyle(ProgressBarStyle.ASCII)
        .setUpdateIntervalMillis(250)
        .showSpeed()
        .setConsumer(new WriterConsumer(err))
        .build();
  }

  /**
   * A loader progress that moves a bar in batches; call {@link Batched#finish()} at the end.
   *
   * @param bar the bar
   * @return the progress
   */
  static Batched batched(ProgressBar bar) {
    return new Batched(bar);
  }

  /** Moves a bar every {@value #BATCH} items. Not thread-safe: the loader is sequential. */
  static final class Batched implements Loader.Progress {
    private final ProgressBar bar;
    private long handled;

    private Batched(ProgressBar bar) {
      this.bar = bar;
    }

    @Override
    public void step() {
      if (++handled % BATCH == 0) {
        bar.stepTo(handled);
      }
    }

    /** Brings the bar up to every item handled. */
    void finish() {
      bar.stepTo(handled);
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
