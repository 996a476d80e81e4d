package io.quickphotos;

import java.util.Optional;
import java.util.Set;

/**
 * The reads of a {@link QuickPhotos} made for one viewer ({@link QuickPhotos#as}): each shows
 * only what that viewer may see — nothing of a user who blocked the viewer, a private account's
 * photos, their reactions and its relations only to itself and its approved followers. The rules
 * are one table, in {@code docs/privacy.md}. The reads of {@link QuickPhotos} itself are the
 * application's trusted view (moderation, export, audit).
 *
 * <p><b>No staleness for a refusal.</b> Each read decides from strongly consistent state of its
 * own — the account's profile, its block of the viewer and the viewer's follow of it, three items
 * of the account's partition read with one {@code BatchGetItem} beside (or instead of) the read
 * itself — never from a hot key's kept snapshot or an index entry alone: once a block, a decline,
 * an unfollow or a switch to private has returned, no read that begins after it shows what it
 * hides, through any instance, whatever that instance's settings.
 *
 * <p><b>Pages stay full, cursors stable.</b> A listing that hides items reads on until its page
 * is full of visible items or the listing ends; its cursor continues where the page stopped. When
 * nothing is hidden, pages and cursors are those of the trusted read.
 *
 * <p><b>Costs.</b> A read for the account itself is the trusted read, at its cost. For another
 * viewer each read's Javadoc says what it adds; {@code docs/privacy.md} has the measured table.
 * Reads are reported to the cost listener under their own patterns ({@code VIEWER_} and the
 * method: {@link AccessPattern#VIEWER_GET_USER}, ...).
 *
 * <p>Thread-safe, and as cheap to make as a record: make one per request of the viewer.
 */
public interface ViewerReads {

  /**
   * The viewer these reads are made for.
   *
   * @return the viewer's handle
   */
  String viewer();

  /**
   * A user's profile as the viewer sees it: empty if the user blocked the viewer (as if it did
   * not exist); otherwise the profile, without its pending requests' count unless the viewer is
   * the user. A private account's profile is visible.
   *
   * <p>One strongly consistent {@code BatchGetItem} of the profile and the user's block of the
   * viewer (one request, as {@link QuickPhotos#getUser}; 2 RCU where it reads 1). A hot user's
   * counts then come as {@link QuickPhotos#getUser} gives them.
   *
   * @param username the user's handle
   * @return the user, or empty if there is none or it blocked the viewer
   * @throws InvalidInputException if the username is not a valid username
   */
  Optional<User> getUser(String username);

  /**
   * One photo, if the viewer may see it: its owner has not blocked the viewer, and is public or
   * followed by the viewer (or is the viewer).
   *
   * <p>One strongly consistent {@code BatchGetItem} of the photo and the three items that decide
   * (the owner's profile, its block of the viewer, the viewer's follow of it): one request, as
   * {@link QuickPhotos#getPhoto}.
   *
   * @param id the photo's owner and timestamp
   * @return the photo, or empty if there is none or the viewer may not see it
   * @throws InvalidInputException if the id is not valid
   */
  Optional<Photo> getPhoto(PhotoId id);

  /**
   * A user's profile and photos as the viewer sees them ({@link QuickPhotos#userWithPhotos}):
   * the profile without its pending requests' count, and the photos only if the viewer may see
   * them (a private account the viewer does not follow shows its profile and no photo).
   *
   * <p>The trusted read's requests (which check the cursor), then one {@code BatchGetItem} of
   * the three items that decide: one request more than {@link QuickPhotos#userWithPhotos}.
   *
   * @param username the user's handle
   * @param order newest or oldest first
   * @param page the page size and the cursor of the previous page, if any
   * @return the profile (first page only) and this page's photos
   * @throws UserNotFoundException if the user does not exist or blocked the viewer (checked on
   *     the first page)
   * @throws InvalidInputException if an argument is not valid
   * @throws InvalidCursorException if the cursor is not one of this listing's
   */
  UserPhotos userWithPhotos(String username, SortOrder order, PageRequest page);

