package io.quickphotos.bench;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hot user's count read while it churns: {@code Sharding.of(4, 5, 5)}, {@code star} with 40
 * followers (so its counters are sharded); one thread follows and then unfollows the same extra
 * fan, again and again, so the true count is always 40 or 41; two threads call
 * {@code getUser("star")} meanwhile. Prints, per backend, the reads made and the counts that
 * never were. Public calls only, so the same file measures any version of the library.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.HotCountChurn [seconds]
 * </pre>
 */
public final class HotCountChurn {
  private HotCountChurn() {}

  /**
   * Runs the churn on memory and on DynamoDB Local, in turn.
   *
   * @param args the seconds each runs, 8 unless given
   * @throws InterruptedException if interrupted
   */
  public static void main(String[] args) throws InterruptedException {
    Duration length = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 8);
    Sharding sharding = Sharding.of(4, 5, 5);
    print("memory", run(MemoryQuickPhotos.builder().sharding(sharding).build(), length));
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      QuickPhotos photos =
          DynamoQuickPhotos.builder()
              .client(local.client())
              .createTableIfMissing(true)
              .sharding(sharding)
              .build();
      print("DynamoDB Local", run(photos, length));
    }
  }

  /**
   * What the readers saw.
   *
   * @param reads how many reads
   * @param wrong how many returned a count that never was
   * @param examples up to ten of those counts
   */
  record Outcome(long reads, long wrong, List<Long> examples) {}

  /**
   * Runs the churn on one repository.
   *
   * @param photos the repository, over an empty table
   * @param length how long the writer churns
   * @return what the readers saw
   * @throws InterruptedException if interrupted
   */
  static Outcome run(QuickPhotos photos, Duration length) throws InterruptedException {
    create(photos, "star");
    create(photos, "extra");
    for (int i = 0; i < 40; i++) {
      create(photos, "fan" + i);
      photos.follow("fan" + i, "star");
    }
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong reads = new AtomicLong();
    AtomicLong wrong = new AtomicLong();
    ConcurrentLinkedQueue<Long> examples = new ConcurrentLinkedQueue<>();
    Thread writer =
        new Thread(
            () -> {
              while (!done.get()) {
                photos.follow("extra", "star");
                photos.unfollow("extra", "star");
              }
            });
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      readers.add(
          new Thread(
              () -> {
                while (!done.get()) {
                  long followers = photos.getUser("star").orElseThrow().followers();
                  reads.incrementAndGet();
                  if (followers != 40 && followers != 41) {
                    wrong.incrementAndGet();
                    if (examples.size() < 10) {
                      examples.add(followers);
                    }
                  }
                }
              }));
    }
    writer.start();
    readers.forEach(Thread::start);
    Thread.sleep(length.toMillis());
    done.set(true);
    writer.join();
    for (Thread reader : readers) {
      reader.join();
    }
    return new Outcome(reads.get(), wrong.get(), List.copyOf(examples));
  }

  private static void create(QuickPhotos photos, String name) {
    photos.createUser(
        new NewUser(
            name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  private static void print(String backend, Outcome outcome) {
    System.out.printf(
        Locale.ROOT,
        "%s: %d of %d reads returned a count that never was%s%n",
        backend,
        outcome.wrong(),
        outcome.reads(),
        outcome.examples().isEmpty() ? "" : ", e.g. " + outcome.examples());
  }
}
