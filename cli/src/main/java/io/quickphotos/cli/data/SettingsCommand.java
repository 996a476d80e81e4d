package io.quickphotos.cli.data;

import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.TableSettings;
import io.quickphotos.cli.CliException;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.BackendOptions;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.backend.PreloadOptions;
import io.quickphotos.cli.output.CostRecorder;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Shows the settings a table records ({@link QuickPhotos#recordedSettings}), or records new ones
 * ({@link QuickPhotos#recordSettings}): the values given replace the recorded ones (or the
 * defaults, where the table records none), the others are kept.
 */
@Command(
    name = "settings",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Shows or records the settings a table is meant to run with.",
      "",
      "Without options, prints the table's recorded fan-out and sharding settings. With any, "
          + "records new ones in the table's settings item (one PutItem): the values given "
          + "replace the recorded ones, the others are kept. Repositories built afterwards adopt "
          + "the settings their builder is not given, and the other commands (audit, "
          + "fill-timelines, ...) use them. Every mix of settings across a fleet is safe: see "
          + "docs/operating-a-fleet.md for the order of a rolling change.",
      "",
      "Exit status: 0."
    })
public final class SettingsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Option(
      names = "--fan-out",
      paramLabel = "<off|hybrid>",
      description = "How the home feed is served: off (fan-out on read) or hybrid.")
  String fanOut;

  @Option(
      names = "--max-followers",
      paramLabel = "<k>",
      description = "The hybrid's K (implies --fan-out hybrid).")
  Integer maxFollowers;

  @Option(
      names = "--window-days",
      paramLabel = "<days>",
      description = "The hybrid's window in days (implies --fan-out hybrid).")
  Integer windowDays;

  @Option(
      names = "--sharding",
      paramLabel = "<off|on>",
      description = "off: never shard a key; on: shard at the thresholds.")
  String sharding;

  @Option(names = "--shards", paramLabel = "<n>", description = "Shards of a hot key, 2 to 64.")
  Integer shards;

  @Option(
      names = "--followers-threshold",
      paramLabel = "<n>",
      description = "Followers from which a user is sharded.")
  Long followersThreshold;

  @Option(
      names = "--reactions-threshold",
      paramLabel = "<n>",
      description = "Reactions of one type from which a photo is sharded.")
  Long reactionsThreshold;

  @Mixin PreloadOptions preload;

  /** Shows or records the settings. */
  @Override
  public Integer call() {
    backend.validate();
    PrintWriter out = spec.commandLine().getOut();
    try (OpenBackend open = OpenBackend.open(backend, new CostRecorder(), Clock.systemUTC())) {
      preload.loadInto(open, out);
      QuickPhotos repository = open.repository();
      Optional<TableSettings> recorded = repository.recordedSettings();
      if (!changes()) {
        out.println(
            recorded
                .map(settings -> "The table " + open.description() + " records:" + shown(settings))
                .orElse(
                    "The table "
                        + open.description()
                        + " records no settings: repositories use their own, or the defaults:"
                        + shown(TableSettings.defaults())));
        out.flush();
        return 0;
      }
      TableSettings now = changed(recorded.orElse(TableSettings.defaults()));
      repository.recordSettings(now);
      out.println(
          "Recorded in "
              + open.description()
              + ":"
              + shown(now)
              + recorded.map(was -> "\n(was:" + shown(was) + ")").orElse(""));
      out.flush();
      return 0;
    }
  }

  private boolean changes() {
    return fanOut != null
        || maxFollowers != null
        || windowDays != null
        || sharding != null
        || shards != null
        || followersThreshold != null
        || reactionsThreshold != null;
  }

  /** The settings with the options' values in place of the ones given. */
  private TableSettings changed(TableSettings from) {
    try {
      FanOut newFanOut = from.fanOut();
      if ("off".equals(fanOut)) {
        if (maxFollowers != null || windowDays != null) {
          throw new CliException("--fan-out off takes no --max-followers or --window-days");
        }
        newFanOut = FanOut.off();
      } else if (fanOut != null && !fanOut.equals("hybrid")) {
        throw new CliException("--fan-out must be off or hybrid, was " + fanOut);
      } else if (fanOut != null || maxFollowers != null || windowDays != null) {
        FanOut base = from.fanOut().isHybrid() ? from.fanOut() : FanOut.hybrid();
        newFanOut =
            FanOut.hybrid(
                maxFollowers != null ? maxFollowers : base.maxFollowers(),
                windowDays != null ? Duration.ofDays(windowDays) : base.window());
      }
      Sharding newSharding = from.sharding();
      if ("off".equals(sharding)) {
        newSharding = Sharding.off();
      } else if (sharding != null && !sharding.equals("on")) {
        throw new CliException("--sharding must be off or on, was " + sharding);
      } else if (sharding != null
          || shards != null
          || followersThreshold != null
          || reactionsThreshold != null) {
        Sharding base =
            from.sharding().followersThreshold() == Long.MAX_VALUE
                    && from.sharding().reactionsThreshold() == Long.MAX_VALUE
                ? Sharding.defaults()
                : from.sharding();
        newSharding =
            Sharding.of(
                shards != null ? shards : base.shards(),
                followersThreshold != null ? followersThreshold : base.followersThreshold(),
                reactionsThreshold != null ? reactionsThreshold : base.reactionsThreshold());
      }
      return new TableSettings(newFanOut, newSharding);
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage(), e);
    }
  }

  private static String shown(TableSettings settings) {
    return "\n  fan-out:  " + settings.fanOut() + "\n  sharding: " + settings.sharding();
  }
}
