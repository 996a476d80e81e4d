package io.quickphotos.internal.singletable.layout;

import io.quickphotos.engine.Value;

/**
 * Every attribute name the single-table layout writes, in one place: the profile's, the photo's,
 * the reaction's, the friendship's, the privacy items', the hot keys' shards', the hybrid feed's,
 * and the attributes writes keep (versions, revisions, call tokens). Beside {@link KeyLayout},
 * which gives each entity its keys. A new attribute is declared here, so that no two features
 * can pick one name by accident. Constants only.
 */
public final class Attributes {
  /** The attribute naming an item's entity type. */
  public static final String ENTITY = "entity";

  /** Attribute names of a user item. */
  public static final String USERNAME = "username";

  public static final String NAME = "name";
  public static final String EMAIL = "email";
  public static final String BIRTHDATE = "birthdate";
  public static final String ADDRESS = "address";
  public static final String STATUS = "status";
  public static final String FOLLOWERS = "followers";
  public static final String FOLLOWING = "following";

  /**
   * On an account being closed: the marker of that closing, written once by the first
   * {@code deleteUser} and checked by every later write of the cascade.
   */
  public static final String CLOSING = "closing";

  /**
   * On a user item {@code createUser} put: that call's token, so a resend of the PutItem that
   * meets the item can tell its own write from another call's. Items written before it existed,
   * and those a bulk import or a fixture writes, have none; readers ignore it.
   */
  public static final String CALL_TOKEN = "callToken";

  /** On a private account's profile: {@code true}; absent on a public one. */
  public static final String PRIVATE = "private";

  /** On a profile: how many requests to follow it are pending; absent means none. */
  public static final String REQUESTS = "requests";

  /** On a profile: how many users it has blocked; absent means none. */
  public static final String BLOCKS = "blocks";

  /** Attribute names of a request item (and of its place in the queue). */
  public static final String REQUESTER = "requester";

  public static final String ACCOUNT = "account";

  /** Attribute names of a block item. */
  public static final String BLOCKER = "blocker";

  public static final String BLOCKED = "blocked";

  /** Attribute names of a photo item. */
  public static final String TIMESTAMP = "timestamp";

  public static final String LOCATION = "location";
  public static final String REACTIONS = "reactions";

  /**
   * On a photo whose deletion has begun: no reaction may land on it any more. Its value is the
   * marker of that deletion, checked by every later write of the cascade ({@code true} where an
   * earlier version wrote it).
   */
  public static final String DELETING = "deleting";

  /**
   * A photo's views, every view of every viewer counted ({@code ADD}, absent until the first);
   * on a view mark, its viewer's views of the photo.
   */
  public static final String VIEWS = "views";

  /** A photo's count of users who viewed it, one per view mark ({@code ADD}). */
  public static final String UNIQUE_VIEWERS = "uniqueViewers";

  /**
   * On a profile: the user has viewed a photo at least once (set by its first views), so closing
   * the account reads its view marks; a profile without it has none and pays no read for them.
   */
  public static final String EVER_VIEWED = "everViewed";

  /** Attribute names of a view mark (with {@link #PHOTO_OWNER}, {@link #PHOTO_TIMESTAMP}). */
  public static final String VIEWER = "viewer";

  /** Attribute names of a reaction item. */
  public static final String REACTING_USER = "reactingUser";

  public static final String PHOTO_OWNER = "photoOwner";
  public static final String PHOTO_TIMESTAMP = "photoTimestamp";
  public static final String REACTION_TYPE = "reactionType";

  /** Attribute names of a friendship item. */
  public static final String FOLLOWED_USER = "followedUser";

  public static final String FOLLOWING_USER = "followingUser";

  /** On a shard: the entity whose counters it holds, {@code USER} or {@code PHOTO}. */
  public static final String SHARD_OF = "shardOf";

  /** On a photo with a caption: the caption (absent when it has none). */
  public static final String CAPTION = "caption";

  /**
   * On a photo or profile with application attributes: one map holding them all, by the
   * application's names (absent when it has none). The layout never writes inside it, so no
   * name an application picks can meet one of the layout's own, this version's or a later one's.
   */
  public static final String APP = "app";

