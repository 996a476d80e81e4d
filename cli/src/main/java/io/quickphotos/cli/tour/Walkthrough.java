package io.quickphotos.cli.tour;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.AppValue;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserPhotos;
import io.quickphotos.VersionConflictException;
import io.quickphotos.cli.output.CostRecorder;
import io.quickphotos.cli.sample.SampleData;
import io.quickphotos.cli.sample.SampleData.PhotoSpec;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Every access pattern of the repository, called once or more on a loaded sample in an order that
 * tells the story of the design: a newcomer signs up, uploads, reacts and follows; the listings
 * read whole item collections in one request; a duplicate follow fails with a typed error. The
 * tour prints the outcomes; compare runs the same walkthrough on two backends and compares them.
 *
 * <p>An instance carries the cursor of the paged listing from one step to the next, so use a new
 * instance for each run.
 */
public final class Walkthrough {
  /**
   * The access patterns the walkthrough shows: every one but the bulk import, which is how
   * {@code load} fills a table, and the hybrid feed's backfill of old follows (the walkthrough's
   * repositories read the feed by fan-out on read): operations on a table, not patterns of the
   * app.
   */
  public static final java.util.Set<io.quickphotos.AccessPattern> PATTERNS =
      java.util.EnumSet.complementOf(
          java.util.EnumSet.of(
              io.quickphotos.AccessPattern.IMPORT_SNAPSHOT,
              io.quickphotos.AccessPattern.FILL_TIMELINE));

  /** Page size of the paged photo listing: small, so that there is a second page to show. */
  static final int PHOTO_PAGE = 5;

  /** Page size of the other listings. */
  static final int LIST_PAGE = 10;

  /** A handle no generated user has: generated handles have at most one dot. */
  static final String MISSING_USER = "no.such.user";

  /**
   * One repository call.
   *
   * @param title what the step does, for people
   * @param pattern the access pattern it exercises
   * @param expectedError the exception the step is meant to show, or null if it should succeed
   * @param call the call
   */
  record Step(
      String title,
      AccessPattern pattern,
      Class<? extends QuickPhotosException> expectedError,
      Function<QuickPhotos, Object> call) {}

  /**
   * What one step did.
   *
   * @param step the step
   * @param result the value returned, {@link #VOID} for a void call; null if it threw
   * @param error the exception thrown, or null
   * @param costs the costs the call reported
   * @param nanos how long the call took
   */
  record Outcome(
      Step step, Object result, QuickPhotosException error, List<OperationCost> costs, long nanos) {

    /**
     * Whether the step went as meant: succeeded, or failed with the error it is meant to show.
     *
     * @return true if as expected
     */
    boolean asExpected() {
      return step.expectedError() == null ? error == null : step.expectedError().isInstance(error);
    }

    /**
     * A value that is equal for equal outcomes on different backends: the result, or the error's
     * type and message.
     *
     * @return the comparable value
     */
    Object comparable() {
      return error == null ? result : error.getClass().getName() + ": " + error.getMessage();
    }
  }

  /** The patterns that only read, so a step of them can be repeated without changing anything. */
  private static final Set<AccessPattern> READS =
      EnumSet.of(
          AccessPattern.GET_USER,
          AccessPattern.GET_PHOTO,
          AccessPattern.USER_WITH_PHOTOS,
          AccessPattern.PHOTO_WITH_REACTIONS,
          AccessPattern.FOLLOWERS_OF,
          AccessPattern.FOLLOWED_BY,
          AccessPattern.HOME_FEED,
          AccessPattern.IS_FOLLOWING,
          AccessPattern.REACTIONS_LEFT_BY,
          AccessPattern.TABLE_SETTINGS,
          AccessPattern.FOLLOW_REQUESTS_OF,
          AccessPattern.BLOCKS_OF,
          AccessPattern.VIEWER_GET_USER,
          AccessPattern.VIEWER_USER_WITH_PHOTOS,
          AccessPattern.ACTIVITY,
          AccessPattern.UNREAD_ACTIVITY);

  /** The result of a call that returns nothing. */
  static final Object VOID =
      new Object() {
        @Override
        public String toString() {
          return "(done)";
        }
      };

  private final String star;
  private final PhotoId topPhoto;
  private final String topFollower;
  private final NewUser newcomer;
  private final Follow someFollow;
  private final Instant newcomerPhotoAt;
  private final String newcomerPhotoUrl;
  private final boolean rerun;
  private Optional<String> photoCursor = Optional.empty();
  private final ActivitySteps activity = new ActivitySteps();

