package io.quickphotos.cli.sample;

import io.quickphotos.AppValue;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.UserStatus;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.datafaker.Faker;

/**
 * A generated data set of users, photos, follows and reactions, the same for a given seed and size
 * on every machine and every backend. Nothing in it depends on the wall clock or the default
 * locale: the fake-data library is given a fixed locale, a seeded {@link Random} and fixed date
 * ranges, and follows and reactions take their timestamps from {@link #clock()}.
 *
 * <p>For {@code n} users the set has {@code 4n} photos, {@code 3n} follows and {@code 5n/2}
 * reactions (fewer when {@code n} is too small to have that many distinct ones), so the default of
 * 100 users is about a thousand items. Photo owners, followed users and reacted photos are drawn
 * with a skew toward the start of their lists, as popularity is skewed in a real app, so the tour
 * has a user with many photos and a photo with several reactions to show.
 *
 * <p>Photos carry what a photo app stores beside the image: three in four a caption of a few
 * words, and every one the application's attributes {@code width} and {@code height} (the
 * image's), {@code alt} (text for screen readers), {@code tags} (a list of one to three words)
 * and {@code views} (a counter, skewed as popularity is), about 300 to 500 bytes an item in all,
 * still under the 1 KB a write unit covers. They come from a random of their own, so the users,
 * photos, follows and reactions of a seed are those a sample without them had.
 *
 * @param seed the seed the set was generated from
 * @param users the users, in creation order
 * @param photos the photos, in upload order; every owner is in {@code users}
 * @param follows the follows, in the order they are made; no self-follows, no duplicates
 * @param reactions the reactions, in the order they are made; no duplicates
 * @param newcomer one more user who is not in {@code users}, for the tour to create
 * @param clockStart when the follows and reactions start: after every photo
 */
