package io.quickphotos.bench.hot;

import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a hot user's and a viral photo's calls cost ({@code Sharding.of(8, 5, 5)}, 20 followers
 * and 20 hearts, so both are sharded): reads of the counters (one snapshot of the item and its 8
 * shards) and the writes that add and take back. Public calls only, so the same file measures
 * any version of the library.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.hot.HotKeyCosts
 * </pre>
 */
public final class HotKeyCosts {
  private static final List<OperationCost> COSTS = new ArrayList<>();

  private HotKeyCosts() {}

  /**
   * Prints each call's requests and units.
   *
   * @param args none
   */
  public static void main(String[] args) {
    QuickPhotos repo =
        MemoryQuickPhotos.builder().costListener(COSTS::add).sharding(Sharding.of(8, 5, 5)).build();
    create(repo, "star");
    for (int i = 0; i < 21; i++) {
      create(repo, "f" + i);
    }
    for (int i = 0; i < 20; i++) {
      repo.follow("f" + i, "star");
    }
    Photo photo =
        repo.uploadPhoto("star", Instant.parse("2026-01-01T00:00:00Z"), "https://x.example/p.jpg");
    for (int i = 0; i < 20; i++) {
      repo.reactTo("f" + i, photo.id(), ReactionType.HEART);
    }
    repo.getUser("star");
    show("getUser (hot user, repository knows it)");
    repo.getPhoto(photo.id());
    show("getPhoto (viral photo, repository knows it)");
    repo.follow("f20", "star");
    show("follow of the hot user");
    repo.unfollow("f20", "star");
    show("unfollow of the hot user");
    repo.reactTo("f20", photo.id(), ReactionType.HEART);
    show("reaction to the viral photo");
    repo.removeReaction("f20", photo.id(), ReactionType.HEART);
    show("reaction taken back");
  }

  private static void create(QuickPhotos repo, String name) {
    repo.createUser(
        new NewUser(
            name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  private static void show(String what) {
    OperationCost cost = COSTS.get(COSTS.size() - 1);
    System.out.printf(
        Locale.ROOT,
        "%-46s %d requests, %.1f RCU, %.1f WCU%n",
        what,
        cost.requests(),
        cost.readCapacityUnits(),
        cost.writeCapacityUnits());
  }
}
