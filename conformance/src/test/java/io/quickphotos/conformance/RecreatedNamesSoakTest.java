package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditReport;
import io.quickphotos.CostListener;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A bounded soak of the races behind fenced cascades: threads delete and re-create the same few
 * usernames and photo ids while others follow, react, upload, unfollow and remove reactions on
 * them. Afterwards, once every delete a thread gave up on has been called again to its end (what
 * a client retrying would do), the audit must find nothing: every counter equals its items and
 * nothing refers to a missing user or photo. Each random choice comes from a seed printed with
 * the outcome counts.
 */
class RecreatedNamesSoakTest {
  private static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
  private static final List<String> NAMES = List.of("v", "w", "x");
  private static final AtomicLong TABLES = new AtomicLong();

  /**
   * 4 threads × 10,000 calls, about 5 s. On the cascades before fencing, seeds 2 and 3 ended with
   * a wedged photo (its deletePhoto failing forever); {@code -Dsoak.calls} and {@code -Dsoak.seed}
   * repeat or widen a run.
   */
  @Test
  void onMemory() throws Exception {
    Table table = new DelayedTable(new MemoryTable());
    soak(
        "memory",
        table,
        4,
        Integer.getInteger("soak.calls", 10_000),
        Long.getLong("soak.seed", 3L));
  }

  @Test
  void onDynamoDbLocal() throws Exception {
    String name = "soak" + TABLES.incrementAndGet();
    QuickPhotosTable.createIfMissing(SharedDynamoDbLocal.client(), name);
    soak("dynamodb-local", new DynamoTable(SharedDynamoDbLocal.client(), name), 3, 150, 20240102L);
  }

  private static void soak(String engine, Table table, int threads, int callsPerThread, long seed)
      throws Exception {
    QuickPhotos repo =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(CostListener.NONE)
                .withClock(Clock.systemUTC())
                .withRetryPolicy(RetryPolicy.noDelay()));
    Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
    CyclicBarrier start = new CyclicBarrier(threads);
    List<Thread> workers = new ArrayList<>();
    List<Throwable> unexpected = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Random random = new Random(seed + t);
      Thread worker =
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int i = 0; i < callsPerThread; i++) {
                    String outcome = step(repo, random);
                    outcomes.computeIfAbsent(outcome, k -> new AtomicLong()).incrementAndGet();
                  }
                } catch (Throwable e) {
                  synchronized (unexpected) {
                    unexpected.add(e);
                  }
                }
              },
              "soak-" + t);
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    assertThat(unexpected).as("calls that failed other than as documented").isEmpty();

    // A client that got ServiceUnavailableException from a delete calls it again.
    AuditReport report = repo.audit(false, scanned -> {});
    for (AuditFinding finding : report.findings()) {
      if (finding.kind() == AuditFinding.Kind.UNFINISHED_DELETE) {
        finishDelete(repo, finding.subject());
      }
    }
    report = repo.audit(false, scanned -> {});
    System.out.printf(
        "RecreatedNamesSoakTest %s, seed %d, %d threads x %d calls: %s; audit " + "read %d items%n",
        engine, seed, threads, callsPerThread, new TreeMap<>(outcomes), report.itemsScanned());
    assertThat(report.findings()).as("what the audit finds after the soak").isEmpty();
  }

  private static void finishDelete(QuickPhotos repo, String subject) {
    try {
      if (subject.startsWith("user ")) {
        repo.deleteUser(subject.substring("user ".length()));
      } else {
        String[] id = subject.substring("photo ".length()).split("@");
        repo.deletePhoto(new PhotoId(id[0], Instant.parse(id[1])));
      }
    } catch (PhotoNotFoundException | UserNotFoundException alreadyDone) {
      // Finished by the other call meanwhile.
    }
  }

  /** One random call; returns its outcome's name, throws what no caller should ever see. */
  private static String step(QuickPhotos repo, Random random) {
    String a = NAMES.get(random.nextInt(NAMES.size()));
    String b = NAMES.get(random.nextInt(NAMES.size()));
    PhotoId photo = new PhotoId(a, T0.plusSeconds(random.nextInt(2)));
    ReactionType type = ReactionType.values()[random.nextInt(2)];
    // Deletes are rarer than the writes that build what they delete.
    int op = new int[] {0, 0, 2, 3, 3, 3, 4, 5, 5, 6, 7, 7, 7, 8}[random.nextInt(14)];
    String name =
        switch (op) {
          case 0, 1 -> "createUser";
          case 2 -> "deleteUser";
          case 3 -> "follow";
          case 4 -> "unfollow";
          case 5 -> "uploadPhoto";
          case 6 -> "deletePhoto";
          case 7 -> "reactTo";
          default -> "removeReaction";
        };
    try {
      switch (op) {
        case 0, 1 ->
            repo.createUser(
                new NewUser(
                    a,
                    "Name",
                    a + "@example.com",
                    LocalDate.of(1990, 1, 1),
                    "",
                    UserStatus.ACTIVE));
        case 2 -> repo.deleteUser(a);
        case 3 -> {
          if (a.equals(b)) {
            return "skipped";
          }
          repo.follow(a, b);
        }
        case 4 -> {
          if (a.equals(b)) {
            return "skipped";
          }
          repo.unfollow(a, b);
        }
        case 5 -> repo.uploadPhoto(photo.owner(), photo.timestamp(), "https://p.example.com/1");
        case 6 -> repo.deletePhoto(photo);
        case 7 -> repo.reactTo(b, photo, type);
        default -> repo.removeReaction(b, photo, type);
      }
      return name + " ok";
    } catch (ServiceUnavailableException e) {
      // Gave up after its retries (contention): documented, and finished afterwards.
      return name + " gave up";
    } catch (io.quickphotos.InvalidInputException e) {
      throw e;
    } catch (QuickPhotosException e) {
      if (e.getClass() == QuickPhotosException.class) {
        throw e;
      }
      return name + " " + e.getClass().getSimpleName();
    }
  }
}