  /**
   * Picks the cast from a sample: the user with the most photos, the photo with the most
   * reactions, the user who follows the most, and the sample's newcomer.
   *
   * @param sample the loaded sample
   * @param rerun whether an earlier walkthrough of the same sample ran on the same table (a
   *     DynamoDB table keeps its data between runs): then the newcomer, their photo and their
   *     reaction exist already, and the steps that create them are meant to say so
   */
  Walkthrough(SampleData sample, boolean rerun) {
    this.rerun = rerun;
    this.star = mostFrequent(sample.photos().stream().map(PhotoSpec::owner).toList());
    this.topPhoto =
        sample.reactions().isEmpty()
            ? sample.photos().get(0).id()
            : mostFrequent(
                sample.reactions().stream().map(SampleData.ReactionSpec::photo).toList());
    this.topFollower =
        sample.follows().isEmpty()
            ? star
            : mostFrequent(sample.follows().stream().map(SampleData.FollowSpec::follower).toList());
    this.newcomer = sample.newcomer();
    this.someFollow =
        sample.follows().isEmpty()
            ? new Follow(newcomer.username(), star, Instant.EPOCH)
            : new Follow(
                sample.follows().get(0).follower(),
                sample.follows().get(0).followed(),
                Instant.EPOCH);
    this.newcomerPhotoAt = sample.clockStart().minus(1, ChronoUnit.HOURS);
    this.newcomerPhotoUrl = "https://picsum.photos/seed/" + newcomer.username() + "-1/1080/1080";
  }

