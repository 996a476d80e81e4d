package io.quickphotos.cli.data;

import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.TableItems;
import io.quickphotos.TableSettings;
import io.quickphotos.cli.CliException;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.BackendOptions;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.backend.PreloadOptions;
import io.quickphotos.cli.output.CostRecorder;
import io.quickphotos.cli.output.Format;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
      "Makes every user's follows what the fan-out setting says (fillTimeline): a backfill, a "
          + "retune of the window, or a roll-back.",
      "",
      "Reads every user's handle with a Scan, then for each user, under the hybrid: makes every "
          + "follow of an author with fewer than K followers a timeline follow (the author's "
          + "photos of the window copied into the user's timeline), finishes follows whose copy "
          + "was cut short, and retunes timeline follows of another window. Under --fan-out "
          + "off: makes every timeline follow a pull follow again, so uploads stop fanning out. "
          + "Feeds stay exact throughout.",
      "",
      "The setting is the table's recorded one (./quickphotos settings) unless given here. Run "
          + "it again to finish a run that stopped: users already done cost one Query each. A "
          + "memory or DynamoDB Local backend starts empty: --file loads an export into it "
          + "first.",
      "",
      "Exit status: 0 when every user was done."
    })
public final class FillTimelinesCommand implements Callable<Integer> {
  /** Users between two progress lines. */
  static final int PROGRESS_EVERY = 1_000;

  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Option(
      names = "--fan-out",
      paramLabel = "<off|hybrid>",
      description =
          "off: make timeline follows pull follows again; hybrid: make follows timeline follows"
              + " (default: the table's recorded setting).")
  String fanOut;

  @Option(
      names = "--max-followers",
      paramLabel = "<k>",
      description =
          "K: follows of authors with fewer followers are served by timelines (implies"
              + " --fan-out hybrid; default: the table's, or "
              + FanOut.DEFAULT_MAX_FOLLOWERS
              + ").")
  Integer maxFollowers;

  @Option(
      names = "--window-days",
      paramLabel = "<days>",
      description =
          "How far back timelines serve photos (implies --fan-out hybrid; default: the table's,"
              + " or 30).")
  Integer windowDays;

  @Mixin PreloadOptions preload;

  /** Runs the backfill. */
  @Override
  public Integer call() {
    backend.validate();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CostRecorder recorder = new CostRecorder();
    try (OpenBackend open = OpenBackend.open(backend, recorder, Clock.systemUTC())) {
      preload.loadInto(open, out);
      FanOut setting = setting(open.repository());
      QuickPhotos repository =
          setting.equals(open.repository().settings().fanOut())
              ? open.repository()
              : open.repositoryWith(setting);
      out.println("Filling timelines on " + open.description() + " with " + setting);
      out.flush();
      long start = System.nanoTime();
      List<String> users = TableItems.usernames(repository);
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
          "Filled the timelines of %s in %s: %s changed%n",
          Format.count(users.size(), "user"),
          Format.elapsed(Duration.ofNanos(System.nanoTime() - start)),
          Format.count(converted, "follow"));
      out.println("Consumed: " + recorder.totalSince(0));
      out.flush();
      return 0;
    }
  }

  /**
   * The fan-out to fill with: the options' where given, else the table's recorded one.
   *
   * @throws CliException if neither says, or a value is out of range
   */
  private FanOut setting(QuickPhotos repository) {
    if (fanOut != null && !fanOut.equals("off") && !fanOut.equals("hybrid")) {
      throw new CliException("--fan-out must be off or hybrid, was " + fanOut);
    }
    boolean hybridAsked = maxFollowers != null || windowDays != null;
    if ("off".equals(fanOut)) {
      if (hybridAsked) {
        throw new CliException("--fan-out off takes no --max-followers or --window-days");
      }
      return FanOut.off();
    }
    Optional<TableSettings> recorded = repository.recordedSettings();
    if (fanOut == null && !hybridAsked) {
      return recorded
          .map(TableSettings::fanOut)
          .orElseThrow(
              () ->
                  new CliException(
                      "the table records no fan-out setting: record one with"
                          + " './quickphotos settings --fan-out hybrid' or give --fan-out"));
    }
    FanOut base =
        recorded.map(TableSettings::fanOut).filter(FanOut::isHybrid).orElse(FanOut.hybrid());
    try {
      return FanOut.hybrid(
          maxFollowers != null ? maxFollowers : base.maxFollowers(),
          windowDays != null ? Duration.ofDays(windowDays) : base.window());
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage(), e);
    }
  }
}
