package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The data every benchmark runs on: a deterministic photo-sharing community of about
 * {@code items} table items, and the arguments the benchmarks cycle through. The same size always
 * gives the same users, photos, follows and reactions, on every backend and every machine.
 *
 * <p>Each user has one profile, {@value #PHOTOS_PER_USER} photos, follows
 * {@value #FOLLOWS_PER_USER} others and leaves {@value #REACTIONS_PER_USER} reactions on other
 * users' photos: {@value #ITEMS_PER_USER} items per user. Two more users, {@link #follower} and
 * {@link #reactor}, exist only for the write benchmarks: they follow and react to no one, so
 * following or reacting never collides with the loaded data.
 *
 * <p>Immutable after construction; thread-safe.
 */
public final class DataSet {
  public static final int PHOTOS_PER_USER = 3;
  public static final int FOLLOWS_PER_USER = 10;
  static final int REACTIONS_PER_USER = 6;
  static final int ITEMS_PER_USER = 1 + PHOTOS_PER_USER + FOLLOWS_PER_USER + REACTIONS_PER_USER;

  /** The page size of every listing the benchmarks read. */
  public static final int PAGE_SIZE = 25;

  /** How many arguments each benchmark cycles through; a power of two for a cheap wrap-around. */
  public static final int RING = 1024;

  /** Stamps follows and reactions, so loading is deterministic too. */
  public static final Clock CLOCK =
      Clock.fixed(Instant.parse("2024-06-01T12:00:00Z"), ZoneOffset.UTC);

  private static final long SEED = 20180530L;
  private static final String[] SYLLABLES = {
    "ka", "mi", "ro", "ne", "lu", "ta", "so", "vi", "pe", "do", "ri", "an", "el", "jo", "ha", "ku"
  };
  private static final Instant FIRST_PHOTO = Instant.parse("2018-01-01T00:00:00Z");
  private static final long PHOTO_SPAN_SECONDS = 6L * 365 * 24 * 3600;

  /** Photos uploaded by the write benchmark are dated after every loaded one. */
  private static final Instant FIRST_NEW_PHOTO = Instant.parse("2030-01-01T00:00:00Z");

  public final List<NewUser> users;
  public final List<PhotoId> photos;
  public final List<String> locations;
  public final List<Follow> follows;
  public final List<Reaction> reactions;
  public final NewUser follower;
  public final NewUser reactor;

  /** Users read by the read benchmarks, in a fixed random order. */
  public final String[] userRing = new String[RING];

  /** Photos read by the read benchmarks and reacted to by the write benchmark. */
  public final PhotoId[] photoRing = new PhotoId[RING];

  /** Reaction types the write benchmark leaves, paired with {@link #photoRing}. */
  public final ReactionType[] typeRing = new ReactionType[RING];

  /** Users the write benchmark creates and deletes again. */
  public final NewUser[] newUserRing = new NewUser[RING];

  /** Photos the write benchmark uploads and deletes again. */
  public final PhotoId[] newPhotoRing = new PhotoId[RING];

  /** Where each of {@link #newPhotoRing} is served from. */
  public final String[] newLocationRing = new String[RING];

  /** Users {@link #follower} follows and unfollows again. */
  public final String[] followedRing = new String[RING];

  private DataSet(int items) {
    Random random = new Random(SEED ^ items);
    int userCount = Math.max(2, items / ITEMS_PER_USER);
    users = new ArrayList<>(userCount);
    for (int i = 0; i < userCount; i++) {
      users.add(newUser(random, name(random, i)));
    }
    follower = newUser(random, "bench.follower");
    reactor = newUser(random, "bench.reactor");

    photos = new ArrayList<>(userCount * PHOTOS_PER_USER);
    locations = new ArrayList<>(userCount * PHOTOS_PER_USER);
    for (NewUser user : users) {
      Set<Instant> taken = new HashSet<>();
      while (taken.size() < PHOTOS_PER_USER) {
        Instant at =
            FIRST_PHOTO
                .plusSeconds((long) (random.nextDouble() * PHOTO_SPAN_SECONDS))
                .plusNanos(random.nextInt(1_000_000_000));
        if (taken.add(at)) {
          PhotoId id = new PhotoId(user.username(), at);
          photos.add(id);
          locations.add(location(id));
        }
      }
    }

    int followCount = Math.min(FOLLOWS_PER_USER, userCount - 1);
    follows = new ArrayList<>(userCount * followCount);
    Instant now = CLOCK.instant();
    for (int i = 0; i < userCount; i++) {
      Set<Integer> followed = new HashSet<>();
      while (followed.size() < followCount) {
        int j = random.nextInt(userCount);
        if (j != i && followed.add(j)) {
          follows.add(new Follow(users.get(i).username(), users.get(j).username(), now));
        }
      }
    }

    reactions = new ArrayList<>(userCount * REACTIONS_PER_USER);
    ReactionType[] types = ReactionType.values();
    for (NewUser user : users) {
      Set<String> left = new HashSet<>();
      int attempts = 0;
      while (left.size() < REACTIONS_PER_USER && attempts++ < 100 * REACTIONS_PER_USER) {
        PhotoId photo = photos.get(random.nextInt(photos.size()));
        ReactionType type = types[random.nextInt(types.length)];
        if (!photo.owner().equals(user.username()) && left.add(photo + "|" + type)) {
          reactions.add(new Reaction(user.username(), photo, type, now));
        }
      }
    }

    for (int i = 0; i < RING; i++) {
      userRing[i] = users.get(random.nextInt(userCount)).username();
      photoRing[i] = photos.get(random.nextInt(photos.size()));
      typeRing[i] = types[random.nextInt(types.length)];
      newUserRing[i] = newUser(random, "bench.new-" + i);
      newPhotoRing[i] = new PhotoId(userRing[i], FIRST_NEW_PHOTO.plusSeconds(i));
      newLocationRing[i] = location(newPhotoRing[i]);
      followedRing[i] = users.get(random.nextInt(userCount)).username();
    }
  }

  /**
   * The data set of about {@code items} items.
   *
   * @param items how many table items to aim for; at least {@value #ITEMS_PER_USER} times two
   *     users are made however small
   * @return the data set, the same for the same size
   */
  public static DataSet of(int items) {
    return new DataSet(items);
  }

  /**
   * The in-memory repository on a table, as every benchmark builds it: stamped by {@link #CLOCK},
   * fan-out on read and the default sharding given (so building it reads nothing), one request
   * at a time, no faults, limits or latency.
   *
   * @param table the table
   * @param costs where the repository reports what each call cost
   * @return the repository
   */
  public static QuickPhotos memory(InMemoryTable table, CostListener costs) {
    return MemoryQuickPhotos.builder()
        .table(table)
        .costListener(costs)
        .clock(CLOCK)
        .fanOut(FanOut.off())
        .sharding(Sharding.defaults())
        .build();
  }

  /**
   * Imports this data set ({@link QuickPhotos#importSnapshot}): the same items, counters and index
   * entries the single writes would leave, in BatchWriteItem requests of 25.
   *
   * @param repository a repository on an empty table
   * @param backend the backend's name, for the message
   */
  public void importInto(QuickPhotos repository, String backend) {
    long start = System.nanoTime();
    printLoaded(backend, repository.importSnapshot(snapshot(), written -> {}), start);
  }

  /**
   * Reports a finished load on standard output, which JMH shows with the trial.
   *
   * @param backend where the data went
   * @param items how many items
   * @param startNanos when loading started, from {@link System#nanoTime()}
   */
  public static void printLoaded(String backend, long items, long startNanos) {
    System.out.printf(
        Locale.ROOT,
        "Loaded %,d items into %s in %.1f s%n",
        items,
        backend,
        (System.nanoTime() - startNanos) / 1e9);
  }

  /**
   * The data set as the repository imports it, the two benchmark users included.
   *
   * @return the snapshot
   */
  public Snapshot snapshot() {
    return snapshot(0);
  }

  /**
   * The data set as the repository imports it, every photo with a caption of
   * {@code captionBytes} one-byte characters (none for 0).
   *
   * @param captionBytes the length of every caption
   * @return the snapshot
   */
  public Snapshot snapshot(int captionBytes) {
    List<NewUser> everyone = new ArrayList<>(users);
    everyone.add(follower);
    everyone.add(reactor);
    List<NewPhoto> uploads = new ArrayList<>(photos.size());
    for (int i = 0; i < photos.size(); i++) {
      PhotoId id = photos.get(i);
      uploads.add(
          new NewPhoto(
              id.owner(), id.timestamp(), locations.get(i), caption(i, captionBytes), Map.of()));
    }
    return new Snapshot(everyone, uploads, follows, reactions);
  }

  /**
   * A caption of exactly {@code bytes} one-byte characters, different for each {@code index}, as
   * a photo app's captions are: words, not one repeated letter.
   *
   * @param index which photo
   * @param bytes the caption's length, 0 for none
   * @return the caption
   */
  public static String caption(int index, int bytes) {
    StringBuilder caption = new StringBuilder(bytes + 16);
    caption.append("Photo ").append(index).append(':');
    for (int word = index; caption.length() < bytes; word = word * 31 + 7) {
      caption.append(' ').append(SYLLABLES[Math.floorMod(word, SYLLABLES.length)]).append("lo");
    }
    caption.setLength(bytes);
    return caption.toString();
  }

  /**
   * How many table items loading this data set creates, including the two benchmark users.
   *
   * @return the item count
   */
  public int itemCount() {
    return users.size() + 2 + photos.size() + follows.size() + reactions.size();
  }

  /**
   * Where a photo is served from; every photo has one, derived from its id.
   *
   * @param id the photo
   * @return an https URL
   */
  static String location(PhotoId id) {
    return "https://photos.example.com/"
        + id.owner()
        + "/"
        + id.timestamp().toEpochMilli()
        + ".jpg";
  }

  private static String name(Random random, int index) {
    StringBuilder name = new StringBuilder();
    int syllables = 2 + random.nextInt(3);
    for (int s = 0; s < syllables; s++) {
      name.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
    }
    // The index keeps names unique; the separator varies so the key order is not the index order.
    return name.append(".-_".charAt(random.nextInt(3))).append(index).toString();
  }

  private static NewUser newUser(Random random, String username) {
    String display =
        Character.toUpperCase(username.charAt(0))
            + username.substring(1, Math.min(username.length(), 8));
    LocalDate birthdate =
        LocalDate.of(1950 + random.nextInt(55), 1 + random.nextInt(12), 1 + random.nextInt(28));
    String address =
        random.nextInt(4) == 0
            ? ""
            : (1 + random.nextInt(999)) + " " + display + " Street, Springfield";
    UserStatus status = random.nextInt(10) == 0 ? UserStatus.INACTIVE : UserStatus.ACTIVE;
    return new NewUser(
        username,
        display + " " + (char) ('A' + random.nextInt(26)) + ".",
        username + "@example.com",
        birthdate,
        address,
        status);
  }
}