  /**
   * The steps, in order; later steps rely on earlier ones.
   *
   * @return the steps
   */
  List<Step> steps() {
    String me = newcomer.username();
    PhotoId myPhoto = new PhotoId(me, newcomerPhotoAt);
    ProfileUpdate moved =
        ProfileUpdate.builder().address("1 Infinite Loop, Cupertino, CA 95014").build();
    List<Step> steps = new ArrayList<>();
    steps.add(
        new Step(
            "Create a user (fails if the username is taken)",
            AccessPattern.CREATE_USER,
            rerun ? UserAlreadyExistsException.class : null,
            repo -> repo.createUser(newcomer)));
    steps.add(new Step("Get a user", AccessPattern.GET_USER, null, repo -> repo.getUser(star)));
    steps.add(
        new Step(
            "Get a user who does not exist",
            AccessPattern.GET_USER,
            null,
            repo -> repo.getUser(MISSING_USER)));
    steps.add(
        new Step(
            "Update a profile (fails if the user is missing)",
            AccessPattern.UPDATE_PROFILE,
            null,
            repo -> repo.updateProfile(me, moved)));
    steps.add(
        new Step(
            "Upload a photo with a caption and the app's attributes (owner must exist; one photo"
                + " per timestamp)",
            AccessPattern.UPLOAD_PHOTO,
            rerun ? PhotoAlreadyExistsException.class : null,
            repo ->
                repo.uploadPhoto(
                    new NewPhoto(
                        me,
                        newcomerPhotoAt,
                        newcomerPhotoUrl,
                        "First light over the harbour",
                        Map.of(
                            "width", AppValue.of(1080),
                            "height", AppValue.of(1080),
                            "alt", AppValue.of("Fishing boats at dawn"))))));
    steps.add(
        new Step(
            "Edit a photo's caption (its counters and reactions kept)",
            AccessPattern.EDIT_PHOTO,
            null,
            repo -> {
              repo.editPhoto(
                  myPhoto, PhotoEdit.builder().caption("The harbour at first light").build());
              return VOID;
            }));
    steps.add(
        new Step(
            "Change one attribute of a photo: the others neither read nor sent (its first such"
                + " change measures the photo's attributes on it once: two requests)",
            AccessPattern.EDIT_PHOTO,
            null,
            repo -> {
              repo.editPhoto(
                  myPhoto,
                  PhotoEdit.builder()
                      .set("alt", AppValue.of("Fishing boats in the harbour at dawn"))
                      .build());
              return VOID;
            }));
    steps.add(
        new Step(
            "Count a view: an addition in place, every concurrent one counted, the version kept",
            AccessPattern.EDIT_PHOTO,
            null,
            repo -> {
              repo.editPhoto(myPhoto, PhotoEdit.builder().add("views", 1).build());
              return VOID;
            }));
    steps.add(
        new Step(
            "Edit from a version read before the last edits: a typed error, nothing written",
            AccessPattern.EDIT_PHOTO,
            VersionConflictException.class,
            repo -> {
              repo.editPhoto(
                  myPhoto,
                  PhotoEdit.builder().caption("A stale caption").expectedVersion(0).build());
              return VOID;
            }));
    steps.add(
        new Step(
            "Get a photo: the edited caption and attribute, the view, the version",
            AccessPattern.GET_PHOTO,
            null,
            repo -> repo.getPhoto(myPhoto)));
    steps.add(
        new Step(
            "A user and their photos, newest first: page 1, with the profile",
            AccessPattern.USER_WITH_PHOTOS,
            null,
            repo -> {
              UserPhotos page =
                  repo.userWithPhotos(star, SortOrder.NEWEST_FIRST, PageRequest.first(PHOTO_PAGE));
              photoCursor = page.photos().nextCursor();
              return page;
            }));
    steps.add(
        new Step(
            "A user and their photos, newest first: page 2, from page 1's cursor",
            AccessPattern.USER_WITH_PHOTOS,
            null,
            repo ->
                photoCursor
                    .map(
                        cursor ->
                            (Object)
                                repo.userWithPhotos(
                                    star,
                                    SortOrder.NEWEST_FIRST,
                                    PageRequest.after(cursor, PHOTO_PAGE)))
                    .orElse("(page 1 was the last page)")));
    steps.add(
        new Step(
            "A user and their photos, oldest first: the profile comes first",
            AccessPattern.USER_WITH_PHOTOS,
            null,
            repo -> repo.userWithPhotos(star, SortOrder.OLDEST_FIRST, PageRequest.first(3))));
    steps.add(
        new Step(
            "React to a photo (once per user and type; counted on the photo)",
            AccessPattern.REACT_TO,
            rerun ? AlreadyReactedException.class : null,
            repo -> repo.reactTo(me, topPhoto, ReactionType.HEART)));
    steps.add(
        new Step(
            "A photo and its reactions",
            AccessPattern.PHOTO_WITH_REACTIONS,
            null,
            repo ->
                activity.reactionsOf(
                    repo.photoWithReactions(topPhoto, PageRequest.first(LIST_PAGE)))));
    steps.add(
        new Step(
            "View a photo: a first view, counted in its views and unique viewers",
            AccessPattern.VIEW_PHOTO,
            null,
            repo -> repo.viewPhoto(me, topPhoto)));
    steps.add(
        new Step(
            "View it again: a repeat view, counted in its views alone",
            AccessPattern.VIEW_PHOTO,
            null,
            repo -> repo.viewPhoto(me, topPhoto)));
    steps.add(
        new Step(
            "Has a user seen a photo? (one GetItem)",
            AccessPattern.HAS_SEEN,
            null,
            repo -> repo.hasSeen(me, topPhoto)));
    steps.add(
        new Step(
            "Follow a user (counters on both users)",
            AccessPattern.FOLLOW,
            null,
            repo -> activity.followed(repo.follow(me, star))));
    steps.add(
        new Step(
            "Follow the same user again: a typed error, nothing written",
            AccessPattern.FOLLOW,
            AlreadyFollowingException.class,
            repo -> repo.follow(me, star)));
    steps.add(
        new Step(
            "Followers of a user",
            AccessPattern.FOLLOWERS_OF,
            null,
            repo -> repo.followersOf(star, PageRequest.first(LIST_PAGE))));
    steps.add(
        new Step(
            "Users a user follows, with their profiles",
            AccessPattern.FOLLOWED_BY,
            null,
            repo -> repo.followedBy(topFollower, PageRequest.first(LIST_PAGE))));
    steps.add(homeFeedStep());
    steps.addAll(activity.steps(topPhoto.owner()));
    steps.add(
        new Step(
            "Unfollow a user (counters back down)",
            AccessPattern.UNFOLLOW,
            null,
            repo -> {
              repo.unfollow(me, star);
              return VOID;
            }));
    steps.add(
        new Step(
            "The user after all that", AccessPattern.GET_USER, null, repo -> repo.getUser(me)));
    steps.addAll(PrivacySteps.of(me, topFollower, myPhoto, topPhoto));
    steps.addAll(lifecycleSteps(me, myPhoto));
    return steps;
  }

  // --- the data's lifecycle: membership checks, taking back, deleting --------------------------

