package io.quickphotos;

import java.util.Map;

/**
 * The root of every error quickphotos reports, and the one place its rules are written. Every
 * failure of a {@link QuickPhotos} call, and of the values built for one ({@link PageRequest},
 * {@link Page#next}, {@link ReactionType#parse}, {@link Snapshot}, ...), is a
 * {@code QuickPhotosException}, unchecked, the same on both backends. A bad setting is not: it is
 * a JDK exception at once, a programming error met when the application starts (the rule is on
 * {@link QuickPhotos}).
 *
 * <p><b>Kinds.</b> Each exception is of one of six kinds, {@link #kind()}, and but for
 * {@link Kind#INTERNAL} is a subclass of its kind's type, so an application maps errors to a
 * response in one place: one {@code switch} over {@code kind()}, or one {@code catch} per kind.
 *
 * <table>
 *   <caption>The kinds, their types and the classes beneath them</caption>
 *   <tr><th>{@link Kind}</th><th>Type</th><th>Classes beneath it</th><th>HTTP</th></tr>
 *   <tr><td>{@link Kind#INVALID_INPUT}</td><td>{@link InvalidInputException}</td>
 *       <td>{@link InvalidCursorException}</td><td>400</td></tr>
 *   <tr><td>{@link Kind#NOT_FOUND}</td><td>{@link NotFoundException}</td>
 *       <td>{@link UserNotFoundException}, {@link PhotoNotFoundException},
 *       {@link NotFollowingException}, {@link ReactionNotFoundException},
 *       {@link FollowRequestNotFoundException}</td><td>404</td></tr>
 *   <tr><td>{@link Kind#CONFLICT}</td><td>{@link ConflictException}</td>
 *       <td>{@link UserAlreadyExistsException}, {@link PhotoAlreadyExistsException},
 *       {@link AlreadyFollowingException}, {@link AlreadyReactedException},
 *       {@link AlreadyRequestedException}, {@link UserBlockedException},
 *       {@link VersionConflictException}</td><td>409</td></tr>
 *   <tr><td>{@link Kind#UNAVAILABLE}</td><td>{@link ServiceUnavailableException}</td>
 *       <td>none</td><td>503</td></tr>
 *   <tr><td>{@link Kind#MISCONFIGURED}</td><td>{@link TableConfigurationException}</td>
 *       <td>none</td><td>500</td></tr>
 *   <tr><td>{@link Kind#INTERNAL}</td><td>{@code QuickPhotosException} itself</td>
 *       <td>none</td><td>500</td></tr>
 * </table>
 *
 * <p>What a kind means, what was written when it is thrown and what a retry means: the kind
 * type's Javadoc. Every case a class is thrown for: the class's Javadoc, which names each method
 * that throws it, as each method's {@code @throws} names the class. In short: a call that fails
 * with invalid input, not found or conflict wrote nothing (two additions, each on its class: a
 * late resend of {@link QuickPhotos#updateProfile} on DynamoDB, {@link UserNotFoundException};
 * the repair of an earlier upload's fan-out, {@link PhotoAlreadyExistsException}); one that fails
 * as misconfigured or internal wrote nothing by the request that failed, and a cascade it cut
 * short keeps what its earlier requests wrote, which calling again finishes; an unavailable error
 * says what may have been written, as a value ({@link ServiceUnavailableException#written()}).
 *
 * <p><b>What it concerns.</b> Each exception of the not-found and conflict kinds carries the
 * identifiers it is about (the username, the photo, the other user of a follow, the reaction
 * type) as typed accessors on its class and, by name, as {@link #identifiers()}, the same on both
 * backends; the message says the same for people. Each class is built by its {@code of}
 * factory, which an application that throws one itself (a fake, a service of its own) calls too.
 *
 * <p><b>{@link Kind#INTERNAL}: a plain {@code QuickPhotosException}.</b> Thrown as itself for what
 * is neither the caller's input, the table's state under the design's rules, a transient failure
 * nor the deployment: an item quickphotos cannot read (written by something else, or corrupted);
 * a table that breaks the layout's rules (a closing account's counter below its items, a hot
 * key's shard without the key marked sharded); and a request DynamoDB refused for a reason
 * quickphotos does not know (an error code it does not expect, a transaction cancelled for a
 * reason other than a condition, a conflict or throttling). The request that failed wrote
 * nothing; retrying does not help. Report it: an HTTP service answers 500 without the message,
 * and {@code ./quickphotos audit} lists what the table holds against the rules. Any exception of
 * another library's making that extends this class directly is of this kind too.
 *
 * <p>Backends keep the underlying cause (for DynamoDB, the SDK's exception) as
 * {@link #getCause()}. What an exception says (its kind, identifiers, reason, written) is set when
 * it is built and never changes.
 */
