package io.quickphotos;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The repository of a photo-sharing app — users, photos, reactions and follows — laid out on one
 * DynamoDB table (single-table design). Every method is one access pattern of that design and
 * makes the fewest requests it can (see {@link AccessPattern}); each call's cost goes to the
 * {@link CostListener} the repository was built with.
 *
 * <p>Backends: {@code io.quickphotos.memory.MemoryQuickPhotos} (in-memory, for tests and embedded
 * use) and {@code io.quickphotos.dynamo.DynamoQuickPhotos} (Amazon DynamoDB). Both behave the
 * same: same results, same order, same pages, same exceptions, same costs.
 *
 * <p><b>Errors.</b> Every failure of a call is a {@link QuickPhotosException} of one of six
 * kinds (invalid input, not found, conflict, unavailable, misconfigured, internal): its Javadoc
 * lists them with the classes beneath each and how an application maps them; each class's own
 * Javadoc names every case it is thrown for and what was written. Each method's {@code @throws}
 * below names the classes its arguments and the table's state can cause. Any method that makes a
 * request may also throw {@link ServiceUnavailableException} (which says what may have been
 * written), {@link TableConfigurationException} (on DynamoDB) and a plain
 * {@code QuickPhotosException} (internal); a method's {@code @throws} names these only to say
 * what they mean there.
 *
 * <p><b>Arguments, settings and values: one convention, kept by every public type.</b>
 * <ul>
 *   <li><b>A bad call argument</b> is an {@link InvalidInputException}
 *       ({@link InvalidCursorException} for a cursor), nulls included: anything passed to a method
 *       of this interface, and the records built to be passed ({@link NewUser},
 *       {@link ProfileUpdate}, {@link PhotoId}, {@link NewPhoto}, {@link PhotoEdit},
 *       {@link AppValue}, {@link Snapshot}, {@link PageRequest}, {@link TableSettings} as an
 *       argument). It is thrown before any
 *       request, identically on both backends, and nothing is written: it is the caller's input
 *       at fault, which an HTTP service maps to 400. A record that can be judged alone refuses
 *       at construction ({@link PageRequest}, {@link Snapshot}); the others are judged by the
 *       call, since some rules need the repository (a birth date against its clock).
 *   <li><b>A bad setting</b> is an {@link IllegalArgumentException} for a value out of range and
 *       a {@link NullPointerException} for a null, thrown at once, as the JDK's own types do:
 *       the builders' methods, {@link FanOut}, {@link Sharding}, {@link RetryPolicy},
 *       {@link CostModel}, {@link TableSettings}, {@link CostListener#all}, the memory backend's
 *       {@code Faults} and {@code Throughput}. A builder missing what it requires (a DynamoDB
 *       client) is an {@link IllegalStateException} from {@code build()}. These are programming
 *       errors, met when the application starts, never an answer to a user's request. The
 *       records this interface returns ({@link User}, {@link Photo}, {@link Page},
 *       {@link OperationCost}, {@link AuditReport}, ...) check their components the same way:
 *       building one is the application's code at fault, not a user's input.
 *   <li><b>Values</b>: every setting is an immutable, thread-safe value with static factories,
 *       its default named {@code defaults()} ({@link Sharding#defaults()},
 *       {@link FanOut#defaults()}, {@link RetryPolicy#defaults()},
 *       {@link TableSettings#defaults()}) and the others after what they do
 *       ({@link Sharding#off()}, {@link FanOut#hybrid()}, {@link RetryPolicy#noDelay()},
 *       {@link CostListener#none()}); two settings that configure the same thing are
 *       {@code equals}, with equal hash codes. No method of this interface returns null: an
 *       absent result is an empty {@link Optional}, lists are unmodifiable.
 * </ul>
 *
 * <p><b>Writes.</b> Each write request is atomic: applied whole or not at all. Every write is
 * applied once and answered as if sent once, however often the SDK resends it after a lost
 * answer or the repository retries it: transactional methods send one
 * {@code ClientRequestToken} per call; {@link #createUser}, a single conditional
 * {@code PutItem}, stores a token of the call on the item and recognises it on the item that
 * fails a resend's condition, returning the user it created; the other single writes are
 * idempotent. {@link #importSnapshot} is not atomic: batch by batch. The cascades,
 * {@link #deletePhoto} and {@link #deleteUser}, are not one transaction: one cut short leaves a
 * state that reads consistently (every counter equals its items) and that calling again
 * finishes.
 *
 * <p><b>Versions.</b> Every photo and profile carries a version ({@link Photo#version()},
 * {@link User#version()}), 0 as uploaded, created or imported; this is the one statement of
 * which writes advance it. An {@link #editPhoto} or {@link #updateProfile} advances it by one, in
 * the request that makes the change, unless its every change is an addition to a number attribute
 * ({@link AttributeChange.Add}: a views counter, bumped like a reaction): a change of a caption,
 * a profile field, the visibility, all attributes at once, or a single attribute set, removed or
 * appended to, advances it. Nothing the repository counts itself (reactions, follows, requests, a
 * hot key's shards) ever does. Concurrent edits that advance it each count, and a version never
 * repeats while the item lives (a photo deleted and uploaded again starts at 0). An edit or
 * update that names the version it was made from ({@link PhotoEdit.Builder#expectedVersion},
 * {@link ProfileUpdate.Builder#expectedVersion}) fails with {@link VersionConflictException},
 * writing nothing, if the item holds another; one of additions alone is checked the same way.
 *
 * <p>Hot keys: a user past {@link Sharding#followersThreshold()} followers, or a photo past
 * {@link Sharding#reactionsThreshold()} reactions of one type, has its counters spread over
 * several items so follows and reactions are not held to one item's 1,000 write units a second.
 * The methods' results are the same for it, counters exact; some cost more: reading its counters
 * ({@link #getUser}, {@link #getPhoto}, {@link #userWithPhotos}, {@link #photoWithReactions},
 * {@link #followedBy}, {@link #homeFeed}) reads the item with its shards as one snapshot, a
 * {@code TransactGetItems} of 2 RCU per part (18 RCU with 8 shards: one request for a hot key
 * the repository knows, a {@code GetItem} first for one it meets), and the first follow or
 * reaction a repository sends it after the switch adds a failed transaction (and, for the one
 * that reaches the threshold, the switch). Removals (unfollows, reactions taken back) go to the
 * shard the writer's addition went to, else to another part holding one, so no part goes below
 * zero. A repository serves the snapshot it read of a hot key again, without a request, for up
 * to its hot-read staleness (a builder setting, one second unless set; zero reads every time):
 * every count so served is one the key held no longer than that ago, and a write of this
 * repository to the key makes its next read read the table, so a writer sees its own writes.
 * Everything below the thresholds costs exactly what the method's Javadoc says, and is always
 * read from the table. {@code docs/hot-keys.md} has the numbers.
 *
 * <p>Thread-safety: implementations are thread-safe and hold no per-call state (they remember
 * which keys are sharded, a bounded cache whose loss costs one failed transaction, and the
 * snapshots of hot keys they read, at most 10,000); share one instance. Consistency is each
 * method's own, as its Javadoc says: reads of the table by key or by a user's partition are
 * strongly consistent (a hot key's counts within the hot-read staleness, as above); every read of the inverted index, and the
 * Queries of {@link #homeFeed}, are eventually consistent on DynamoDB (in memory every read is
 * immediately consistent).
 */
public interface QuickPhotos {

  /**
   * Creates a user with zero followers and following.
   *
   * <p>One {@code PutItem} with {@code attribute_not_exists(PK)}; atomic. The item carries a
   * token of this call ({@code callToken}) and the request asks for the item that fails its
   * condition ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, at no extra cost): a resend
   * of the request after its answer was lost (the first attempt applied) meets this call's own
   * item and returns the user as created, exactly once, instead of
   * {@link UserAlreadyExistsException}.
   *
   * @param user the new user's profile, public or private ({@link NewUser#visibility()})
   * @return the stored user, as created (with zero counters)
   * @throws UserAlreadyExistsException if the username is taken by another call's user (a
   *     closing account keeps it until {@link #deleteUser} has finished)
   * @throws InvalidInputException if a field breaks the limits listed on {@link NewUser}, the
   *     birth date is in the future, or the status is {@link UserStatus#CLOSING}
   */
  User createUser(NewUser user);

  /**
   * Reads a user's profile. While {@link #deleteUser} is closing the account the profile is
   * still returned, with status {@link UserStatus#CLOSING}, until the cascade removes it.
   *
   * <p>One strongly consistent {@code GetItem}.
   *
   * @param username the user's handle
   * @return the user, or empty if there is none
   * @throws InvalidInputException if the username is not a valid username
   */
  Optional<User> getUser(String username);

  /**
   * Changes some fields of an existing user's profile.
   *
   * <p>One {@code UpdateItem} with {@code attribute_exists(PK) AND NOT (status = "CLOSING")}
   * returning the new image; atomic. The answer is made from that image, so every field it shows
   * is as this call's write left it, even if another call changed the profile before this one
   * returned; for an ordinary user its counters too are those of that moment. A user whose
   * counters are sharded ({@link Sharding}) is answered with its {@code followers} and
   * {@code following} both from one snapshot of its profile and shards, read after the write
   * with one {@code TransactGetItems} more (from the table, even with a
   * {@code hotReadStaleness}): counts the user had at one moment between the write and the
   * return, not necessarily at the write. If that snapshot finds the account closed meanwhile
   * (or its name taken by a new account), the counts answered are zero: a closing account's
   * profile is deleted only once its counters are.
   *
   * <p>Visibility ({@code docs/privacy.md}): making the account private sets {@code private} in
   * the same UpdateItem and keeps its followers. A hot (sharded) account refuses that UpdateItem
   * at no capacity: one {@code TransactWriteItems} sets the flag and seals every shard, from
   * whose commit no follow or stranger's reaction lands on a shard through any repository; then
   * the UpdateItem, and the shards folded back into the profile (a private account is never
   * sharded: one {@code BatchGetItem} of the shards and one {@code TransactWriteItems}, fenced on
   * the account still private). A switch cut short after the seal leaks nothing; calling it
   * again, or {@link #audit}, folds the shards. Making it public
   * removes {@code private} in the same UpdateItem and then approves every pending request, oldest
   * first: a strongly consistent {@code Query} and one {@code TransactWriteItems} per 24, fenced
   * on the account still public (switching back stops it; what is left stays pending). Not
   * atomic as a whole, and resumable: a call cut short leaves the account public with requests
   * pending, which the same update again, {@link #approveRequest} or {@link #audit} finishes.
   *
   * <p>The application's attributes change all at once or one at a time, as
   * {@link #editPhoto} changes a photo's, kept within their limit the same way (an update whose
   * bound fails is measured on the profile returned with the failure and sent once more).
   *
   * <p>The update advances the profile's {@link User#version()} by one in the same UpdateItem
   * unless it only adds to numbers (the rule: Versions, in this interface's Javadoc), and carries
   * a token of the call ({@code updateToken}, 23 bytes on the profile) with
   * {@code NOT (updateToken = :token)} in its condition. The UpdateItem is never resent after an
   * attempt that may have been applied (a timeout, a lost answer, a server error; a throttling
   * refusal is resent): the profile is read back (one strongly consistent GetItem), and the call's
   * token there means the update applied, once: the version advances at most once and additions
   * count once. If another update replaced the token meanwhile, the call cannot know and throws
   * {@link ServiceUnavailableException} written {@code UNKNOWN}, never applying itself twice.
   * An update that names the version it was made from ({@link
   * ProfileUpdate.Builder#expectedVersion}) adds {@code version = :v} to the condition, at no
   * extra cost: if another update landed since, it fails with {@link VersionConflictException},
   * writing nothing.
   *
   * @param username the user's handle
   * @param update the fields to change; at least one; its status may not be
   *     {@link UserStatus#CLOSING}, nor its birth date in the future
   * @return the user as this call's change left it, with counts as described above
   * @throws UserNotFoundException if there is no such user, or the account is closing (on
   *     DynamoDB, rarely, after its change was made: see the exception)
   * @throws VersionConflictException if the update names a version and the profile holds another
   * @throws InvalidInputException if the update is empty, a field breaks the limits, or an
   *     attribute change breaks the rules {@link #editPhoto} lists
   * @throws ServiceUnavailableException if the backend stays unavailable, or other updates keep
   *     changing the attributes between a measured update's read and its write (nothing written)
   */
  User updateProfile(String username, ProfileUpdate update);

  /**
   * Adds a photo to a user's collection, with every reaction counter at zero, without caption or
   * attributes: {@code uploadPhoto(new NewPhoto(owner, timestamp, location))}.
   *
   * <p>One {@code TransactWriteItems}: a condition check that the owner exists and is not closing
   * and a {@code PutItem} with {@code attribute_not_exists(PK)}; atomic.
   *
   * @param owner the uploading user's handle
   * @param timestamp when the photo was taken (nanosecond precision, years 1 to 9999)
   * @param location where the image is served from: an absolute http or https URL, at most 2048
   *     characters
   * @return the stored photo
   * @throws UserNotFoundException if the owner does not exist or the account is closing
   * @throws PhotoAlreadyExistsException if the owner already has a photo at that timestamp
   * @throws InvalidInputException if an argument breaks the limits
   */
  default Photo uploadPhoto(String owner, Instant timestamp, String location) {
    return uploadPhoto(new NewPhoto(owner, timestamp, location));
  }

  /**
   * Adds a photo to a user's collection, with its caption and the application's attributes, and
   * every reaction counter at zero.
   *
   * <p>One {@code TransactWriteItems}: a condition check that the owner exists and is not closing
   * and a {@code PutItem} with {@code attribute_not_exists(PK)}; atomic. The whole item is judged
   * before the request ({@link NewPhoto} lists the limits). A photo under 1 KB (a caption of a
   * few hundred bytes included) costs 2 RCU and 4 WCU; each further KB of caption and attributes
   * 2 WCU more (the table's write and the inverted index's, both transactional).
   *
   * @param photo the owner, timestamp, location, caption and attributes
   * @return the stored photo
   * @throws UserNotFoundException if the owner does not exist or the account is closing
   * @throws PhotoAlreadyExistsException if the owner already has a photo at that timestamp
   * @throws InvalidInputException if {@code photo} is null or a field or attribute breaks the
   *     limits (the message names it)
   */
  Photo uploadPhoto(NewPhoto photo);

  /**
   * Changes a photo's caption and its application attributes, all at once or one at a time,
   * keeping its reaction counters, its reactions and its place in every listing and feed.
   *
   * <p>One {@code TransactWriteItems}, all or nothing: a condition check that the owner exists
   * and is not closing ({@code attribute_exists(PK) AND NOT (status = "CLOSING")}), and an
   * {@code UpdateItem} of the photo ({@code SET} or {@code REMOVE} of {@code caption}, and of the
   * {@code app} map holding the attributes or of single attributes inside it) if it exists and
   * its deletion has not begun ({@code attribute_exists(PK) AND NOT attribute_exists(deleting)}).
   * So it fails as {@link #reactTo} does on a photo that is gone, being deleted, or whose owner is
   * closing the account. A photo under 1 KB before and after costs 2 RCU and 4 WCU, as its upload
   * did: DynamoDB bills an update by the item's size, so a change of one attribute costs what a
   * change of all costs, and saves the read a read-modify-write would make. Thread-safe; a
   * concurrent edit of the same photo is applied whole, one after the other: the last one's
   * caption and whole attributes stand, and changes of single attributes all land (two writers
   * of different attributes both, concurrent additions to one number all counted). Read the photo
   * back with {@link #getPhoto}.
   *
   * <p>Single attributes ({@link PhotoEdit#changes()}) are kept within the limit without reading
   * the photo: each edit adds to a bound the photo carries ({@code appBytes}) the most its
   * changes can add, on condition that the bound stays within
   * {@value AppValue#MAX_ATTRIBUTES_BYTES} bytes. When it would not, or the photo has no bound
   * yet (it was uploaded or edited whole), the photo comes back with the failed condition at no
   * cost, the edit is judged exactly on it, and sent once more as the whole new map on condition
   * that the attributes are still what was judged: one request more, once per photo and then
   * whenever the bound fills (about every 14,000 additions to a counter of a small photo). An
   * edit past the limit is then {@link InvalidInputException}, and nothing is written.
   *
   * <p>The edit advances the photo's {@link Photo#version()} by one ({@code SET version =
   * if_not_exists(version, :zero) + :one} in the same UpdateItem) unless it only adds to numbers
   * (the rule: Versions, in this interface's Javadoc). An edit that names the version it was made
   * from ({@link PhotoEdit.Builder#expectedVersion}) adds {@code version = :v} to the photo's
   * condition, at no extra cost: if another edit landed since, it fails with
   * {@link VersionConflictException}, writing nothing, and after it succeeds the photo is at
   * exactly that version plus one, or at that version if the edit only added to numbers.
   *
   * <p>Every listing reads the photo item itself — the hybrid feed's timelines hold photos' keys,
   * not copies — so every page read after the call shows the edit.
   *
   * @param id the photo's owner and timestamp
   * @param edit the caption, and all attributes or changes of single ones
   * @throws PhotoNotFoundException if the photo does not exist, is being deleted, or its owner
   *     does not exist or is closing the account
   * @throws VersionConflictException if the edit names a version and the photo holds another
   * @throws InvalidInputException if the id is not valid, the edit is empty, a part breaks the
   *     limits {@link NewPhoto} lists (the message names it), two changes touch one attribute, a
   *     change does not fit what the attribute holds ({@link AttributeChange}), or the attributes
   *     after the changes would take more than {@value AppValue#MAX_ATTRIBUTES_BYTES} bytes
   * @throws ServiceUnavailableException if the backend stays unavailable, or other edits keep
   *     changing the attributes between a measured edit's read and its write (nothing written)
   */
  void editPhoto(PhotoId id, PhotoEdit edit);

  /**
   * Reads one photo.
   *
   * <p>One strongly consistent {@code GetItem}.
   *
   * @param id the photo's owner and timestamp
   * @return the photo, or empty if there is none
   * @throws InvalidInputException if the id is not valid
   */
  Optional<Photo> getPhoto(PhotoId id);

  /**
   * Reads a user's profile and photos, page by page; the profile comes with the first page in
   * both orders, and a page asked for N photos holds N photos when N remain. Each page is a
   * strongly consistent {@code Query} on
   * {@code PK = USER#<username> AND SK BETWEEN #METADATA#<username> AND PHOTO$} that reads one
   * item more than it returns (two on the first page, for the profile), so an exactly full last
   * page carries no cursor. The profile sorts before every photo, which sets the cost:
   * <ul>
   *   <li>{@link SortOrder#OLDEST_FIRST}: one request per page, the profile first;
   *   <li>{@link SortOrder#NEWEST_FIRST}: the query reads backwards and reaches the profile only
   *       when the user has at most N + 1 photos; otherwise the first page adds one strongly
   *       consistent {@code GetItem} of the profile (two requests), and later pages take one.
   * </ul>
   * Photos with equal timestamps cannot exist; the order is total. A page holds fewer photos than
   * asked only at the end of the listing or when the read reached DynamoDB's 1 MB page limit.
   *
   * @param username the user's handle
   * @param order newest or oldest first
   * @param page the page size and the cursor of the previous page, if any
   * @return the profile (present on the first page only) and this page's photos
   * @throws UserNotFoundException if the user does not exist (checked on the first page)
   * @throws InvalidCursorException if the cursor is malformed or from another listing or order
   * @throws InvalidInputException if an argument is not valid
   */
  UserPhotos userWithPhotos(String username, SortOrder order, PageRequest page);

  /**
   * Leaves a reaction on a photo and counts it on the photo.
   *
   * <p>One {@code TransactWriteItems}, all or nothing: a condition check that the reacting user
   * exists and is not closing; when the photo is someone else's, a condition check that its
   * owner exists and is not closing; a {@code PutItem} of the reaction with
   * {@code attribute_not_exists(PK)}; and an {@code UpdateItem} adding one to
   * {@code reactions.<type>} on the photo if it exists and its deletion has not begun
   * ({@code attribute_exists(PK) AND NOT attribute_exists(deleting)}). So a photo of an account
   * that {@link #deleteUser} has marked closing is refused as missing at once, before the cascade
   * reaches it. On one's own photo the reactor's check stands for the owner's (a transaction may
   * not touch one item twice): three actions, 2 RCU and 8 WCU; on someone else's, four actions,
   * 4 RCU and 8 WCU on the service's formulas.
   *
   * <p>Who may react ({@code docs/privacy.md}): the check of another user's photo's owner also
   * requires that the owner is public and has blocked nobody; a private owner's photo takes
   * reactions from its approved followers only (a ConditionCheck that the friendship exists), one
   * that has blocked someone has its block of the reactor checked absent. Those two cases send
   * the transaction again with the check (one refused try first, at no capacity, and 2 RCU a
   * check); other users pay nothing more.
   *
   * @param reactor the reacting user's handle
   * @param photo the photo reacted to
   * @param type the reaction type
   * @return the stored reaction
   * @throws UserNotFoundException if the reacting user does not exist or is closing the account
   * @throws PhotoNotFoundException if the photo does not exist, is being deleted, or its owner
   *     does not exist, is closing the account, has blocked the reactor, or is private and not
   *     followed by the reactor (judged before whether the reactor already reacted: a user who
   *     may not see the photo is never told that it reacted to it)
   * @throws UserBlockedException if the reactor has blocked the photo's owner
   * @throws AlreadyReactedException if the user already left this type on this photo
   * @throws InvalidInputException if an argument is not valid
   */
  Reaction reactTo(String reactor, PhotoId photo, ReactionType type);

  /**
   * Counts a view of a photo by a user: adds one to the photo's {@link Photo#views}, and, on the
   * viewer's first view of it, records that the viewer has seen it ({@link #hasSeen}) and adds
   * one to {@link Photo#uniqueViewers}.
   *
   * <p>Who may view is who may react ({@link #reactTo}, {@code docs/privacy.md}), decided by the
   * same conditions in the same transaction: the viewer must exist and not be closing; the
   * photo must exist and not be being deleted; its owner (when someone else) must be active,
   * must not have blocked the viewer nor been blocked by it, and if private must be followed by
   * the viewer. A view refused so writes nothing and is told that the photo does not exist.
   *
   * <p>A first view is one {@code TransactWriteItems}: the checks of the viewer and the owner
   * (the owner's left out on one's own photo), a {@code PutItem} of the viewer's view mark
   * ({@code PK = VIEW#<viewer>}, {@code SK = VIEWED#<owner>#<timestamp>}) with
   * {@code attribute_not_exists(PK)}, and an {@code UpdateItem} of the photo adding one to
   * {@code views} and to {@code uniqueViewers} if it exists and its deletion has not begun. A
   * repeat view finds the mark there (that transaction is refused, at no capacity on the
   * service) and sends a second: the same checks, an {@code UpdateItem} adding one to the
   * mark's own {@code views} if it exists, and one to the photo's {@code views}. So a first
   * view costs 1 request, a repeat view 2; {@code docs/costs.md} has their capacity units. The
   * mark counts its viewer's views, so the photo's counters always equal its marks (the audit
   * checks it). Like a reaction, a viewer who has blocked someone, or the follower of a private
   * owner, pays one refused try more.
   *
   * <p>A viral photo's views are counted as its reactions are ({@link Sharding}): a view that
   * finds the photo's {@code views} at {@link Sharding#reactionsThreshold()} switches it to
   * counter shards (one refused try and one more transaction, once), and from then on each view
   * adds to one of its shards instead of the photo item, at the same units; a repository that
   * has not met the photo pays one refused try first. Every read of the photo answers its item's
   * counts plus its shards', as of one snapshot.
   *
   * <p>Atomic and exact: each transaction is all or nothing, and every attempt of one carries
   * the call's {@code ClientRequestToken}, so a transaction the SDK sends again after a lost
   * answer is applied once. Concurrent views, by one viewer or many, are each counted once, and
   * of one viewer's concurrent first views exactly one is answered as the first. Thread-safe.
   *
   * @param viewer the viewing user's handle
   * @param photo the photo viewed
   * @return the view, saying whether it was the viewer's first
   * @throws UserNotFoundException if the viewer does not exist or is closing the account
   * @throws PhotoNotFoundException if the photo does not exist, is being deleted, or its owner
   *     does not exist, is closing the account, has blocked the viewer or been blocked by it, or
   *     is private and not followed by the viewer; nothing is written
   * @throws InvalidInputException if an argument is not valid
   */
  PhotoView viewPhoto(String viewer, PhotoId photo);

  /**
   * Whether a user has viewed a photo ({@link #viewPhoto}) at least once.
   *
   * <p>One strongly consistent {@code GetItem} of the user's view mark of the photo. A read
   * without a viewer: it answers for any user and photo, the application's trusted view. A mark
   * goes with its photo ({@link #deletePhoto}) and with its viewer's account
   * ({@link #deleteUser}). Thread-safe.
   *
   * @param user the handle of the user who may have viewed the photo
   * @param photo the photo
   * @return true if the user has viewed it
   * @throws InvalidInputException if an argument is not valid
   */
  boolean hasSeen(String user, PhotoId photo);

  // --- the activity inbox (docs/activity.md) -----------------------------------------------------

  /**
   * A page of a user's activity inbox, newest first: who followed them, asked to follow them,
   * approved their request, reacted to their photos, and the new photos of those they follow.
   * Events of one kind about one thing are grouped on the page ({@link Activity}). A read for the
   * user alone: the application shows it to that user only.
   *
   * <p>The inbox is filled by the change feed's handler ({@link #deliverActivity}), so it lags
   * the writes by the feed's lag; what it shows is checked against the table when it is read,
   * whether the handler has caught up or not: no event of a user who blocked the reader or whom
   * the reader blocked, of a closed or closing account, or whose follow, request or reaction is
   * gone (undone, or made again since: the newer one is shown), and no photo that is gone or
   * whose author the reader no longer follows (so none of a private account the reader does not
   * follow). Events older than {@value #ACTIVITY_RETENTION_DAYS} days are not shown (on
   * DynamoDB, TTL on the {@code expiresAt} attribute deletes them).
   *
   * <p>Requests: three strongly consistent {@code Query}s side by side: the inbox's entries (at
   * most 100, {@code PK = INBOX#<user>}), its marks (the read mark, pull marks) and the user's
   * blocks both ways (in its own partition); one eventually consistent {@code Query} per followed
   * author with at least 1,000 followers (whose new photos are pulled at read time rather than
   * written into a thousand inboxes or more), side by side; then one strongly consistent
   * {@code BatchGetItem} per 100 of the items that decide what is shown (the user's and the
   * actors' profiles, the friendships, requests, reactions and photos named). A page holds at most {@code size} groups
   * and may hold fewer, with a cursor, when the 100 entries it read held fewer; a group whose
   * events spread over two pages shows on each. Not atomic across its requests; thread-safe.
   *
   * @param user the inbox's owner
   * @param page the page size (groups) and the cursor of the previous page
   * @return the page, newest first
   * @throws InvalidInputException if an argument is not valid
   * @throws InvalidCursorException if the cursor is not one of this user's inbox
   */
  Page<Activity> activity(String user, PageRequest page);

  /**
   * How many events of a user's inbox came after the user last marked it read, at most 100 (an
   * application shows "99+" beyond 99). Counts what {@link #activity} would show, each event
   * once, with the same checks and requests as its first page (the read mark is among the
   * marks). Thread-safe.
   *
   * @param user the inbox's owner
   * @return the unread events, 0 to 100
   * @throws InvalidInputException if the handle is not valid
   */
  int unreadActivity(String user);

  /**
   * Marks a user's inbox read up to now, by the repository's clock: one {@code PutItem} of the
   * inbox's read mark, on condition that the mark is not already later (a concurrent mark that
   * landed first with a later time stands). Idempotent; thread-safe.
   *
   * @param user the inbox's owner
   * @throws InvalidInputException if the handle is not valid
   */
  void markActivityRead(String user);

  /**
   * Writes events into the inboxes they are for: what the change feed's handler calls
   * (quickphotos-streams' {@code ActivityInbox}); an application calls it only to feed the inbox
   * some other way. Each notice becomes one entry whose key is made of the event (kind, actor,
   * photo, time), so a notice delivered twice writes the same entry: delivery is exactly once in
   * effect without marks. A reaction of an owner to their own photo, and a notice whose actor is
   * its recipient, write nothing.
   *
   * <p>Requests: {@code BatchWriteItem}, 25 entries a request. A new photo goes to its author's
   * followers, one {@code Query} per 1,000 of them, when the author has fewer than 1,000; an
   * author with more is pulled at read time instead: the first such notice writes a pull mark
   * into each follower's inbox once (and marks the author, one conditional {@code PutItem}), and
   * every later follow of that author writes one mark (a {@code GetItem} of the author's mark
   * per follow or approval delivered). So no upload writes more than 1,000 entries, and no
   * user's own call pays for anyone's inbox. Not atomic: a failure part-way leaves some entries
   * written, which a delivery of the same notices again completes. Thread-safe.
   *
   * @param notices the events, in any order
   * @return how many entries were written (a notice delivered again is counted again)
   * @throws InvalidInputException if a notice names an invalid handle
   */
  int deliverActivity(java.util.List<ActivityNotice> notices);

  /** How long the activity inbox keeps an event, in days. */
  int ACTIVITY_RETENTION_DAYS = 30;

  /**
   * Reads a photo and its reactions in one request per page: an eventually consistent
   * {@code Query} on the inverted index, {@code SK = PHOTO#<owner>#<timestamp>}, read backwards so
   * the photo comes first; reactions follow in descending order of reacting user, then type.
   * On DynamoDB the index is eventually consistent: a photo uploaded or a reaction left a moment
   * ago may not be listed yet (and a just-uploaded photo may be reported missing);
   * {@link #getPhoto} is strongly consistent. In memory every read is immediately consistent.
   *
   * @param photo the photo's owner and timestamp
   * @param page the page size and the cursor of the previous page, if any
   * @return the photo (on the first page) and this page's reactions
   * @throws PhotoNotFoundException if the first page finds nothing
   * @throws InvalidCursorException if the cursor is malformed or from another listing
   * @throws InvalidInputException if an argument is not valid
   */
  PhotoReactions photoWithReactions(PhotoId photo, PageRequest page);

  /**
   * Makes {@code follower} follow {@code followed}, or, if {@code followed} is a private account,
   * asks to: a pending request, not a follow, until the account approves it
   * ({@link #approveRequest}).
   *
   * <p>One {@code TransactWriteItems}: a {@code PutItem} of the friendship with
   * {@code attribute_not_exists(PK)}, and an {@code UpdateItem} on each user adding one to
   * {@code followers} and to {@code following} if the user exists and is not closing
   * ({@code attribute_exists(PK) AND NOT (status = "CLOSING")}), the followed user public and
   * neither user counting blocks; all or nothing.
   *
   * <p>Who may follow whom ({@code docs/privacy.md}): a private account refuses that transaction
   * (at no capacity) and the request is sent instead: one {@code TransactWriteItems} of the
   * account's {@code requests} + 1 (if it is active and private), a check of the requester
   * (active), a check that no friendship exists, and the puts of the request and of its place in
   * the account's queue (2 requests, 4 RCU, 12 WCU). When either user has blocked someone, the
   * follow (or request) is sent again with a ConditionCheck of each direction's block item (one
   * request and 4 RCU more); a follow between a blocked pair is refused. A hot followed user's
   * follow always checks the block item of its side (2 RCU more, hot keys only).
   *
   * @param follower the handle of the user who follows
   * @param followed the handle of the user to follow
   * @return the stored friendship, or the request made ({@link Follow#pending()})
   * @throws UserNotFoundException if either user does not exist or is closing the account, or
   *     the followed user has blocked the follower (if both, the followed user is named)
   * @throws AlreadyFollowingException if the friendship exists
   * @throws AlreadyRequestedException if the followed account is private and the follower's
   *     request to follow it is pending
   * @throws UserBlockedException if the follower has blocked the followed user
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  Follow follow(String follower, String followed);

  /**
   * Ends a friendship.
   *
   * <p>One {@code TransactWriteItems}: a {@code DeleteItem} of the friendship with
   * {@code attribute_exists(PK)}, and an {@code UpdateItem} on each user subtracting one from
   * {@code followers} and from {@code following}; all or nothing.
   *
   * @param follower the handle of the user who follows
   * @param followed the handle of the user followed
   * @throws NotFollowingException if there is no such friendship
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  void unfollow(String follower, String followed);

  // --- who may see what: requests, blocks, reads for a viewer (docs/privacy.md) -----------------

  /**
   * Approves a pending request to follow a private account: from then on the requester follows
   * it, as after {@link #follow} of a public one.
   *
   * <p>A strongly consistent {@code GetItem} of the request, then one {@code TransactWriteItems}:
   * the account's {@code requests} − 1 and {@code followers} + 1, the requester's
   * {@code following} + 1 (both active), the request's two items deleted (on condition it is the
   * request read), the friendship put; when either user counts blocks, each direction's block
   * item checked absent (one refused try first). 2 requests, 1 RCU and 20 WCU. The follow is read
   * by fan-out on read (under {@link FanOut#hybrid()}, {@link #fillTimeline} makes it a timeline
   * follow). Works on an account that went public with requests still pending.
   *
   * @param account the handle of the account asked
   * @param requester the handle of the user who asked
   * @return the follow made
   * @throws FollowRequestNotFoundException if the requester has no pending request to the
   *     account
   * @throws UserNotFoundException if either user is closing the account
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  Follow approveRequest(String account, String requester);

  /**
   * Declines a pending request to follow a private account; nothing else changes.
   *
   * <p>A strongly consistent {@code GetItem} of the request, then one {@code TransactWriteItems}
   * deleting its two items (on condition it is the request read) with the account's
   * {@code requests} − 1. 2 requests, 1 RCU and 12 WCU.
   *
   * @param account the handle of the account asked
   * @param requester the handle of the user who asked
   * @throws FollowRequestNotFoundException if the requester has no pending request to the
   *     account
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  void declineRequest(String account, String requester);

  /**
   * Withdraws one's own pending request to follow a private account, as {@link #declineRequest}
   * by the account would: the same requests and units.
   *
   * @param requester the handle of the user who asked
   * @param account the handle of the account asked
   * @throws FollowRequestNotFoundException if the requester has no pending request to the
   *     account
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  void withdrawRequest(String requester, String account);

  /**
   * Lists an account's pending requests to follow it, newest first, one request per page: a
   * strongly consistent {@code Query} on
   * {@code PK = USER#<account> AND begins_with(SK, #ASKED#)}, backwards. The profile carries
   * their count ({@link User#pendingRequests()}). An account without requests, or that does not
   * exist, has an empty listing.
   *
   * @param account the private account's handle
   * @param page the page size and the cursor of the previous page, if any
   * @return this page of requests
   * @throws InvalidCursorException if the cursor is malformed or from another listing
   * @throws InvalidInputException if an argument is not valid
   */
  Page<FollowRequest> followRequestsOf(String account, PageRequest page);

  /**
   * Blocks a user: removes the follows, pending requests and reactions between the two, both
   * ways, with every counter exact; from then on the blocked user can neither follow the blocker,
   * ask to, nor react to its photos, and every read made for it ({@link #as}) and every call it
   * makes answers as if the blocker did not exist. The blocked user is not told.
   *
   * <p>One {@code TransactWriteItems} puts the block item (absent) with the blocker's
   * {@code blocks} + 1 (active) and a check that the blocked user exists: from its commit every
   * follow, request, approval and reaction between the two is refused. Then one strongly
   * consistent {@code BatchGetItem} of the four relations (two friendships, two requests), a
   * strongly consistent {@code Query} per reaction type each way ({@code PK = REACTION#<user>#<type>
   * AND begins_with(SK, PHOTO#<other>#)}), and, for each relation that exists, the unfollow,
   * decline or reaction's removal that takes it back: one transaction each, with its counters (a
   * hot user's or photo's through the shard that holds one; a timeline follow's audience item
   * with it). 10 requests, 12 RCU, 12 WCU for two users without relations.
   *
   * <p>Not atomic as a whole, and idempotent: a call cut short leaves the block made and counters
   * exact, a relation maybe left, which calling again (a block that exists is no error) or
   * {@link #audit} removes. Reads for the blocked user see the block from its first write.
   *
   * @param blocker the handle of the user who blocks
   * @param blocked the handle of the user blocked
   * @throws UserNotFoundException if the blocker does not exist or is closing, or the user blocked
   *     does not exist
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  void block(String blocker, String blocked);

  /**
   * Lifts a block; restores nothing it removed.
   *
   * <p>One {@code TransactWriteItems}: the block item deleted (exists) and the blocker's
   * {@code blocks} − 1. 1 request, 8 WCU; nothing written when there was no block.
   *
   * @param blocker the handle of the user who blocked
   * @param blocked the handle of the user blocked
   * @return whether there was a block to lift
   * @throws UserNotFoundException if the blocker does not exist
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  boolean unblock(String blocker, String blocked);

  /**
   * Lists the users someone has blocked, in ascending code-point order of their handles, one
   * request per page: a strongly consistent {@code Query} on
   * {@code PK = USER#<blocker> AND begins_with(SK, #BLOCK#)}.
   *
   * @param blocker the handle of the user who blocked
   * @param page the page size and the cursor of the previous page, if any
   * @return this page of blocks
   * @throws InvalidCursorException if the cursor is malformed or from another listing
   * @throws InvalidInputException if an argument is not valid
   */
  Page<Block> blocksOf(String blocker, PageRequest page);

  /**
   * The reads of this repository made for one viewer: each shows only what that viewer may see
   * ({@code docs/privacy.md} has the rules as one table). The reads of this interface itself are
   * the application's trusted view, for moderation, export, audit and the account's own screens.
   * No request; the viewer's existence is not checked (a handle no one has sees what anyone who
   * follows nobody sees).
   *
   * @param viewer the handle of the user the reads are made for
   * @return the reads for that viewer, thread-safe
   * @throws InvalidInputException if the handle is not a valid username
   */
  ViewerReads as(String viewer);

  /**
   * Lists the users who follow a user, in ascending code-point order of their handles, one
   * request per page: a strongly consistent {@code Query} on
   * {@code PK = USER#<username> AND begins_with(SK, #FRIEND#)}. A user nobody follows, or who does
   * not exist, has an empty listing.
   *
   * @param username the followed user's handle
   * @param page the page size and the cursor of the previous page, if any
   * @return this page of friendships
   * @throws InvalidCursorException if the cursor is malformed or from another listing
   * @throws InvalidInputException if an argument is not valid
   */
  Page<Follow> followersOf(String username, PageRequest page);

  /**
   * Lists the profiles of the users a user follows, in ascending code-point order of their
   * handles, two requests per page: an eventually consistent {@code Query} on the inverted index,
   * {@code SK = #FRIEND#<username>}, then one strongly consistent {@code BatchGetItem} of the
   * followed users' profiles (at most 100 keys a call; unprocessed keys are retried with
   * exponential backoff and jitter). The second request is skipped when the page is empty. A user
   * who follows nobody, or who does not exist, has an empty listing. On DynamoDB the index is
   * eventually consistent: a follow made a moment ago may not be listed yet.
   *
   * @param username the following user's handle
   * @param page the page size and the cursor, if any; a page of at most
   *     {@value PageRequest#MAX_SIZE} profiles is one BatchGetItem
   * @return this page of followed users' profiles
   * @throws InvalidCursorException if the cursor is malformed or from another listing
   * @throws InvalidInputException if an argument is not valid
   */
  Page<User> followedBy(String username, PageRequest page);

  /**
   * Writes a whole data set in bulk, for loading an empty table or migrating data in: every user
   * with its follower and following counters and every photo with its reaction counters
   * computed from the snapshot, then the friendships and the reactions.
   *
   * <p>{@code BatchWriteItem} requests of at most 25 puts; unprocessed items are retried with
   * exponential backoff and jitter. Not atomic and not conditional: items are written batch by
   * batch and replace any item with the same key, so a failure part-way leaves the batches
   * written so far. The whole snapshot is validated first; invalid input writes nothing.
   *
   * @param snapshot the data set, self-contained
   * @param progress told the number of items written so far after each batch; may be a no-op
   * @return the number of items written
   * @throws InvalidInputException if a record breaks the limits, a reference points outside the
   *     snapshot, a user follows themselves, or two records would have the same key
   * @throws ServiceUnavailableException if items stay unprocessed after the bounded retries
   */
  long importSnapshot(Snapshot snapshot, java.util.function.LongConsumer progress);

  // --- home feed -------------------------------------------------------------------------------

  /**
   * Lists the photos of the users {@code username} follows, newest first, paged: the home feed,
   * served by fan-out on read over the single-table layout. Follows that are timeline follows
   * (made under {@link FanOut#hybrid()}) are read from the reader's timeline instead, with the
   * same order and cursor: a page is then the followed list, one Query of the timeline beside one
   * Query per other follow, and one strongly consistent {@code BatchGetItem} of the page's
   * timeline photos (see {@link FanOut}). What follows describes fan-out on read.
   *
   * <p>Requests per page, for a user who follows {@code F} users: {@code ⌊F / 1000⌋ + 1}
   * eventually consistent {@code Query} requests on the inverted index,
   * {@code SK = #FRIEND#<username>} with {@code Limit 1000}, paged until the whole list of
   * followed users is read; then one eventually consistent {@code Query} per followed user
   * {@code f}, newest first, {@code PK = USER#<f> AND begins_with(SK, PHOTO#<f>#)} on the first
   * page and {@code PK = USER#<f> AND SK BETWEEN PHOTO#<f># AND PHOTO#<f>#<t>} after a cursor
   * (the cursor's instant {@code t}, or the nanosecond before it, as the tie-break below
   * requires), with {@code Limit} equal to the page size: one followed user can fill a page, and
   * none can contribute more. In all {@code ⌊F / 1000⌋ + 1 + F} requests, whatever the page size
   * and however many photos there are. The pages are merged in memory.
   *
   * <p>Order: timestamp descending, photos with equal timestamps in ascending code-point order of
   * their owners' handles; the order is total, so every photo appears exactly once across the
   * pages. The cursor holds the position of the page's last photo (its instant and owner) and
   * the next page starts strictly after that position, so a walk through the pages never repeats
   * a photo and never goes back in time: a photo uploaded during the walk appears on a later page
   * only if it sorts after the position reached (a fresh first page shows it in its place); the
   * photos of a user followed or unfollowed during the walk appear or disappear from the next
   * page on. The cursor's size does not depend on how many users are followed: at most 383
   * characters, about 55 for a ten-letter handle.
   *
   * <p>Consistency: every Query is eventually consistent on DynamoDB, which halves the read units
   * of the F queries that dominate the cost; a photo uploaded or a follow made a moment ago may
   * not be listed yet. In memory every read is immediately consistent.
   *
   * <p>A user who follows nobody, or who does not exist, has an empty feed (one request), as for
   * {@link #followedBy}: checking that the user exists would cost a read on every page.
   *
   * @param username the reading user's handle
   * @param page the page size and the cursor of the previous page, if any
   * @return this page of photos
   * @throws InvalidCursorException if the cursor is malformed, altered, or from another user's
   *     feed or another listing
   * @throws InvalidInputException if an argument is not valid
   */
  Page<Photo> homeFeed(String username, PageRequest page);

  /**
   * Makes a reader's follows what this repository's {@link FanOut} setting says they should be
   * (a backfill, or a retune or roll-back of the hybrid feed). Under {@link FanOut#hybrid()}:
   * each of the reader's follows that is read at page time although its author has fewer than K
   * followers (a follow made before the hybrid was enabled, through a repository with it off, or
   * while its author had K or more) becomes a timeline follow, its author's photos of the window
   * copied into the reader's timeline; a timeline follow whose copying was cut short (a
   * {@link #follow} that failed after its transaction) is copied again; and a timeline follow
   * of another window is retuned to this repository's (a wider one has the photos between the
   * windows copied first). Under {@link FanOut#off()}: each timeline follow becomes a pull follow
   * again, its audience item deleted, so its author's uploads stop fanning out to it. Pages are
   * exact before, during and after: a follow is served by the timeline only once its copy is
   * complete, and only as far back as its window. Calling it is never needed for correctness,
   * only for cheaper pages or cheaper uploads.
   *
   * <p>Requests: the reader's follows from the inverted index (one Query per 1,000), then, one
   * follow after another, for each it converts: a {@code TransactWriteItems} (counts the reader
   * in the author's {@code audience} if the author has fewer than K followers and is not
   * sharded, and the author in the reader's {@code memberships}, if neither is closing; marks
   * the follow with the window if it still exists unmarked; puts the reader in the author's
   * audience), a strongly consistent Query of the author's photos of the window, a
   * {@code BatchWriteItem} per 25 of them (side by side) and an {@code UpdateItem} marking the
   * follow served. A follow whose author is at K or beyond costs one cancelled transaction, once
   * per repository. A retune is one transaction (narrower), or an UpdateItem, the copy and a
   * transaction (wider); a roll-back one transaction a follow.
   *
   * <p>Resumable and idempotent: each follow is changed on its own, so a call cut short (by a
   * crash or {@link ServiceUnavailableException}) leaves every follow either as it was or
   * changed, with at most one follow's copy half done, which the next call finishes; entries
   * have deterministic keys, so copying twice leaves one. Safe beside every other call, through
   * any repository: an upload running alongside reaches the timeline either through the audience
   * the conversion put or through the copy that reads after it; an unfollow alongside leaves the
   * follow unconverted or its entries unserved. To backfill a whole table, call it for each user
   * (for example when each one next signs in, or {@code ./quickphotos fill-timelines}).
   *
   * @param reader the reading user's handle
   * @return how many of the reader's follows this call changed
   * @throws ServiceUnavailableException if the backend stays throttled or unreachable; call
   *     again to finish
   * @throws InvalidInputException if the handle is not a valid username
   */
  int fillTimeline(String reader);

  // --- the data's lifecycle: taking back, deleting, membership checks ---------------------------

  /**
   * Takes back a reaction and takes it off the photo's counter, never below zero.
   *
   * <p>One {@code TransactWriteItems}: a {@code DeleteItem} of the reaction with
   * {@code attribute_exists(PK)} and an {@code UpdateItem} adding −1 to {@code reactions.<type>}
   * on the photo with {@code reactions.<type> >= 1}. If the photo is gone (or, impossibly, its
   * counter is already zero) the transaction is cancelled on that condition and a second one
   * deletes the reaction with a condition check {@code NOT (reactions.<type> >= 1)} on the photo
   * instead: one request normally, two for a reaction on a deleted photo. Checking the photo in
   * the same transaction, rather than reading it first, keeps this correct under concurrent
   * writes with the fewest requests. Works on any stored reaction, also while either account is
   * closing (the cascade would remove it anyway).
   *
   * @param reactor the reacting user's handle
   * @param photo the photo reacted to
   * @param type the reaction type
   * @throws ReactionNotFoundException if the user has no reaction of this type on the photo
   * @throws InvalidInputException if an argument is not valid
   */
  void removeReaction(String reactor, PhotoId photo, ReactionType type);

  /**
   * Deletes a photo, every reaction left on it and every view mark of it ({@link #viewPhoto}).
   *
   * <p>Requests: one {@code UpdateItem} marks the photo deleting with a marker of this deletion
   * ({@code SET deleting = if_not_exists(deleting, :marker)}, {@code attribute_exists(PK)}; a
   * concurrent or repeated call reads the first marker back), after which {@link #reactTo}
   * refuses it, and returns its counters. Every later write is fenced to that marker, so a photo
   * uploaded again under the same id after another call finished the deletion is left alone. A photo without reactions then goes with one {@code DeleteItem} (2 requests in
   * all). Otherwise each round is an eventually consistent {@code Query} on the inverted index
   * ({@code SK = PHOTO#owner#ts AND begins_with(PK, REACTION#)}, at most 99 items) and one
   * {@code TransactWriteItems} deleting those reactions with the photo's counters taken down by
   * as many; the last round deletes the photo in the same transaction, on condition that its
   * counters equal the reactions deleted with it. So up to 99 reactions cost 3 requests, and each
   * further 99 two more. A reaction the index did not show yet keeps the photo for another round.
   * A photo with viewers first loses its view marks the same way: a {@code Query} of its marks on
   * the inverted index and one {@code TransactWriteItems} per 98, with the photo's {@code views}
   * and {@code uniqueViewers} taken down by theirs (2 requests more for up to 98 viewers).
   *
   * <p>Not atomic as a whole, but idempotent and resumable: the photo item goes last, so a call
   * cut short (a crash, {@link ServiceUnavailableException}) leaves the photo marked, with
   * counters equal to the reactions left, and calling again finishes the job. While it runs,
   * {@link #getPhoto} still shows the photo, with its counters going down. If the photo item is
   * gone, reactions the index still lists on it are deleted (one Query and one
   * {@code TransactWriteItems} per 99, which also checks that the photo is still absent) and the
   * call returns normally.
   *
   * @param id the photo's owner and timestamp
   * @throws PhotoNotFoundException if there is no such photo and nothing is left of one
   *     (2 requests: the failed mark and one Query); also on a call after a completed deletion
   * @throws InvalidInputException if the id is not valid
   */
  void deletePhoto(PhotoId id);

  /**
   * Closes an account: deletes the profile, the user's photos and the reactions on them, the
   * friendships in both directions (taking one off each other user's {@code followers} or
   * {@code following}), the reactions the user left on other photos (taking them off those
   * photos' counters), its requests and blocks either way, and its view marks (taking its views
   * and itself off the viewed photos' {@code views} and {@code uniqueViewers}).
   *
   * <p>First one {@code UpdateItem} sets the status to {@link UserStatus#CLOSING} and a marker of
   * this deletion ({@code closing = if_not_exists(closing, :marker)}, {@code attribute_exists(PK)});
   * every later transaction is fenced to that marker. From then on every write by or to the user fails as if the
   * user did not exist: {@link #follow} either way, {@link #reactTo} by the user or to one of
   * the user's photos (refused with {@link PhotoNotFoundException}), {@link #uploadPhoto} and
   * {@link #updateProfile}; so no friendship, reaction or photo of the user's can be added while
   * the cascade runs. Reads still see what is left, the profile with status {@code CLOSING}.
   * Then the cascade: a {@code Query} of the user's photos and one {@code TransactWriteItems}
   * deleting up to 99 photos without reactions, or the reactions of photos with reactions, up to
   * 98 a transaction with their photo (a closing owner's photos take no new reactions, so they
   * are not marked one by one); one strongly consistent {@code Query} per reaction type on
   * {@code PK = REACTION#<user>#<type>} and {@code TransactWriteItems} of 49 reactions with their
   * photos' counters; a {@code Query} of the followers (49 a page) and of the
   * followed users on the inverted index (49 a page), each page one {@code TransactWriteItems}
   * deleting the friendships with the other users' counters and this user's own; last, a
   * {@code DeleteItem} of the profile on condition that it is closing and both its counters are
   * zero. An account that ever viewed a photo adds a strongly consistent {@code Query} of its
   * view marks and a {@code TransactWriteItems} per 49, each with the viewed photos' counters; one
   * that ever asked, was asked, blocked or was blocked, the like for its requests and blocks. An
   * account with nothing has 9 requests; {@code docs/costs.md} has a measured large account. A
   * later version's items among the account's are left alone and do not stop the cascade.
   *
   * <p>Idempotent and resumable: the profile goes last, and every step finds what is left by
   * querying, so a call cut short leaves the account closing and calling again finishes it.
   * When the call returns the username is free at once: nothing refers to the old account any
   * more, so {@link #createUser} may take the name again immediately.
   *
   * @param username the user's handle
   * @throws UserNotFoundException if there is no such user (also on a call after a completed
   *     deletion)
   * @throws ServiceUnavailableException if the backend stays unavailable, or the eventually
   *     consistent index keeps lagging behind the counters; call again to finish
   * @throws InvalidInputException if the username is not valid
   */
  void deleteUser(String username);

  /**
   * Whether one user follows another.
   *
   * <p>One strongly consistent {@code GetItem} of the friendship item.
   *
   * @param follower the handle of the user who may follow
   * @param followed the handle of the user who may be followed
   * @return true if the friendship exists
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  boolean isFollowing(String follower, String followed);

  /**
   * The reaction types a user has left on a photo.
   *
   * <p>One eventually consistent {@code Query} on the inverted index,
   * {@code SK = PHOTO#owner#ts AND begins_with(PK, REACTION#<reactor>#)}: it reads only this
   * user's reactions on this photo (at most one per type), for half a read unit, where a
   * {@code BatchGetItem} of the four possible keys would cost a unit per key. On DynamoDB a
   * reaction left a moment ago may not be listed yet; in memory every read is immediately
   * consistent.
   *
   * @param reactor the reacting user's handle
   * @param photo the photo
   * @return the types, in declaration order; empty if none (or no such photo)
   * @throws InvalidInputException if an argument is not valid
   */
  Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo);

  /**
   * The settings this repository runs with: those its builder was given, and for the others the
   * table's recorded settings as read when the repository was built (or the defaults, where the
   * table records none). No request.
   *
   * @return the settings in effect
   */
  TableSettings settings();

  /**
   * The settings the table records: one strongly consistent {@code GetItem} of its settings
   * item.
   *
   * @return the recorded settings, empty if the table records none (or values this version
   *     cannot take)
   * @throws ServiceUnavailableException if the backend stays throttled or unreachable
   */
  Optional<TableSettings> recordedSettings();

  /**
   * Records in the table the settings it is meant to run with: one {@code PutItem} of its
   * settings item, replacing any. Repositories built afterwards adopt them where their builder
   * was not given a setting; repositories already running keep theirs until rebuilt, which is
   * safe (any mix of settings is). Tools ({@code ./quickphotos audit}, {@code fill-timelines},
   * ...) use them by default.
   *
   * @param settings the settings
   * @throws InvalidInputException if {@code settings} is null
   * @throws ServiceUnavailableException if the backend stays throttled or unreachable
   */
  void recordSettings(TableSettings settings);

  /**
   * Reads the whole table and reports what disagrees with the single-table design's rules:
   * every counter ({@code followers}, {@code following}, a photo's reaction counts) that is not
   * the number of items it counts, every photo, reaction or friendship that refers to a user or
   * photo that does not exist, and every delete that began and did not end. A hot key's count is
   * its item's counter plus its shards', and a part below zero is a finding. The hybrid feed's
   * items are checked too: audience items without their timeline follow, timeline entries of a
   * user or photo that is gone, a timeline follow whose timeline lacks what it should hold, an
   * upload's fan-out that began and did not end. Items of a kind this version does not know (a
   * later version's, sharing the table) are skipped and counted
   * ({@link AuditReport#itemsSkipped()}), never a failure. A table written only by this version
   * stays clean; run it on a table an earlier version wrote, after a crash of a process that ran
   * deletes, or after writes by anything else.
   *
   * <p>Requests: a parallel, strongly consistent Scan (4 segments on 4 threads, 1,000 items a
   * page). With {@code fix}, per finding: a dangling item is deleted in a TransactWriteItems with
   * a ConditionCheck that what it refers to is still absent; a counter is read (GetItem), its
   * items counted again (Query pages), and the counter set in an UpdateItem on condition it still
   * holds the value read, so a counter that a concurrent call changed meanwhile is left for the
   * next run; a hot key's parts are read as one snapshot ({@code TransactGetItems}) and set in
   * one transaction, each on condition it did not change, so that none is below zero and they
   * sum to the count; an unfinished delete or fan-out is finished by its own cascade; the hybrid
   * feed's other findings are mended with conditional writes. Each fix is idempotent and
   * safe while the application runs; counts read from the inverted index (a user's
   * {@code following}, a photo's reactions) are eventually consistent, so such a counter is
   * changed only when the count agrees with the Scan. The cost goes to the cost listener as
   * {@link AccessPattern#AUDIT}.
   *
   * <p>Not atomic: the Scan is not a snapshot, so a table in use may show a finding that is only
   * a call in flight; run it again to confirm. Thread-safe.
   *
   * @param fix whether to mend what it finds
   * @param progress receives the number of items scanned so far, after each page, from the
   *     scanning threads one at a time
   * @return what it read and found
   * @throws ServiceUnavailableException if the table could not be read
   * @throws InvalidInputException if {@code progress} is null
   */
  AuditReport audit(boolean fix, java.util.function.LongConsumer progress);
}
