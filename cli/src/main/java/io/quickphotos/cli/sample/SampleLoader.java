package io.quickphotos.cli.sample;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.cli.sample.SampleData.FollowSpec;
import io.quickphotos.cli.sample.SampleData.PhotoSpec;
import io.quickphotos.cli.sample.SampleData.ReactionSpec;

/**
 * Writes a {@link SampleData} set through the public repository API: users, then photos, then
 * follows, then reactions, each one call, so counters on users and photos come out right and every
 * write is checked exactly as an application's would be.
 *
 * <p>The tour and compare load their samples so, to show and measure the calls an application
 * makes; the {@code load} command instead imports a snapshot in bulk, with BatchWriteItem.
 *
 * <p>An item that is already there (a rerun against a table that keeps its data) is counted as
 * skipped rather than failing the load, so loading the same sample twice is harmless.
 */
public final class SampleLoader {

  /** Told after every item, written or skipped. */
  @FunctionalInterface
  public interface Progress {
    /** A progress that ignores every step. */
    Progress NONE = () -> {};

    /** One more item handled. */
    void step();
  }

  /**
   * What a load did.
   *
   * @param written items written
   * @param skipped items that were already in the table
   */
  public record Result(long written, long skipped) {}

  private SampleLoader() {}

  /**
   * Writes every item of the sample, in the order of its lists.
   *
   * @param repository where to write
   * @param sample what to write
   * @param progress told after each item
   * @return how many items were written and skipped
   * @throws io.quickphotos.QuickPhotosException on any failure but "already there"
   */
  public static Result load(QuickPhotos repository, SampleData sample, Progress progress) {
    long written = 0;
    long skipped = 0;
    for (NewUser user : sample.users()) {
      try {
        repository.createUser(user);
        written++;
      } catch (UserAlreadyExistsException e) {
        skipped++;
      }
      progress.step();
    }
    for (PhotoSpec photo : sample.photos()) {
      try {
        repository.uploadPhoto(photo.newPhoto());
        written++;
      } catch (PhotoAlreadyExistsException e) {
        skipped++;
      }
      progress.step();
    }
    for (FollowSpec follow : sample.follows()) {
      try {
        repository.follow(follow.follower(), follow.followed());
        written++;
      } catch (AlreadyFollowingException e) {
        skipped++;
      }
      progress.step();
    }
    for (ReactionSpec reaction : sample.reactions()) {
      try {
        repository.reactTo(reaction.reactor(), reaction.photo(), reaction.type());
        written++;
      } catch (AlreadyReactedException e) {
        skipped++;
      }
      progress.step();
    }
    return new Result(written, skipped);
  }
}
