package io.quickphotos.internal.repository.feed;

import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Item;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Clock;

/**
 * The home feed and what feeds it, the one entry point of this package: uploads and their
 * fan-out ({@link Uploads}), follows, unfollows and backfills of the hybrid ({@link HybridFollows}),
 * and the feed's pages ({@link HomeFeed}). Every other feature reaches the feed only through
 * here. Thread-safe if the engine is.
 */
public final class Feeds {
  /** The largest home-feed page. */
  public static final int MAX_PAGE = HomeFeed.MAX_PAGE;

  private final FanOut setting;
  private final Sharding sharding;
  private final HotKeys hotKeys;
  private final Uploads uploads;
  private final HybridFollows hybridFollows;
  private final HomeFeed homeFeed;

  /**
   * The feed of one repository.
   *
   * @param requests the request layer
   * @param hotKeys the hot keys, which count the follows that are not timeline follows
   * @param setting whether new follows are timeline follows
   * @param sharding when a user becomes hot (a hot user's follows are never timeline follows)
   * @param clock what now is, for the timelines' windows
   */
  public Feeds(Requests requests, HotKeys hotKeys, FanOut setting, Sharding sharding, Clock clock) {
    this.setting = setting;
    this.sharding = sharding;
    this.hotKeys = hotKeys;
    this.uploads =
        new Uploads(requests.reads(), requests.writes(), requests.batches(), setting, clock);
    this.hybridFollows = new HybridFollows(requests, hotKeys, uploads, setting);
    this.homeFeed = new HomeFeed(requests, hotKeys, clock);
  }

  /**
   * This repository's fan-out setting.
   *
   * @return the setting
   */
  public FanOut setting() {
    return setting;
  }

  /** Followers below which a follow is a timeline follow: K, or the sharding threshold. */
  private long timelineThreshold() {
    return Math.min(setting.maxFollowers(), sharding.followersThreshold());
  }

  /**
   * Upload: one transaction, or for an author with an audience the transaction with a pending
   * fan-out and then the fan-out (see {@link Uploads}).
   *
   * @param photo the photo, already validated
   * @return the photo as stored
   */
  public Photo upload(NewPhoto photo, Meter meter) {
    return uploads.upload(photo, meter);
  }

  /**
   * Follow: a timeline follow where this repository makes them and the followed user is below
   * the threshold (then its timeline is filled), else a follow counted by the hot keys (one
   * transaction for an ordinary user). A follow refused for privacy (the followed account is
   * private, or one of the two counts blocks and {@code guarded} is false) is not made: its
   * detour says what the caller sends instead.
   *
   * @param follow the follow, already validated
   * @param guarded whether to check the block items between the two
   * @return {@link PrivacyPlans.Detour#NONE} if followed
   */
  public PrivacyPlans.Detour follow(Follow follow, boolean guarded, Meter meter) {
    java.util.Optional<PrivacyPlans.Detour> timeline =
        hybridFollows.timelineFollow(follow, timelineThreshold(), guarded, meter);
    return timeline.isPresent() ? timeline.get() : hotKeys.follow(follow, guarded, meter);
  }

  /**
   * Unfollow: one transaction of the kind of follow expected, one more for each wrong guess
   * (see {@link HybridFollows#unfollow}).
   *
   * @param follower the follower, already validated
   * @param followed the followed user, already validated
   */
  public void unfollow(String follower, String followed, Meter meter) {
    hybridFollows.unfollow(follower, followed, meter);
  }

  /**
   * Makes one reader's follows what this repository's setting says they should be.
   *
   * @param reader the reader, already validated
   * @return how many follows this call changed
   */
  public int fillTimeline(String reader, Meter meter) {
    return hybridFollows.fillTimeline(reader, timelineThreshold(), meter);
  }

  /**
   * One page of a reader's home feed (see {@link HomeFeed}).
   *
   * @param reader the reader, already validated
   * @param page the page asked for, already validated
   * @return the page
   */
  public Page<Photo> page(String reader, PageRequest page, Meter meter) {
    return homeFeed.page(reader, page, meter);
  }

  /**
   * One page of a reader's home feed, as the reader may see it: the authors on it are asked
   * about, and a page that holds an author the reader may not see is chosen again without that
   * author (see {@link HomeFeed}).
   *
   * @param reader the reader, already validated
   * @param page the page asked for, already validated
   * @param refused given authors, the ones the reader may not see (a strongly consistent read
   *     of the call's own)
   * @return the page
   */
  public Page<Photo> page(
      String reader,
      PageRequest page,
      java.util.function.Function<java.util.Set<String>, java.util.Set<String>> refused,
      Meter meter) {
    return homeFeed.page(reader, page, java.util.Objects.requireNonNull(refused), meter);
  }

  /**
   * Finishes every pending fan-out of an author, for the audit.
   *
   * @param author the author
   */
  public void finishFanOuts(String author, Meter meter) {
    uploads.fanOut(author, meter);
  }

  /**
   * Finishes a timeline follow whose copy was cut short, for the audit.
   *
   * @param friendship the friendship as read
   * @return whether the follow is now marked served
   */
  public boolean finishFilling(Item friendship, Meter meter) {
    return hybridFollows.finishFilling(friendship, meter);
  }
}