  /**
   * The end of the story: the newcomer checks what they did, takes their reaction back, deletes
   * their photo and closes the account, so the table ends as the sample left it (and a rerun on
   * a table that keeps its data starts from the same state).
   */
  private List<Step> lifecycleSteps(String me, PhotoId myPhoto) {
    List<Step> steps = new ArrayList<>();
    steps.add(
        new Step(
            "Does one user follow another? (one GetItem)",
            AccessPattern.IS_FOLLOWING,
            null,
            repo -> repo.isFollowing(someFollow.follower(), someFollow.followed())));
    steps.add(
        new Step(
            "Which reactions did I leave on this photo?",
            AccessPattern.REACTIONS_LEFT_BY,
            null,
            repo -> repo.reactionsLeftBy(me, topPhoto)));
    steps.add(
        new Step(
            "Take a reaction back (counter down, never below zero)",
            AccessPattern.REMOVE_REACTION,
            null,
            repo -> {
              repo.removeReaction(me, topPhoto, ReactionType.HEART);
              return VOID;
            }));
    steps.add(
        new Step(
            "Take it back again: a typed error, nothing written",
            AccessPattern.REMOVE_REACTION,
            ReactionNotFoundException.class,
            repo -> {
              repo.removeReaction(me, topPhoto, ReactionType.HEART);
              return VOID;
            }));
    steps.add(
        new Step(
            "Delete a photo and every reaction on it (marked first: from then on "
                + "reactTo refuses it)",
            AccessPattern.DELETE_PHOTO,
            null,
            repo -> {
              repo.deletePhoto(myPhoto);
              return VOID;
            }));
    steps.add(
        new Step(
            "Close an account: one write marks it closing (every write involving "
                + me
                + " then fails as if "
                + me
                + " did not exist), then a resumable cascade",
            AccessPattern.DELETE_USER,
            null,
            repo -> {
              repo.deleteUser(me);
              return VOID;
            }));
    steps.add(
        new Step(
            "The account is gone: the username is free again",
            AccessPattern.GET_USER,
            null,
            repo -> repo.getUser(me)));
    steps.add(
        new Step(
            "Audit the table: every counter equals its items, nothing refers to a "
                + "missing user or photo, no delete left unfinished (a parallel Scan)",
            AccessPattern.AUDIT,
            null,
            repo -> {
              io.quickphotos.AuditReport report = repo.audit(false, scanned -> {});
              return report.itemsScanned()
                  + " items scanned, "
                  + (report.clean() ? "nothing found" : report.findings());
            }));
    steps.add(
        new Step(
            "The settings the table records for every repository of it (one GetItem):"
                + " ./quickphotos settings shows and records them",
            AccessPattern.TABLE_SETTINGS,
            null,
            repo ->
                repo.recordedSettings()
                    .map(Object::toString)
                    .orElse("none recorded: repositories run " + repo.settings())));
    return steps;
  }

  // --- home feed -----------------------------------------------------------------------------

  /**
   * The first page of the home feed of the user who follows the most: one index Query and then
   * one Query per followed user, so its cost shows the fan-out.
   */
  private Step homeFeedStep() {
    return new Step(
        "Home feed: the newest photos of the users a user follows (fan-out on read)",
        AccessPattern.HOME_FEED,
        null,
        repo -> repo.homeFeed(topFollower, PageRequest.first(LIST_PAGE)));
  }

  /**
   * Times further calls of a read step, which change nothing, and returns the median of those
   * and the first call: one call's wall time is noisy at microseconds.
   *
   * @param outcome the first call's outcome
   * @param repository where it ran
   * @param extraCalls how many more calls to time
   * @return the median wall time in nanoseconds, or the first call's if the step writes
   */
  static long medianNanos(Outcome outcome, QuickPhotos repository, int extraCalls) {
    if (!READS.contains(outcome.step().pattern())) {
      return outcome.nanos();
    }
    long[] nanos = new long[extraCalls + 1];
    nanos[0] = outcome.nanos();
    for (int i = 1; i <= extraCalls; i++) {
      long start = System.nanoTime();
      try {
        outcome.step().call().apply(repository);
      } catch (QuickPhotosException e) {
        // Timed all the same: a read fails the same way every time.
      }
      nanos[i] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    return nanos[nanos.length / 2];
  }

  /**
   * Runs one step and measures it.
   *
   * @param step the step
   * @param repository where to run it
   * @param recorder the repository's cost listener
   * @return what happened
   */
  static Outcome run(Step step, QuickPhotos repository, CostRecorder recorder) {
    int mark = recorder.mark();
    long start = System.nanoTime();
    Object result = null;
    QuickPhotosException error = null;
    try {
      result = Objects.requireNonNullElse(step.call().apply(repository), VOID);
    } catch (QuickPhotosException e) {
      error = e;
    }
    long nanos = System.nanoTime() - start;
    return new Outcome(step, result, error, recorder.since(mark), nanos);
  }

  private static <T> T mostFrequent(List<T> values) {
    Map<T, Integer> counts = new HashMap<>();
    for (T value : values) {
      counts.merge(value, 1, Integer::sum);
    }
    // Ties go to the value seen first, so the pick depends on the sample alone.
    Map<T, Integer> firstSeen = new HashMap<>();
    for (int i = values.size() - 1; i >= 0; i--) {
      firstSeen.put(values.get(i), i);
    }
    return counts.keySet().stream()
        .max(Comparator.<T>comparingInt(counts::get).thenComparing(v -> -firstSeen.get(v)))
        .orElseThrow();
  }
}