public record SampleData(
    long seed,
    List<NewUser> users,
    List<PhotoSpec> photos,
    List<FollowSpec> follows,
    List<ReactionSpec> reactions,
    NewUser newcomer,
    Instant clockStart) {

  /** The seed used when none is given. */
  public static final long DEFAULT_SEED = 42;

  /** The number of users of the tour's sample: about a thousand items in all. */
  public static final int DEFAULT_USERS = 100;

  private static final Instant BORN_FROM = Instant.parse("1950-01-01T00:00:00Z");
  private static final Instant BORN_UNTIL = Instant.parse("2006-01-01T00:00:00Z");
  private static final Instant PHOTOS_FROM = Instant.parse("2015-01-01T00:00:00Z");
  private static final Instant PHOTOS_UNTIL = Instant.parse("2024-12-31T00:00:00Z");
  private static final int[][] IMAGE_SIZES = {
    {640, 480}, {800, 600}, {1024, 768}, {1080, 1080}, {1200, 800}, {1600, 900}
  };

  public SampleData {
    users = List.copyOf(users);
    photos = List.copyOf(photos);
    follows = List.copyOf(follows);
    reactions = List.copyOf(reactions);
  }

  /** A photo to upload, with its caption (empty for none) and the application's attributes. */
  public record PhotoSpec(
      String owner,
      Instant timestamp,
      String location,
      String caption,
      Map<String, AppValue> attributes) {
    public PhotoSpec {
      attributes = Map.copyOf(attributes);
    }

    public PhotoId id() {
      return new PhotoId(owner, timestamp);
    }

    /** The photo as the repository uploads it. */
    NewPhoto newPhoto() {
      return new NewPhoto(owner, timestamp, location, caption, attributes);
    }
  }

  /** A follow to make. */
  public record FollowSpec(String follower, String followed) {}

  /** A reaction to leave. */
  public record ReactionSpec(String reactor, PhotoId photo, ReactionType type) {}

  /**
   * Generates the data set of {@code userCount} users for {@code seed}.
   *
   * @param seed any number; equal seeds give equal data
   * @param userCount at least 1
   * @return the data set
   */
  public static SampleData generate(long seed, int userCount) {
    if (userCount < 1) {
      throw new IllegalArgumentException("at least one user is needed, was " + userCount);
    }
    Random random = new Random(seed);
    Faker faker = new Faker(Locale.US, random);
    Set<String> usernames = new HashSet<>();

    List<NewUser> users = new ArrayList<>(userCount);
    for (int i = 0; i < userCount; i++) {
      users.add(person(faker, random, usernames));
    }
    NewUser newcomer = person(faker, random, usernames);

    long photoCount = 4L * userCount;
    List<PhotoSpec> photos = new ArrayList<>((int) photoCount);
    // Captions and attributes from a random of their own: the rest is what it was without them.
    Random extras = new Random(seed ^ 0x5DEECE66DL);
    Faker words = new Faker(Locale.US, extras);
    Map<String, Set<Instant>> taken = new HashMap<>();
    for (long i = 0; i < photoCount; i++) {
      String owner = users.get(skewed(random, userCount)).username();
      Instant at =
          faker.timeAndDate().between(PHOTOS_FROM, PHOTOS_UNTIL).truncatedTo(ChronoUnit.SECONDS);
      // Two photos of one owner cannot share a timestamp: it is part of the key.
      Set<Instant> ownerTimes = taken.computeIfAbsent(owner, o -> new HashSet<>());
      while (!ownerTimes.add(at)) {
        at = at.plusSeconds(1);
      }
      int[] size = IMAGE_SIZES[random.nextInt(IMAGE_SIZES.length)];
      photos.add(
          new PhotoSpec(
              owner,
              at,
              faker.internet().image(size[0], size[1], owner + "-" + (ownerTimes.size())),
              extras.nextInt(4) == 0 ? "" : caption(words, extras),
              attributes(words, extras, size)));
    }

    long followCount = Math.min(3L * userCount, (long) userCount * (userCount - 1));
    List<FollowSpec> follows = new ArrayList<>((int) followCount);
    Set<FollowSpec> followSet = new HashSet<>();
    while (follows.size() < followCount) {
      String follower = users.get(random.nextInt(userCount)).username();
      String followed = users.get(skewed(random, userCount)).username();
      FollowSpec follow = new FollowSpec(follower, followed);
      if (!follower.equals(followed) && followSet.add(follow)) {
        follows.add(follow);
      }
    }

    ReactionType[] types = ReactionType.values();
    long reactionCount =
        Math.min(5L * userCount / 2, (long) userCount * photos.size() * types.length);
    List<ReactionSpec> reactions = new ArrayList<>((int) reactionCount);
    Set<ReactionSpec> reactionSet = new HashSet<>();
    while (reactions.size() < reactionCount) {
      ReactionSpec reaction =
          new ReactionSpec(
              users.get(random.nextInt(userCount)).username(),
              photos.get(skewed(random, photos.size())).id(),
              types[random.nextInt(types.length)]);
      if (reactionSet.add(reaction)) {
        reactions.add(reaction);
      }
    }

    Instant clockStart =
        PHOTOS_UNTIL.plus(1, ChronoUnit.DAYS).plusSeconds(random.nextInt(24 * 60 * 60));
    return new SampleData(seed, users, photos, follows, reactions, newcomer, clockStart);
  }

  /**
   * The number of items the set puts in the table: one per user, photo, follow and reaction.
   *
   * @return the item count
   */
  public long itemCount() {
    return (long) users.size() + photos.size() + follows.size() + reactions.size();
  }

  /**
   * The sample as one snapshot for {@link io.quickphotos.QuickPhotos#importSnapshot}: the same
   * data that loading it call by call gives, follows and reactions stamped from a fresh
   * {@link #clock()} in the same order.
   *
   * @return the snapshot
   */
  public io.quickphotos.Snapshot snapshot() {
    java.time.Clock stamps = clock();
    // Loading creates the users first, and createUser reads the clock once (a birth date may
    // not lie in the future): the follows' stamps come after those readings.
    users.forEach(user -> stamps.instant());
    List<NewPhoto> newPhotos = photos.stream().map(PhotoSpec::newPhoto).toList();
    List<io.quickphotos.Follow> newFollows =
        follows.stream()
            .map(f -> new io.quickphotos.Follow(f.follower(), f.followed(), stamps.instant()))
            .toList();
    List<io.quickphotos.Reaction> newReactions =
        reactions.stream()
            .map(
                r ->
                    new io.quickphotos.Reaction(r.reactor(), r.photo(), r.type(), stamps.instant()))
            .toList();
    return new io.quickphotos.Snapshot(users, newPhotos, newFollows, newReactions);
  }

  /**
   * A clock for the repository that stamps follows and reactions: starts at
   * {@link #clockStart()} and advances one second per reading, so a run that makes the same calls
   * in the same order gets the same timestamps on every backend.
   *
   * @return a new clock
   */
  public SteppingClock clock() {
    return new SteppingClock(clockStart, java.time.Duration.ofSeconds(1));
  }

  /** A caption of a few words, as people write them: a sentence, sometimes with a hashtag. */
  private static String caption(Faker words, Random extras) {
    String sentence = words.lorem().sentence(2 + extras.nextInt(8));
    return extras.nextInt(3) == 0 ? sentence + " #" + words.lorem().word() : sentence;
  }

  /**
   * The application's attributes of a photo: the image's size, alt text, a few tags and a views
   * counter, skewed as popularity is.
   */
  private static Map<String, AppValue> attributes(Faker words, Random extras, int[] size) {
    List<AppValue> tags = new ArrayList<>();
    for (int i = 1 + extras.nextInt(3); i > 0; i--) {
      tags.add(AppValue.of(words.lorem().word()));
    }
    double u = extras.nextDouble();
    return Map.of(
        "width",
        AppValue.of(size[0]),
        "height",
        AppValue.of(size[1]),
        "alt",
        AppValue.of(words.lorem().sentence(4 + extras.nextInt(6))),
        "tags",
        AppValue.list(tags),
        "views",
        AppValue.of((long) (5_000 * u * u * u)));
  }

  private static NewUser person(Faker faker, Random random, Set<String> usernames) {
    String first = faker.name().firstName();
    String last = faker.name().lastName();
    String username = uniqueUsername(handle(first, last, random), random, usernames);
    LocalDate birthdate =
        LocalDate.ofInstant(faker.timeAndDate().between(BORN_FROM, BORN_UNTIL), ZoneOffset.UTC);
    // A few accounts are dormant, as in any real user base.
    UserStatus status = random.nextInt(10) == 0 ? UserStatus.INACTIVE : UserStatus.ACTIVE;
    return new NewUser(
        username,
        first + " " + last,
        faker.internet().emailAddress(username),
        birthdate,
        faker.address().fullAddress(),
        status);
  }

  /** Handles built from the name, in the shapes people pick: {@code jacksonjason}, … */
  private static String handle(String first, String last, Random random) {
    String f = letters(first);
    String l = letters(last);
    String handle =
        switch (random.nextInt(4)) {
          case 0 -> l + f;
          case 1 -> f + "." + l;
          case 2 -> f + "_" + l;
          default -> f.isEmpty() ? l : f.charAt(0) + l;
        };
    return handle.isEmpty() ? "user" : handle;
  }

  /**
   * Keeps ASCII letters and digits only: the username rule allows any letter, but handles people
   * type stay ASCII, and names such as O'Keefe carry characters the rule forbids.
   */
  private static String letters(String name) {
    StringBuilder out = new StringBuilder();
    for (char c : name.toLowerCase(Locale.ROOT).toCharArray()) {
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static String uniqueUsername(String handle, Random random, Set<String> taken) {
    String base = handle.length() > 56 ? handle.substring(0, 56) : handle;
    String candidate = base;
    while (!taken.add(candidate)) {
      candidate = base + (random.nextInt(9000) + 100);
    }
    return candidate;
  }

  /** An index in {@code [0, n)} where small indexes are much likelier: popularity is skewed. */
  private static int skewed(Random random, int n) {
    double u = random.nextDouble();
    return (int) (n * u * u * u);
  }
}
