package io.quickphotos.bench.feed;

// Internal on purpose (README.md, "What the benchmarks use"): the feed scenarios keep the
// fan-out-on-write models' timelines (FanOutOnWrite) beside the product's items, in one engine.
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Snapshot;
import io.quickphotos.TableItems;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.Engines;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.memory.internal.MemoryTable;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The data of the feed benchmarks on the in-memory engine, with the three ways to serve it: the
 * product's fan-out on read ({@link QuickPhotos#homeFeed}) and the two variants of
 * fan-out on write ({@link FanOutOnWrite}). Everything reports to one {@link CostTally}, so a
 * caller clears it, runs one operation and reads what that cost, exactly as DynamoDB bills it.
 *
 * <p>Two shapes: a reader who follows F users, each with {@value #PHOTOS_PER_FOLLOWEE} photos
 * (more than a page, as an active account has) whose timestamps interleave, with the reader's
 * timelines filled; and an uploader followed by N users. Not thread-safe.
 */
public final class FeedScenario {
  /** The feed's page size: the repository's default. */
  public static final int PAGE = PageRequest.DEFAULT_SIZE;

  /** Photos per followed user: more than a page, so every followee's Query reads a full page. */
  public static final int PHOTOS_PER_FOLLOWEE = 30;

  /** The reader of the feed scenario. */
  public static final String READER = "reader";

  /** The uploader of the upload scenario. */
  static final String UPLOADER = "uploader";

  private static final Instant T0 = Instant.parse("2020-01-01T00:00:00Z");

  /** How the feed is served. */
  enum Design {
    /** The product: followees from the index, one Query per followee, merged. */
    FAN_OUT_ON_READ("fan-out-on-read"),
    /** A timeline of photo copies per user, written at upload. */
    FAN_OUT_ON_WRITE("fan-out-on-write"),
    /** A timeline of photo keys per user, written at upload; pages read the photos. */
    FAN_OUT_ON_WRITE_IDS("fan-out-on-write-ids");

    final String parameter;

    Design(String parameter) {
      this.parameter = parameter;
    }

    static Design of(String parameter) {
      for (Design design : values()) {
        if (design.parameter.equals(parameter)) {
          return design;
        }
      }
      throw new IllegalArgumentException("no design " + parameter);
    }
  }

  final MemoryTable table = Engines.memory();
  final CostTally costs = new CostTally();
  final QuickPhotos repository = Engines.repository(table, costs);
  private final FanOutOnWrite copies =
      new FanOutOnWrite(table, repository, costs, FanOutOnWrite.Entries.COPIES);
  private final FanOutOnWrite references =
      new FanOutOnWrite(table, repository, costs, FanOutOnWrite.Entries.REFERENCES);
  private int nextUpload;

  private FeedScenario() {}

  /**
   * The product's items of the scenario as DynamoDB JSON lines ({@link TableItems#export}), to
   * load into another table: without the fan-out-on-write models' timelines, which the product
   * never reads (the export writes {@code PK} first, so a line's start names its partition).
   *
   * @return the lines, 32·F + 1 of them for a reader following F users
   */
  public String productLines() {
    StringWriter out = new StringWriter();
    TableItems.export(repository, out);
    StringBuilder lines = new StringBuilder();
    for (String line : out.toString().split("\n")) {
      boolean timeline = false;
      for (FanOutOnWrite.Entries entries : FanOutOnWrite.Entries.values()) {
        timeline |= line.startsWith("{\"Item\":{\"PK\":{\"S\":\"" + entries.partitionPrefix());
      }
      if (!timeline && !line.isEmpty()) {
        lines.append(line).append('\n');
      }
    }
    return lines.toString();
  }

  /**
   * A reader following {@code followees} users with {@value #PHOTOS_PER_FOLLOWEE} photos each;
   * photo {@code j} of followee {@code i} is taken at {@code T0 + j·F + i} seconds, so the newest
   * page mixes the followees. The reader's timelines (both kinds) hold every one of the photos,
   * as fan-out on write would have left them.
   *
   * @param followees F
   * @return the scenario
   */
  public static FeedScenario readerFollowing(int followees) {
    FeedScenario scenario = new FeedScenario();
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    List<NewPhoto> photos = new ArrayList<>();
    users.add(user(READER));
    for (int i = 0; i < followees; i++) {
      String followee = handle("f", i);
      users.add(user(followee));
      follows.add(new Follow(READER, followee, T0));
      for (int j = 0; j < PHOTOS_PER_FOLLOWEE; j++) {
        photos.add(
            new NewPhoto(
                followee, T0.plusSeconds((long) j * followees + i), location(followee, j)));
      }
    }
    scenario.repository.importSnapshot(
        new Snapshot(users, photos, follows, List.of()), written -> {});
    for (NewPhoto photo : photos) {
      var item = ItemCodec.newPhoto(photo.id(), photo.location());
      scenario.copies.fanOut(item, List.of(READER));
      scenario.references.fanOut(item, List.of(READER));
    }
    scenario.costs.clear();
    return scenario;
  }

  /**
   * An uploader followed by {@code followers} users, with no photos yet.
   *
   * @param followers N
   * @return the scenario
   */
  static FeedScenario uploaderFollowedBy(int followers) {
    FeedScenario scenario = new FeedScenario();
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    users.add(user(UPLOADER));
    for (int i = 0; i < followers; i++) {
      String follower = handle("r", i);
      users.add(user(follower));
      follows.add(new Follow(follower, UPLOADER, T0));
    }
    scenario.repository.importSnapshot(
        new Snapshot(users, List.of(), follows, List.of()), written -> {});
    scenario.costs.clear();
    return scenario;
  }

  /**
   * The newest page of the reader's feed.
   *
   * @param design how it is served
   * @return its photos, newest first
   */
  List<Photo> feedPage(Design design) {
    return switch (design) {
      case FAN_OUT_ON_READ -> repository.homeFeed(READER, PageRequest.first(PAGE)).items();
      case FAN_OUT_ON_WRITE -> copies.feedPage(READER, PAGE);
      case FAN_OUT_ON_WRITE_IDS -> references.feedPage(READER, PAGE);
    };
  }

  /**
   * Uploads a photo of the uploader in a design. Timestamps cycle through 16 values, so that
   * {@link #undoUpload} can keep the table's size fixed however long a benchmark runs: the
   * timeline entries of a cycled timestamp are overwritten, at the same cost as new ones.
   *
   * @param design how the feed is served
   * @return the photo
   */
  Photo upload(Design design) {
    Instant timestamp = T0.plusSeconds(nextUpload++ & 15);
    String location = location(UPLOADER, 0);
    return switch (design) {
      case FAN_OUT_ON_READ -> repository.uploadPhoto(UPLOADER, timestamp, location);
      case FAN_OUT_ON_WRITE -> copies.upload(UPLOADER, timestamp, location);
      case FAN_OUT_ON_WRITE_IDS -> references.upload(UPLOADER, timestamp, location);
    };
  }

  /**
   * Deletes an uploaded photo through the engine, outside the cost tally, so that its
   * timestamp can be uploaded again.
   *
   * @param id the photo
   */
  void undoUpload(PhotoId id) {
    table.write(new WriteAction.Delete(KeyLayout.photo(id), ItemCondition.NONE));
  }

  private static NewUser user(String handle) {
    return new NewUser(
        handle,
        "Name of " + handle,
        handle + "@example.com",
        LocalDate.of(1990, 1, 1),
        "1 Main Street",
        UserStatus.ACTIVE);
  }

  private static String handle(String prefix, int i) {
    return String.format(Locale.ROOT, "%s%05d", prefix, i);
  }

  private static String location(String owner, int n) {
    return "https://photos.example.com/" + owner + "/" + n + ".jpg";
  }
}
