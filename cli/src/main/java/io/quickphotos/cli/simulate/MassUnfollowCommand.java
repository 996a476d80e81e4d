package io.quickphotos.cli.simulate;

import io.quickphotos.AuditReport;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.simulate.celebrity.CelebrityLaunch;
import io.quickphotos.cli.simulate.celebrity.SimulatedClock;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.Throughput;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A celebrity losing its fans: every fan followed before the clock starts (through the
 * repository, so a hot celebrity's follows are counted on its shards), then unfollows at a stated
 * rate under DynamoDB's per-partition limits, with sharding off and on. Off, every unfollow takes
 * one off the profile's {@code followers}: one item, 1,000 write units a second, two units an
 * unfollow. On, each unfollow takes it off the shard its follow went to: the removals spread over
 * the shards as the follows did. Both runs end with the counter equal to the friendships and the
 * audit finding nothing.
 */
@Command(
    name = "unfollow",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "A celebrity loses its fans at a stated rate, with sharding off and on, side by side.",
      "",
      "Every fan follows the celebrity before the clock starts (outside the limits); then, for "
          + "the simulated seconds, fans unfollow at the rate given, spread evenly over each "
          + "second, under the on-demand per-partition limits. With sharding off every unfollow "
          + "takes one off the profile's counter, one item; with the default sharding it takes "
          + "it off the shard the fan's follow went to. Prints each second's unfollows let "
          + "through and the check that the counts are exact.",
      "",
      "Exit status: 0 when both runs end with exact counts."
    })
final class MassUnfollowCommand implements Callable<Integer> {
  private static final String CELEBRITY = "celebrity";
  private static final Instant START = Instant.parse("2026-03-01T12:00:00Z");
  private static final int MAX_FANS = 200_000;

  @Spec CommandSpec spec;

  @Option(
      names = "--seconds",
      paramLabel = "<n>",
      defaultValue = "30",
      description = "Simulated seconds of unfollows (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--unfollows-per-second",
      paramLabel = "<n>",
      defaultValue = "3000",
      description = "Unfollows offered each second (default: ${DEFAULT-VALUE}).")
  int unfollowsPerSecond;

  @Option(
      names = "--attempts",
      paramLabel = "<n>",
      defaultValue = "3",
      description =
          "Attempts of each request before an unfollow gives up (default: ${DEFAULT-VALUE}).")
  int attempts;

  @Option(
      names = "--seed",
      paramLabel = "<n>",
      defaultValue = "42",
      description = "Seed of the fans' names and the calls' instants (default: ${DEFAULT-VALUE}).")
  long seed;

  /**
   * One run.
   *
   * @param perSecond unfollows let through, per second
   * @param followers the counter at the end
   * @param friendships the friendships left
   * @param auditClean whether the audit found nothing
   */
  record Run(List<Integer> perSecond, long followers, long friendships, boolean auditClean) {
    long total() {
      return perSecond.stream().mapToLong(Integer::longValue).sum();
    }

    /** Unfollows let through a second over the last ten seconds (or all, if fewer). */
    long lastTenRate() {
      List<Integer> last = perSecond.subList(Math.max(0, perSecond.size() - 10), perSecond.size());
      return last.stream().mapToLong(Integer::longValue).sum() / last.size();
    }

    boolean exact() {
      return followers == friendships && auditClean;
    }
  }