  /**
   * A photo and its reactions as the viewer sees them ({@link QuickPhotos#photoWithReactions}):
   * not at all if the viewer may not see the photo; else the reactions less those of users who
   * blocked the viewer, the page read on until full.
   *
   * <p>The trusted read's Query, then one {@code BatchGetItem} of the three items that decide
   * and the block of the viewer by each reactor on the page (up to 97 reactors a request): one
   * request more than {@link QuickPhotos#photoWithReactions} while no reactor blocked the viewer.
   * Each page read on adds a Query (Limit = what is missing) and a {@code BatchGetItem} of its new
   * reactors.
   *
   * @param photo the photo's owner and timestamp
   * @param page the page size and the cursor of the previous page, if any
   * @return the photo (first page) and this page's reactions
   * @throws PhotoNotFoundException if the photo does not exist or the viewer may not see it
   *     (checked on the first page)
   * @throws InvalidInputException if an argument is not valid
   * @throws InvalidCursorException if the cursor is not one of this listing's
   */
  PhotoReactions photoWithReactions(PhotoId photo, PageRequest page);

  /**
   * A user's followers as the viewer sees them: none if the viewer may not see the user's
   * relations; else less the followers who blocked the viewer, the page read on until full.
   *
   * <p>The trusted read's Query, then one {@code BatchGetItem} of the three items that decide
   * and each follower's block of the viewer: one request more than {@link QuickPhotos#followersOf}
   * while no follower blocked the viewer.
   *
   * @param username the followed user's handle
   * @param page the page size and the cursor of the previous page, if any
   * @return the follows
   * @throws InvalidInputException if an argument is not valid
   * @throws InvalidCursorException if the cursor is not one of this listing's
   */
  Page<Follow> followersOf(String username, PageRequest page);

  /**
   * The users someone follows as the viewer sees them: none if the viewer may not see that
   * user's relations; else less the users who blocked the viewer, each profile without its
   * pending requests' count, the page read on until full.
   *
   * <p>The trusted read's Query, then {@code BatchGetItem} of the three items that decide and of
   * each followed user's profile and block of the viewer, in place of the trusted read's
   * {@code BatchGetItem} of the profiles: for pages of up to 48, two requests as
   * {@link QuickPhotos#followedBy}; one more per 50 further users.
   *
   * @param username the following user's handle
   * @param page the page size (at most 100) and the cursor of the previous page, if any
   * @return the profiles
   * @throws InvalidInputException if an argument is not valid
   * @throws InvalidCursorException if the cursor is not one of this listing's
   */
  Page<User> followedBy(String username, PageRequest page);

  /**
   * Whether one user follows another, as the viewer may know it: the truth if the viewer is one
   * of the two; otherwise false unless the viewer may see the relations of both.
   *
   * <p>One strongly consistent {@code BatchGetItem}: the friendship and, when the viewer is
   * neither, the items that decide for both users (7 keys).
   *
   * @param follower the handle of the user who may follow
   * @param followed the handle of the user who may be followed
   * @return true if the friendship exists and the viewer may see it
   * @throws InvalidInputException if a handle is not valid or both are the same user
   */
  boolean isFollowing(String follower, String followed);

  /**
   * The reaction types a user left on a photo, as the viewer may see them: empty if the viewer
   * may not see the photo or the reactor blocked the viewer.
   *
   * <p>One {@code BatchGetItem} of the items that decide and the reactor's block of the viewer,
   * then the trusted read's Query: one request more than {@link QuickPhotos#reactionsLeftBy};
   * the trusted read alone when the viewer is the reactor.
   *
   * @param reactor the reacting user's handle
   * @param photo the photo
   * @return the types, in declaration order
   * @throws InvalidInputException if an argument is not valid
   */
  Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo);

  /**
   * The viewer's own home feed ({@link QuickPhotos#homeFeed}), as the viewer may see it: no
   * photo of an author who blocked the viewer, or of a private author the viewer does not follow
   * now — also none a timeline received before the block, the unfollow or the switch. Pages stay
   * full: a page that held such an author is chosen again without it.
   *
   * <p>The trusted page's requests, then one {@code BatchGetItem} of the three items that decide
   * for each author on the page (33 authors a request): one request more than
   * {@link QuickPhotos#homeFeed} for a page of up to 33 authors when none is refused. Each
   * refused author costs the page chosen again and a {@code BatchGetItem} of the new authors on
   * it.
   *
   * @param page the page size (at most 100) and the cursor of the previous page, if any
   * @return the page, newest first
   * @throws InvalidInputException if an argument is not valid
   * @throws InvalidCursorException if the cursor is not one of this feed's
   */
  Page<Photo> homeFeed(PageRequest page);
}