  /** On a photo or profile: its version, absent until the first change (see {@code Versions}). */
  public static final String VERSION = "version";

  /**
   * On an item that holds counters (a user, a photo, a shard): its revision, raised with every
   * change of its counters (see {@code Counters}).
   */
  public static final String REVISION = "rev";

  /** On a profile {@code updateProfile} changed: the last such call's token. */
  public static final String UPDATE_TOKEN = "updateToken";

  /**
   * On a profile: the user has asked to follow some private account, ever (so closing its
   * account looks for the requests it made).
   */
  public static final String EVER_ASKED = "everAsked";

  /**
   * On a profile: someone has blocked the user, ever (so closing its account looks for the
   * blocks against it).
   */
  public static final String EVER_BLOCKED = "everBlocked";

  /** On a user or photo: how many shards its counters have; absent or 0 when not sharded. */
  public static final String SHARDS = "shards";

  /** On a shard: the partition key of the item whose counts it holds. */
  public static final String MAIN_PK = "mainPK";

  /** On a shard: the sort key of the item whose counts it holds. */
  public static final String MAIN_SK = "mainSK";

  /**
   * On a user's shard: the account went private, so the shard takes no more follows or checks of
   * its owner (a write that meets it reads the profile, which says private); the fold that follows
   * deletes it.
   */
  public static final String SEALED = "sealed";

  /** The follow item's attribute saying how the follow is served (see {@code Timelines}). */
  public static final String FEED_ATTRIBUTE = "feed";

  /** On a timeline follow and its audience item: the window in seconds. */
  public static final String WINDOW = "window";

  /** On a user: how many audience items it has as author. */
  public static final String AUDIENCE_COUNT = "audience";

  /** On a user: how many audience items name it as member. */
  public static final String MEMBERSHIPS_COUNT = "memberships";

  /** On an audience item: the author. */
  public static final String AUTHOR = "author";

  /** On an audience item: the member. */
  public static final String MEMBER = "member";

  /** On a timeline entry and a pending fan-out: the photo's owner. */
  public static final String OWNER = "owner";

  /** On a timeline entry: the reader whose timeline holds it. */
  public static final String READER = "reader";

  /** On a pending fan-out: the upload's token. */
  public static final String TOKEN = "token";

  /** The time-to-live attribute of timeline entries, in epoch seconds. */
  public static final String EXPIRES_AT = "expiresAt";

  /** An inbox entry's kind of event ({@code io.quickphotos.ActivityKind}'s name). */
  public static final String ACTIVITY_KIND = "activity";

  /** An inbox entry's actor: who followed, asked, approved, reacted or uploaded. */
  public static final String ACTOR = "actor";

  /** An inbox's read mark: the time up to which its owner has read it. */
  public static final String READ_UP_TO = "readUpTo";

  /** On an item a partial edit wrote: at least the bytes {@code app} takes, with its name. */
  public static final String APP_BYTES = "appBytes";

  /** On the table's settings item: its fan-out, {@code ON}, {@code OFF} or {@code HYBRID}. */
  public static final String SETTINGS_FAN_OUT = "fanOut";

  /** On the table's settings item: the hybrid feed's bound on a pushed author's followers. */
  public static final String SETTINGS_MAX_FOLLOWERS = "maxFollowers";

  /** On the table's settings item: the hybrid feed's window, in seconds. */
  public static final String SETTINGS_WINDOW = "windowSeconds";

  /** On the table's settings item: the number of shards of a hot key. */
  public static final String SETTINGS_SHARDS = "shards";

  /** On the table's settings item: the followers from which a user is sharded. */
  public static final String SETTINGS_FOLLOWERS_THRESHOLD = "followersThreshold";

  /** On the table's settings item: the reactions of one type from which a photo is sharded. */
  public static final String SETTINGS_REACTIONS_THRESHOLD = "reactionsThreshold";

  /** On the table's settings item: when the settings were recorded. */
  public static final String SETTINGS_RECORDED_AT = "recordedAt";

  /**
   * The value of a flag attribute ({@link #PRIVATE}, {@link #SEALED}, {@link #EVER_ASKED},
   * {@link #EVER_BLOCKED}): {@code true}.
   */
  public static final Value FLAG = new Value.Bool(true);

  private Attributes() {}
}
