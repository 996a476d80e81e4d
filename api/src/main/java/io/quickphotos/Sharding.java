package io.quickphotos;

import java.util.Objects;

/**
 * When a hot user's or photo's counters are spread over several items (write sharding), and over
 * how many. DynamoDB serves one item at most 1,000 write units a second however the table is
 * split, and every follow of a user adds to one counter on that user's profile, every reaction to
 * one on the photo: those single items are the ceilings. A sharded key keeps its counter on
 * {@link #shards()} separate items, each its own partition key value, and a read sums them, so
 * counts stay exact.
 *
 * <p>A user's counters become sharded when a follow finds the profile's {@code followers} at or
 * above {@link #followersThreshold()}; a photo's when a reaction finds one of its counters at or
 * above {@link #reactionsThreshold()}, or a view finds its {@code views} there (a viral photo's
 * views are counted on the same shards as its reactions). The switch is one transaction; sharding is never undone
 * while the user or photo exists. Users and photos below the thresholds are stored, read and
 * written exactly as without sharding, at the same cost. What a sharded key costs each access
 * pattern is in {@code docs/hot-keys.md}.
 *
 * <p>Repositories of one table may use different settings, and change them one at a time: a
 * sharded key records its {@code shards} on its own item, and every repository, with
 * {@link #off()} too, reads and writes keys that others sharded correctly; the setting decides
 * only when this repository shards a key itself. The table may record the settings it is meant
 * to run with ({@link QuickPhotos#recordSettings}); a repository whose builder is not given one
 * adopts them. Immutable; equal settings are {@link #equals equal}.
 */
public final class Sharding {
  /** The most shards a key may have: the switch writes them all in one transaction. */
  public static final int MAX_SHARDS = 64;

  private static final Sharding DEFAULTS = new Sharding(8, 1_000, 1_000);
  private static final Sharding OFF = new Sharding(8, Long.MAX_VALUE, Long.MAX_VALUE);

  private final int shards;
  private final long followersThreshold;
  private final long reactionsThreshold;

  private Sharding(int shards, long followersThreshold, long reactionsThreshold) {
    this.shards = shards;
    this.followersThreshold = followersThreshold;
    this.reactionsThreshold = reactionsThreshold;
  }

  /**
   * Eight shards, from 1,000 followers or 1,000 reactions of one type: eight shards lift a
   * counter's write ceiling eightfold (4,000 follows or reactions a second against 500), and a
   * user with fewer than a thousand followers is read at today's cost of one request.
   *
   * @return the defaults
   */
  public static Sharding defaults() {
    return DEFAULTS;
  }

  /**
   * Never shards a key (keys another repository sharded are still read and written correctly).
   *
   * @return the setting
   */
  public static Sharding off() {
    return OFF;
  }

  /**
   * Other settings.
   *
   * @param shards how many counter items a sharded key gets, 2 to {@link #MAX_SHARDS}
   * @param followersThreshold the follower count from which a user is sharded, at least 1
   * @param reactionsThreshold the count of one reaction type from which a photo is sharded, at
   *     least 1
   * @return the settings
   * @throws IllegalArgumentException if a value is out of range
   */
  public static Sharding of(int shards, long followersThreshold, long reactionsThreshold) {
    if (shards < 2 || shards > MAX_SHARDS) {
      throw new IllegalArgumentException("shards must be 2 to " + MAX_SHARDS + ": " + shards);
    }
    if (followersThreshold < 1 || reactionsThreshold < 1) {
      throw new IllegalArgumentException(
          "thresholds must be at least 1: " + followersThreshold + ", " + reactionsThreshold);
    }
    return new Sharding(shards, followersThreshold, reactionsThreshold);
  }

  /**
   * How many counter items a sharded key gets.
   *
   * @return 2 to {@link #MAX_SHARDS}
   */
  public int shards() {
    return shards;
  }

  /**
   * The follower count from which a user is sharded.
   *
   * @return at least 1; {@link Long#MAX_VALUE} when off
   */
  public long followersThreshold() {
    return followersThreshold;
  }

  /**
   * The count of one reaction type, or of views, from which a photo is sharded.
   *
   * @return at least 1; {@link Long#MAX_VALUE} when off
   */
  public long reactionsThreshold() {
    return reactionsThreshold;
  }

  /**
   * Equal settings: the same shards and thresholds.
   *
   * @param o another object
   * @return whether it is the same setting
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof Sharding other
        && shards == other.shards
        && followersThreshold == other.followersThreshold
        && reactionsThreshold == other.reactionsThreshold;
  }

  @Override
  public int hashCode() {
    return Objects.hash(shards, followersThreshold, reactionsThreshold);
  }

  @Override
  public String toString() {
    return followersThreshold == Long.MAX_VALUE
        ? "Sharding[off]"
        : "Sharding["
            + shards
            + " shards from "
            + followersThreshold
            + " followers or "
            + reactionsThreshold
            + " reactions of one type]";
  }
}
