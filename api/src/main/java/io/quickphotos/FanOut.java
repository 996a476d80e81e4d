package io.quickphotos;

import java.time.Duration;
import java.util.Objects;

/**
 * How the home feed is served: by fan-out on read alone ({@link #off()}, the
 * {@linkplain #defaults() default}), or by a
 * hybrid ({@link #hybrid()}) that writes each new photo of an ordinary author into the timelines
 * of its followers and merges the few accounts with large followings at read time.
 *
 * <p><b>Hybrid.</b> A follow of a user with fewer than {@link #maxFollowers()} followers (K) is a
 * <i>timeline</i> follow: the follow also registers the follower in the author's audience (an
 * item in the author's partition) and copies the author's photos of the {@link #window()} into
 * the follower's timeline. Each upload then writes the photo's key into the timeline of every
 * member of its author's audience, which holds at most K members: a follow that finds K or more
 * followers, or a sharded user, is a <i>pull</i> follow, read at page time with one Query as
 * fan-out on read does. A follow keeps its kind until it is undone; follows made before the
 * hybrid was enabled are pull follows.
 *
 * <p>A page reads the followed list (as fan-out on read does), one Query of the reader's
 * timeline, one Query per pull follow, and one BatchGetItem of the page's photos (fresh
 * counters; a deleted photo is simply not found). Timelines hold only photos taken within the
 * window before now; a page that reaches further back is served by fan-out on read, with the
 * same order and cursor. Entries carry a time-to-live attribute ({@code expiresAt}, a photo's
 * timestamp plus the window and a day): on DynamoDB, enable TTL on it to bound storage.
 *
 * <p>The hybrid costs every upload of an author with timeline followers, and every timeline
 * follow, more, so it is not the default: {@code docs/home-feed.md} has the measured costs and
 * the crossover.
 *
 * <p><b>In a fleet.</b> The setting decides only new policy: whether this repository makes a new
 * follow (or a backfill, {@link QuickPhotos#fillTimeline}) a timeline follow, with which K and
 * which window. What the table holds is obeyed by every repository whatever its setting: each
 * timeline follow records its window, each author with timeline followers counts them on its
 * profile, and every upload of such an author fans out, through any repository; every
 * repository reads a reader's timeline for the follows it serves. So repositories of one table
 * may differ in this setting, and change it one at a time, without a photo missing from any
 * feed. The table may record the setting it is meant to run with ({@link
 * QuickPhotos#recordSettings}); a repository whose builder is not given one adopts it. Immutable;
 * equal settings are {@link #equals equal}.
 */
public final class FanOut {
  /** The default K: the {@link Sharding#defaults()} threshold, above which a user is hot. */
  public static final int DEFAULT_MAX_FOLLOWERS = 1_000;

  /** The default window: timelines serve the last 30 days of photos. */
  public static final Duration DEFAULT_WINDOW = Duration.ofDays(30);

  /** The largest K: an upload's fan-out is one BatchWriteItem per 25 members. */
  public static final int MAX_MAX_FOLLOWERS = 100_000;

  private static final FanOut OFF = new FanOut(false, 0, Duration.ZERO);

  private final boolean hybrid;
  private final int maxFollowers;
  private final Duration window;

  private FanOut(boolean hybrid, int maxFollowers, Duration window) {
    this.hybrid = hybrid;
    this.maxFollowers = maxFollowers;
    this.window = window;
  }

  /**
   * Fan-out on read alone: nothing is written at upload, a page makes
   * {@code ⌊F/1000⌋ + 1 + F} requests for F followed users (the F side by side).
   *
   * @return the setting
   */
  public static FanOut off() {
    return OFF;
  }

  /**
   * The default, what a builder that is given no fan-out and finds none recorded in the table
   * uses: {@link #off()}. Named as {@link Sharding#defaults()} and {@link RetryPolicy#defaults()}
   * are, so that every setting's default is found the same way; the hybrid is opt-in because it
   * makes every upload and every timeline follow cost more.
   *
   * @return {@link #off()}
   */
  public static FanOut defaults() {
    return OFF;
  }

  /**
   * The hybrid with K = {@value #DEFAULT_MAX_FOLLOWERS} and a 30-day window.
   *
   * @return the setting
   */
  public static FanOut hybrid() {
    return hybrid(DEFAULT_MAX_FOLLOWERS, DEFAULT_WINDOW);
  }

  /**
   * The hybrid with other limits.
   *
   * @param maxFollowers K: follows of users with fewer followers are timeline follows, 1 to
   *     {@value #MAX_MAX_FOLLOWERS}
   * @param window how far back timelines serve photos, from one day to ten years
   * @return the setting
   * @throws IllegalArgumentException if out of range
   */
  public static FanOut hybrid(int maxFollowers, Duration window) {
    Objects.requireNonNull(window, "window");
    if (maxFollowers < 1 || maxFollowers > MAX_MAX_FOLLOWERS) {
      throw new IllegalArgumentException(
          "maxFollowers must be 1 to " + MAX_MAX_FOLLOWERS + ", was " + maxFollowers);
    }
    if (window.compareTo(Duration.ofDays(1)) < 0 || window.compareTo(Duration.ofDays(3653)) > 0) {
      throw new IllegalArgumentException("window must be 1 day to 10 years, was " + window);
    }
    return new FanOut(true, maxFollowers, window);
  }

  /**
   * Whether uploads fan out to timelines.
   *
   * @return false for {@link #off()}
   */
  public boolean isHybrid() {
    return hybrid;
  }

  /**
   * K: a follow of a user with fewer followers is a timeline follow; 0 when off.
   *
   * @return K
   */
  public int maxFollowers() {
    return maxFollowers;
  }

  /**
   * How far back before now timelines serve photos; zero when off.
   *
   * @return the window
   */
  public Duration window() {
    return window;
  }

  /**
   * Equal settings: both off, or both hybrid with the same K and window.
   *
   * @param o another object
   * @return whether it is the same setting
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof FanOut other
        && hybrid == other.hybrid
        && maxFollowers == other.maxFollowers
        && window.equals(other.window);
  }

  @Override
  public int hashCode() {
    return Objects.hash(hybrid, maxFollowers, window);
  }

  @Override
  public String toString() {
    return hybrid
        ? "FanOut.hybrid(maxFollowers=" + maxFollowers + ", window=" + window + ")"
        : "FanOut.off()";
  }
}
