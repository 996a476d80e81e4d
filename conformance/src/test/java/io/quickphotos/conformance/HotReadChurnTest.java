package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.CostListener;
import io.quickphotos.NewUser;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The snapshot probe's churn with hot reads: a hot star (4 shards, 40 followers) and one writer
 * that, through instance A, follows with an extra fan, renames the star, unfollows, renames again,
 * and so on — every state (name, followers) the star goes through is one of a kind — while
 * readers read it through instance A and through instance B, both with a hot-read staleness.
 * Every read must answer a state the star was in (never a count that was not, which a sum of parts
 * read at different moments would give), no older than the bound: a read that answers a state the
 * writer's next write had already ended, as it returned, more than the bound before the read was
 * invoked, is too old. The writer reads through A after each write and must see exactly that
 * write. The repositories measure the bound on {@link NanoClock}, the timeline the calls are
 * stamped on, so the check is exact whatever the threads' timing; the outcome does not depend on
 * it, only how many reads came from a kept snapshot.
 */
class HotReadChurnTest {
  private static final AtomicLong RUNS = new AtomicLong();
  private static final int READERS_PER_INSTANCE = 2;

  @Test
  void onMemoryEveryReadIsAStateTheStarWasInNoOlderThanTheBound() throws Exception {
    Outcome outcome = churn(new MemoryTable(), Duration.ofMillis(2), 3_000);
    assertThat(outcome.kept()).as("reads served from a kept snapshot").isPositive();
  }

  @Test
  void onDynamoDbLocalEveryReadIsAStateTheStarWasInNoOlderThanTheBound() throws Exception {
    churn(SharedDynamoDbLocal.engine(), Duration.ofMillis(20), 120);
  }

  /**
   * What the readers saw.
   *
   * @param reads reads made
   * @param kept reads that made no request (served from a kept snapshot)
   */
  record Outcome(long reads, long kept) {}

  /** One read as it happened. */
  private record Read(long invoked, String name, long followers) {}

  private static QuickPhotos instance(Table table, Duration staleness, CostListener costs) {
    return Repositories.create(
        table,
        RepositoryOptions.defaults()
            .withCostListener(costs)
            .withClock(new NanoClock())
            .withSharding(Sharding.of(4, 5, 5))
            .withHotReadStaleness(staleness));
  }

  static Outcome churn(Table table, Duration bound, int steps) throws Exception {
    String p = "churn" + RUNS.incrementAndGet() + "-" + System.nanoTime() + "-";
    AtomicLong kept = new AtomicLong();
    CostListener countKept =
        cost -> {
          if (cost.requests() == 0) {
            kept.incrementAndGet();
          }
        };
    QuickPhotos a = instance(table, bound, countKept);
    QuickPhotos b = instance(table, bound, countKept);
    String star = p + "star";
    String extra = p + "extra";
    create(a, star);
    create(a, extra);
    for (int i = 0; i < 40; i++) {
      create(a, p + "fan" + i);
      a.follow(p + "fan" + i, star);
    }
    // The states, in order, and when the write that ended each returned.
    Map<String, Integer> states = new HashMap<>();
    List<Long> endedBy = Collections.synchronizedList(new ArrayList<>());
    String name = star;
    long followers = 40;
    states.put(name + "|" + followers, 0);
    AtomicBoolean done = new AtomicBoolean();
    List<List<Read>> reads = new ArrayList<>();
    List<Thread> readers = new ArrayList<>();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    for (QuickPhotos instance : List.of(a, b)) {
      for (int r = 0; r < READERS_PER_INSTANCE; r++) {
        List<Read> mine = new ArrayList<>();
        reads.add(mine);
        readers.add(
            new Thread(
                () -> {
                  try {
                    while (!done.get()) {
                      long invoked = System.nanoTime();
                      User user = instance.getUser(star).orElseThrow();
                      mine.add(new Read(invoked, user.name(), user.followers()));
                    }
                  } catch (Throwable e) {
                    failures.add(e);
                  }
                }));
      }
    }
    readers.forEach(Thread::start);
    try {
      for (int step = 1; step <= steps; step++) {
        switch (step % 4) {
          case 1 -> {
            a.follow(extra, star);
            followers++;
          }
          case 3 -> {
            a.unfollow(extra, star);
            followers--;
          }
          default -> {
            name = "v" + step;
            a.updateProfile(star, ProfileUpdate.builder().name(name).build());
          }
        }
        endedBy.add(System.nanoTime());
        states.put(name + "|" + followers, step);
        User own = a.getUser(star).orElseThrow();
        assertThat(own.name() + "|" + own.followers())
            .as("the writer's read after its write %d", step)
            .isEqualTo(name + "|" + followers);
      }
    } finally {
      done.set(true);
      for (Thread reader : readers) {
        reader.join(60_000);
      }
    }
    assertThat(failures).isEmpty();
    long total = 0;
    long bad = 0;
    long tooOld = 0;
    List<String> examples = new ArrayList<>();
    for (List<Read> mine : reads) {
      for (Read read : mine) {
        total++;
        Integer state = states.get(read.name() + "|" + read.followers());
        if (state == null) {
          bad++;
          examples.add("never was: " + read);
        } else if (state < endedBy.size()
            && endedBy.get(state) < read.invoked() - bound.toNanos()) {
          tooOld++;
          examples.add(
              "older than the bound: "
                  + read
                  + ", state "
                  + state
                  + " ended "
                  + (read.invoked() - endedBy.get(state)) / 1_000
                  + " µs before the read");
        }
      }
    }
    assertThat(examples.subList(0, Math.min(10, examples.size())))
        .as("%d reads: %d counts that never were, %d older than the bound", total, bad, tooOld)
        .isEmpty();
    assertThat(total).isPositive();
    return new Outcome(total, kept.get());
  }

  private static void create(QuickPhotos photos, String name) {
    photos.createUser(
        new NewUser(name, name, "x@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }
}