  /** Runs the scenario with sharding off, then on, and prints both. */
  @Override
  public Integer call() {
    if (seconds < 1 || unfollowsPerSecond < 1 || attempts < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--seconds, --unfollows-per-second and --attempts must be positive");
    }
    if ((long) seconds * unfollowsPerSecond > MAX_FANS) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "a run needs one fan per unfollow, at most " + Format.count(MAX_FANS));
    }
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    Run off = run(Sharding.off());
    Run on = run(Sharding.defaults());
    out.printf(
        Locale.ROOT,
        "quickphotos simulate unfollow: %s fans of @%s unfollow at %s/s for %d simulated "
            + "seconds, on demand (1,000 write units a second per partition), %d attempts a "
            + "request%n%n",
        Format.count((long) seconds * unfollowsPerSecond),
        CELEBRITY,
        Format.count(unfollowsPerSecond),
        seconds,
        attempts);
    Format.sideBySide(out, "unfollows let through", off.perSecond(), on.perSecond());
    for (String name : List.of("off", "on")) {
      Run run = name.equals("off") ? off : on;
      out.printf(
          Locale.ROOT,
          "Sharding %s: %s of %s unfollows went through (%s/s); followers %s, friendships %s,"
              + " audit %s: %s.%n",
          name,
          Format.count(run.total()),
          Format.count((long) seconds * unfollowsPerSecond),
          Format.count(run.total() / seconds),
          Format.count(run.followers()),
          Format.count(run.friendships()),
          run.auditClean() ? "clean" : "found something",
          run.exact() ? "counts exact" : "COUNTS WRONG");
    }
    out.printf(
        Locale.ROOT,
        "%nLast %d s: sharding off %s unfollows/s, on %s (offered %s).%n",
        Math.min(10, seconds),
        Format.count(off.lastTenRate()),
        Format.count(on.lastTenRate()),
        Format.count(unfollowsPerSecond));
    out.printf(
        Locale.ROOT,
        "Simulated in %s.%n",
        Format.elapsed(Duration.ofNanos(System.nanoTime() - start)));
    out.flush();
    return off.exact() && on.exact() ? 0 : 1;
  }

  private Run run(Sharding sharding) {
    int fans = seconds * unfollowsPerSecond;
    SimulatedClock clock = new SimulatedClock(START.minus(Duration.ofHours(1)));
    InMemoryTable table = InMemoryTable.create();
    QuickPhotos bare = CelebrityLaunch.repository(table, clock, sharding).build();
    List<NewUser> users = new ArrayList<>(fans + 1);
    users.add(CelebrityLaunch.user(CELEBRITY));
    List<String> names = new ArrayList<>(fans);
    for (int i = 0; i < fans; i++) {
      names.add(CelebrityLaunch.fan(seed, i));
      users.add(CelebrityLaunch.user(names.get(i)));
    }
    bare.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});
    // Followed through the repository, outside the limits: a hot celebrity's follows land on
    // its shards, as they would have over its rise.
    for (String fan : names) {
      bare.follow(fan, CELEBRITY);
    }
    clock.moveTo(START);
    QuickPhotos limited =
        CelebrityLaunch.repository(table, clock, sharding)
            .throughput(Throughput.onDemand())
            .retryPolicy(RetryPolicy.noDelay(attempts))
            .build();
    CelebrityLaunch.Arrivals arrivals = new CelebrityLaunch.Arrivals(unfollowsPerSecond, seed);
    List<Integer> perSecond = new ArrayList<>(seconds);
    for (int s = 0; s < seconds; s++) {
      arrivals.startSecond();
      int through = 0;
      while (arrivals.next() != Long.MAX_VALUE) {
        clock.moveTo(START.plusSeconds(s).plusNanos(arrivals.next()));
        String fan = names.get(s * unfollowsPerSecond + arrivals.made());
        arrivals.advance();
        try {
          limited.unfollow(fan, CELEBRITY);
          through++;
        } catch (ServiceUnavailableException throttled) {
          // The fan gives up: still following.
        }
      }
      perSecond.add(through);
      clock.moveTo(START.plusSeconds(s + 1L));
    }
    long followers = bare.getUser(CELEBRITY).orElseThrow().followers();
    long friendships = 0;
    PageRequest request = PageRequest.first(PageRequest.MAX_SIZE);
    while (true) {
      var page = bare.followersOf(CELEBRITY, request);
      friendships += page.items().size();
      if (!page.hasNext()) {
        break;
      }
      request = page.next(PageRequest.MAX_SIZE);
    }
    AuditReport audit = bare.audit(false, n -> {});
    return new Run(perSecond, followers, friendships, audit.clean());
  }
}
