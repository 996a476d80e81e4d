package io.quickphotos.bench.hot;

import io.quickphotos.NewUser;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * A hot user's count read while it churns, through two instances: {@code Sharding.of(4, 5, 5)},
 * {@code star} with 40 followers (so its counters are sharded); one writer, through instance A,
 * follows with an extra fan, renames the star, unfollows, renames again, and so on, so that every
 * state (name, followers) the star goes through is one of a kind; two readers through A and two
 * through B call {@code getUser("star")} meanwhile. Both instances have the hot-read staleness
 * given (1 s unless given) and measure it on a clock that reads {@link System#nanoTime()}, the
 * timeline the calls are stamped on. Prints, per backend, the reads made, how many were served
 * from a kept snapshot, the counts that never were (a state the star was never in) and the counts
 * older than the bound (a state the writer's next write had ended, as it returned, more than the
 * bound before the read was invoked): both must be 0. Public calls only.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.hot.HotCountChurn [seconds] [staleness-ms]
 * </pre>
 */
public final class HotCountChurn {
  private static final int READERS_PER_INSTANCE = 2;

  private HotCountChurn() {}

  /**
   * Runs the churn on memory and on DynamoDB Local, in turn.
   *
   * @param args the seconds each runs (8 unless given) and the staleness in ms (1,000)
   * @throws InterruptedException if interrupted
   */
  public static void main(String[] args) throws InterruptedException {
    Duration length = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 8);
    Duration bound = Duration.ofMillis(args.length > 1 ? Long.parseLong(args[1]) : 1_000);
    Sharding sharding = Sharding.of(4, 5, 5);
    InMemoryTable table = InMemoryTable.create();
    print(
        "memory",
        run(
            clock ->
                MemoryQuickPhotos.builder()
                    .table(table)
                    .sharding(sharding)
                    .clock(clock)
                    .hotReadStaleness(bound)
                    .build(),
            length,
            bound));
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      print(
          "DynamoDB Local",
          run(
              clock ->
                  DynamoQuickPhotos.builder()
                      .client(local.client())
                      .createTableIfMissing(true)
                      .sharding(sharding)
                      .clock(clock)
                      .hotReadStaleness(bound)
                      .build(),
              length,
              bound));
    }
  }

  /**
   * What the readers saw.
   *
   * @param reads how many reads
   * @param kept how many answered a state older than the latest when they were invoked: served
   *     from a kept snapshot
   * @param neverWere how many returned a state that never was
   * @param tooOld how many returned a state older than the bound
   * @param examples up to ten of those
   */
  record Outcome(long reads, long kept, long neverWere, long tooOld, List<String> examples) {}

  /** One read as it happened. */
  private record Read(long invoked, String name, long followers) {}

  /**
   * Runs the churn on two instances of one table.
   *
   * @param instance builds one instance over the (empty) table, with the clock given
   * @param length how long the writer churns
   * @param bound the instances' hot-read staleness
   * @return what the readers saw
   * @throws InterruptedException if interrupted
   */
  static Outcome run(Function<Clock, QuickPhotos> instance, Duration length, Duration bound)
      throws InterruptedException {
    Clock clock = new NanoClock();
    QuickPhotos a = instance.apply(clock);
    QuickPhotos b = instance.apply(clock);
    create(a, "star");
    create(a, "extra");
    for (int i = 0; i < 40; i++) {
      create(a, "fan" + i);
      a.follow("fan" + i, "star");
    }
    Map<String, Integer> states = new HashMap<>();
    List<Long> endedBy = new ArrayList<>();
    String name = "star";
    long followers = 40;
    states.put(name + "|" + followers, 0);
    AtomicBoolean done = new AtomicBoolean();
    List<List<Read>> reads = new ArrayList<>();
    List<Thread> readers = new ArrayList<>();
    for (QuickPhotos through : List.of(a, b)) {
      for (int r = 0; r < READERS_PER_INSTANCE; r++) {
        List<Read> mine = new ArrayList<>();
        reads.add(mine);
        readers.add(
            new Thread(
                () -> {
                  while (!done.get()) {
                    long invoked = System.nanoTime();
                    User user = through.getUser("star").orElseThrow();
                    mine.add(new Read(invoked, user.name(), user.followers()));
                  }
                }));
      }
    }
    readers.forEach(Thread::start);
    long end = System.nanoTime() + length.toNanos();
    int step = 0;
    Map<Integer, String> writerMisreads = new HashMap<>();
    while (System.nanoTime() < end) {
      step++;
      switch (step % 4) {
        case 1 -> {
          a.follow("extra", "star");
          followers++;
        }
        case 3 -> {
          a.unfollow("extra", "star");
          followers--;
        }
        default -> {
          name = "v" + step;
          a.updateProfile("star", ProfileUpdate.builder().name(name).build());
        }
      }
      endedBy.add(System.nanoTime());
      states.put(name + "|" + followers, step);
      User own = a.getUser("star").orElseThrow();
      if (!(own.name() + "|" + own.followers()).equals(name + "|" + followers)) {
        writerMisreads.put(step, own.name() + "|" + own.followers());
      }
    }
    done.set(true);
    for (Thread reader : readers) {
      reader.join();
    }
    long total = 0;
    long neverWere = 0;
    long tooOld = 0;
    List<String> examples = new ArrayList<>();
    writerMisreads.forEach(
        (s, seen) -> examples.add("the writer read " + seen + " after its write " + s));
    for (List<Read> mine : reads) {
      for (Read read : mine) {
        total++;
        Integer state = states.get(read.name() + "|" + read.followers());
        if (state == null) {
          neverWere++;
          examples.add("never was: " + read);
        } else if (state < endedBy.size()
            && endedBy.get(state) < read.invoked() - bound.toNanos()) {
          tooOld++;
          examples.add("older than the bound: " + read);
        }
      }
    }
    return new Outcome(
        total,
        olderThanLatest(reads, states, endedBy),
        neverWere + writerMisreads.size(),
        tooOld,
        List.copyOf(examples.subList(0, Math.min(10, examples.size()))));
  }

  /**
   * Reads that answered a state older than the latest at their invocation (one a write that had
   * returned by then had ended): served from a kept snapshot.
   */
  private static long olderThanLatest(
      List<List<Read>> reads, Map<String, Integer> states, List<Long> endedBy) {
    long older = 0;
    for (List<Read> mine : reads) {
      for (Read read : mine) {
        // endedBy is in order: the writes that had returned before the read was invoked.
        int returned = Collections.binarySearch(endedBy, read.invoked());
        returned = returned < 0 ? -returned - 1 : returned;
        Integer state = states.get(read.name() + "|" + read.followers());
        if (state != null && state < returned) {
          older++;
        }
      }
    }
    return older;
  }

  private static void create(QuickPhotos photos, String name) {
    photos.createUser(
        new NewUser(
            name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  private static void print(String backend, Outcome outcome) {
    System.out.printf(
        Locale.ROOT,
        "%s: %,d reads through two instances, %,d of them a state older than the latest;"
            + " %d counts that never were, %d older than the bound%s%n",
        backend,
        outcome.reads(),
        outcome.kept(),
        outcome.neverWere(),
        outcome.tooOld(),
        outcome.examples().isEmpty() ? "" : ", e.g. " + outcome.examples());
  }

  /** A clock that reads {@link System#nanoTime()}, the timeline the calls are stamped on. */
  private static final class NanoClock extends Clock {
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public Instant instant() {
      return START.plusNanos(System.nanoTime());
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException("a nano clock is always UTC");
    }
  }
}
