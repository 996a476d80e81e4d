package io.quickphotos.bench.hybrid;

import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * What the fleet-safe hybrid feed costs each call, case by case: uploads, follows, unfollows,
 * feeds and closed accounts through repositories with the hybrid on and off over one table (the
 * memory engine, the service's billing). The figures of docs/operating-a-fleet.md.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.hybrid.FleetCosts
 * </pre>
 */
public final class FleetCosts {
  private FleetCosts() {}

  private static final List<OperationCost> COSTS = new ArrayList<>();

  private static OperationCost last() {
    return COSTS.get(COSTS.size() - 1);
  }

  private static void create(QuickPhotos r, String n) {
    r.createUser(new NewUser(n, n, n + "@x.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  private static void show(String what) {
    OperationCost c = last();
    System.out.printf(
        "%-60s %d requests, %.1f RCU, %.1f WCU%n",
        what, c.requests(), c.readCapacityUnits(), c.writeCapacityUnits());
  }

  /** One instance of the fleet over the shared table, with its own feed setting. */
  private static QuickPhotos instance(InMemoryTable table, Clock clock, FanOut fanOut) {
    return MemoryQuickPhotos.builder()
        .table(table)
        .clock(clock)
        .costListener(COSTS::add)
        .fanOut(fanOut)
        .sharding(Sharding.defaults())
        .build();
  }

  /**
   * Prints each case's requests and units.
   *
   * @param args none
   */
  public static void main(String[] args) {
    Clock clock = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);
    InMemoryTable table = InMemoryTable.create();
    QuickPhotos on = instance(table, clock, FanOut.hybrid());
    QuickPhotos off = instance(table, clock, FanOut.off());
    for (String n : List.of("a", "b", "r1", "r2", "r3", "p")) create(off, n);
    off.uploadPhoto("p", clock.instant().minusSeconds(100), "https://x/p.jpg");
    show("upload, author nobody follows by timeline (off)");
    on.uploadPhoto("p", clock.instant().minusSeconds(99), "https://x/p.jpg");
    show("upload, author nobody follows by timeline (hybrid)");
    off.follow("r1", "a");
    show("follow through off (pull)");
    on.follow("r2", "a");
    show("follow through hybrid (timeline)");
    on.uploadPhoto("a", clock.instant().minusSeconds(90), "https://x/a.jpg");
    show("upload, author with audience 1, instance knows");
    QuickPhotos fresh =
        MemoryQuickPhotos.builder()
            .table(table)
            .clock(clock)
            .costListener(COSTS::add)
            .fanOut(FanOut.off())
            .sharding(Sharding.defaults())
            .build();
    fresh.uploadPhoto("a", clock.instant().minusSeconds(80), "https://x/a.jpg");
    show("upload, author with audience 1, instance does not know");
    fresh.uploadPhoto("a", clock.instant().minusSeconds(70), "https://x/a.jpg");
    show("upload, same, second time");
    off.unfollow("r1", "a");
    show("unfollow of a pull follow through off");
    on.follow("r1", "a");
    show("follow (timeline) again");
    off.unfollow("r2", "a");
    show("unfollow of a timeline follow through off");
    on.unfollow("r1", "a");
    show("unfollow of a timeline follow through hybrid");
    off.follow("r3", "b");
    on.unfollow("r3", "b");
    show("unfollow of a pull follow through hybrid");
    on.homeFeed("r2", PageRequest.first(10));
    show("home feed r2 (no follows)");
    on.follow("r2", "b");
    on.follow("r2", "p");
    off.homeFeed("r2", PageRequest.first(10));
    show("home feed, 2 timeline follows, through off");
    on.homeFeed("r2", PageRequest.first(10));
    show("home feed, 2 timeline follows, through hybrid");
    create(off, "x");
    off.deleteUser("x");
    show("deleteUser, account never in the hybrid");
    off.deleteUser("b");
    show("deleteUser, author with an audience of 1 (through off)");
    off.deleteUser("r2");
    show("deleteUser, member of one audience (through off)");
    off.fillTimeline("r3");
    show("fillTimeline under off, nothing to do");
  }
}
