package io.quickphotos;

import java.util.Objects;

/**
 * The settings a table is meant to run with: how the home feed is served and when hot keys are
 * sharded. A table records them in one item ({@link QuickPhotos#recordSettings}, or
 * {@code ./quickphotos settings}); a repository reads it once when it is built, adopts the
 * settings its builder was not given, and logs a warning where a setting it was given differs.
 * The command's tools ({@code audit}, {@code fill-timelines}, ...) use the table's by default.
 *
 * <p>Nothing a repository must obey depends on these: every mix of settings across the
 * repositories of one table is safe, which is what lets a fleet change one instance at a time
 * (see {@code docs/operating-a-fleet.md}). They decide new policy only: whether a new follow
 * becomes a timeline follow, and when a key is sharded.
 *
 * @param fanOut how the home feed is served
 * @param sharding when hot keys are sharded
 */
public record TableSettings(FanOut fanOut, Sharding sharding) {
  /**
   * Checks the components.
   *
   * @param fanOut the record component of that name, as described above
   * @param sharding the record component of that name, as described above
   * @throws NullPointerException if one is null
   */
  public TableSettings {
    Objects.requireNonNull(fanOut, "fanOut");
    Objects.requireNonNull(sharding, "sharding");
  }

  /**
   * The settings of a table that records none: {@link FanOut#off()} and
   * {@link Sharding#defaults()}.
   *
   * @return the defaults
   */
  public static TableSettings defaults() {
    return new TableSettings(FanOut.off(), Sharding.defaults());
  }
}
