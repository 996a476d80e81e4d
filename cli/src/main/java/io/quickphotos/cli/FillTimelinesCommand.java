package io.quickphotos.cli;

import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.internal.singletable.ItemCodec;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Backfills the hybrid home feed's timelines of every user of a table: {@code fillTimeline} for
 * each username, in code-point order. Resumable: each follow is converted on its own, so a run
 * cut short is finished by running it again, which costs one Query a user already done.
 */
@Command(
    name = "fill-timelines",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Backfills the hybrid home feed's timelines of every user (fillTimeline).",
      "",
      "For a table written before FanOut.hybrid() was enabled, or whose authors fell below K "
          + "followers: reads every user's handle with a Scan, then for each user makes every "
          + "follow of an author with fewer than K followers a timeline follow (the author's "
          + "photos of the window copied into the user's timeline), and finishes follows whose "
          + "copy was cut short. Feeds stay exact throughout; pages of converted follows then "
          + "cost 3 requests instead of one per followed account.",
      "",
      "Run it again to finish a run that stopped: users already done cost one Query each. "
          + "Use the same K and window as the application's repositories. A memory or DynamoDB "
          + "Local backend starts empty: --file loads an export into it first.",
      "",
      "Exit status: 0 when every user was done."
    })
final class FillTimelinesCommand implements Callable<Integer> {
  /** Users between two progress lines. */
  static final int PROGRESS_EVERY = 1_000;

  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Option(
      names = "--max-followers",
      paramLabel = "<k>",
      defaultValue = "" + FanOut.DEFAULT_MAX_FOLLOWERS,
      description =
          "K: follows of authors with fewer followers are served by timelines"
              + " (default: ${DEFAULT-VALUE}).")
  int maxFollowers;

  @Option(
      names = "--window-days",
      paramLabel = "<days>",
      defaultValue = "30",
      description = "How far back timelines serve photos (default: ${DEFAULT-VALUE}).")
  int windowDays;

  @Mixin PreloadOptions preload;

  /** Runs the backfill. */
  @Override
  public Integer call() {
    backend.validate();
    FanOut hybrid;
    try {
      hybrid = FanOut.hybrid(maxFollowers, Duration.ofDays(windowDays));
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage(), e);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CostRecorder recorder = new CostRecorder();
    try (OpenBackend open = OpenBackend.open(backend, recorder, Clock.systemUTC(), hybrid)) {
      preload.loadInto(open, out);
      out.println("Filling timelines on " + open.description() + " with " + hybrid);
      out.flush();
      long start = System.nanoTime();
      List<String> users = new ArrayList<>();
      open.engine()
          .forEachItem(
              item -> {
                if (ItemCodec.entityOf(item) == ItemCodec.Entity.USER) {
                  users.add(ItemCodec.user(item).username());
                }
              });
      users.sort(Comparator.naturalOrder());
      QuickPhotos repository = open.repository();
      long converted = 0;
      for (int i = 0; i < users.size(); i++) {
        converted += repository.fillTimeline(users.get(i));
        if ((i + 1) % PROGRESS_EVERY == 0) {
          err.printf(
              Locale.ROOT,
              "fill-timelines: %s of %s users, up to %s%n",
              Format.count(i + 1),
              Format.count(users.size()),
              users.get(i));
          err.flush();
        }
      }
      out.printf(
          Locale.ROOT,
          "Filled the timelines of %s in %s: %s made timeline follows%n",
          Format.count(users.size(), "user"),
          Format.elapsed(Duration.ofNanos(System.nanoTime() - start)),
          Format.count(converted, "follow"));
      out.println("Consumed: " + recorder.totalSince(0));
      out.flush();
      return 0;
    }
  }
}