public class QuickPhotosException extends RuntimeException {
  private static final long serialVersionUID = 2L;

  /**
   * The kinds an application maps to a response, one each: see the table on
   * {@link QuickPhotosException}.
   */
  public enum Kind {
    /**
     * The caller's input: a bad argument, thrown before any request; nothing written. Type
     * {@link InvalidInputException}.
     */
    INVALID_INPUT,
    /**
     * Something the call needs is not in the table (a user, a photo, a friendship, a reaction);
     * nothing written. Type {@link NotFoundException}.
     */
    NOT_FOUND,
    /**
     * What the call would create is already in the table, or what it would change has moved
     * past the version it names; nothing written. Type {@link ConflictException}.
     */
    CONFLICT,
    /**
     * Transient: throttled, unreachable, a server error, contention or an index lagging, after
     * the retries; says what may have been written. Type {@link ServiceUnavailableException}.
     */
    UNAVAILABLE,
    /**
     * The deployment: the table, its index, the credentials or their permissions; nothing
     * written. Type {@link TableConfigurationException}.
     */
    MISCONFIGURED,
    /**
     * None of the others: an unreadable item, a table that breaks the layout's rules, a refusal
     * quickphotos does not know; nothing written by the request that failed. Type
     * {@code QuickPhotosException} itself.
     */
    INTERNAL
  }

  /** The kind, set by the constructor of the kind's type; {@link Kind#INTERNAL} for this class. */
  private final Kind kind;

  /** The identifiers this error concerns; null for none. */
  private final Concerns concerns;

  /**
   * Creates an exception of the kind {@link Kind#INTERNAL} with a message.
   *
   * @param message what went wrong, for people
   */
  public QuickPhotosException(String message) {
    this(Kind.INTERNAL, message);
  }

  /**
   * Creates an exception of the kind {@link Kind#INTERNAL} with a message and the underlying
   * cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public QuickPhotosException(String message, Throwable cause) {
    this(Kind.INTERNAL, message, cause);
  }

  // Package-private, so that each kind but INTERNAL is set by its type's constructors alone and a
  // class beneath the root of another library's making is INTERNAL, as the Javadoc promises.
  // Without a cause the cause is left unset, for Throwable#initCause (the repository's).
  QuickPhotosException(Kind kind, String message) {
    super(message);
    this.kind = kind;
    this.concerns = null;
  }

  QuickPhotosException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.concerns = null;
  }

  QuickPhotosException(Kind kind, String message, Concerns concerns) {
    super(message);
    this.kind = kind;
    this.concerns = concerns;
  }

  /**
   * The kind of this error, set when it was built by the constructor of its kind's type: an
   * application maps each kind to one response.
   *
   * @return the kind of the type this exception is beneath, {@link Kind#INTERNAL} if none
   */
  public final Kind kind() {
    return kind;
  }

  /**
   * The identifiers this error concerns, by name, as strings: {@code username}, {@code follower},
   * {@code followed}, {@code reactor}, {@code photoOwner}, {@code photoTimestamp} (ISO-8601, as
   * {@link java.time.Instant#toString()}), {@code reactionType} (its
   * {@link ReactionType#storedName()}), {@code blocker} and {@code blocked},
   * {@code expectedVersion} and {@code currentVersion} (decimal), each where the class's
   * accessors have it. Made for an
   * HTTP service's problem details; the typed accessors of each class say the same.
   *
   * @return an unmodifiable map in a stable order; empty for the kinds other than not found and
   *     conflict, and for a class beneath those of another library's making
   */
  public Map<String, String> identifiers() {
    return Concerns.named(concerns);
  }

  /** What the not-found and conflict classes concern, for their accessors; null for none. */
  final Concerns concerns() {
    return concerns;
  }
}
