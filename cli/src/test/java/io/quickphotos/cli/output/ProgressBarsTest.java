package io.quickphotos.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressBarsTest {
  private static final long SECOND = 1_000_000_000L;

  private final StringWriter err = new StringWriter();
  private final AtomicLong now = new AtomicLong(7 * SECOND);

  private ProgressBars.Progress lines(long total) {
    return ProgressBars.loading(new PrintWriter(err, true), total, false, now::get);
  }

  @Test
  void withoutATerminalWritesAPlainLineEveryFiveSecondsAndALastOne() {
    try (ProgressBars.Progress progress = lines(105_000)) {
      now.addAndGet(SECOND);
      progress.stepTo(2_000);
      now.addAndGet(4 * SECOND);
      progress.stepTo(13_000);
      now.addAndGet(SECOND);
      progress.stepTo(16_000);
      now.addAndGet(4 * SECOND);
      progress.stepTo(26_000);
      now.addAndGet(30 * SECOND);
      progress.stepTo(105_000);
      now.addAndGet(SECOND);
    }
    assertThat(err.toString().replace(System.lineSeparator(), "\n"))
        .isEqualTo(
            "loading: 13,000 of 105,000 items (12%), 2,600 items/s\n"
                + "loading: 26,000 of 105,000 items (24%), 2,600 items/s\n"
                + "loading: 105,000 of 105,000 items (100%), 2,625 items/s\n"
                + "loading: 105,000 of 105,000 items (100%) in 41.00 s\n")
        .doesNotContain("\r");
  }

  @Test
  void aShortLoadWithoutATerminalSaysNothing() {
    try (ProgressBars.Progress progress = lines(420)) {
      now.addAndGet(SECOND / 5);
      progress.stepTo(420);
    }
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void onATerminalDrawsABarInPlace() {
    try (ProgressBars.Progress bar =
        ProgressBars.loading(new PrintWriter(err, true), 420, true, System::nanoTime)) {
      bar.stepTo(420);
    }
    assertThat(err.toString()).contains("\r").contains("100%").contains("420/420");
  }

  @Test
  void aBatchedProgressMovesTheDisplayEvery256ItemsAndAtTheEnd() {
    StringBuilder steps = new StringBuilder();
    ProgressBars.Batched batched =
        ProgressBars.batched(
            new ProgressBars.Progress() {
              @Override
              public void stepTo(long handled) {
                steps.append(handled).append(' ');
              }

              @Override
              public void close() {}
            });
    for (int i = 0; i < 600; i++) {
      batched.step();
    }
    batched.finish();
    assertThat(steps.toString()).isEqualTo("256 512 600 ");
  }
}
