package io.quickphotos;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A user takes back a reaction they have not left. Kind
 * {@link QuickPhotosException.Kind#NOT_FOUND}; {@link #reactor()}, {@link #photo()} and
 * {@link #type()} are the reaction.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#removeReaction}: the user has no reaction of this type on the photo
 *       (also when the photo is gone and its reactions with it).
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a {@code removeReaction} whose outcome was unknown, it means done:
 * the reaction is gone and uncounted.
 */
public class ReactionNotFoundException extends NotFoundException {
  private static final long serialVersionUID = 1L;

  /** The reacting user, or null if built without it. */
  private final String reactor;

  /** The photo's owner, or null if built without it. */
  private final String owner;

  /** The photo's timestamp, or null if built without it. */
  private final Instant timestamp;

  /** The reaction type, or null if built without it. */
  private final ReactionType type;

  /**
   * Creates the exception without the reaction: {@link #reactor()}, {@link #photo()} and
   * {@link #type()} are then empty. Prefer {@link #of(String, PhotoId, ReactionType)}.
   *
   * @param message what went wrong, for people
   */
  public ReactionNotFoundException(String message) {
    super(message);
    this.reactor = null;
    this.owner = null;
    this.timestamp = null;
    this.type = null;
  }

  /**
   * Creates the exception with the underlying cause, without the reaction: {@link #reactor()},
   * {@link #photo()} and {@link #type()} are then empty. Prefer
   * {@link #of(String, PhotoId, ReactionType)}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public ReactionNotFoundException(String message, Throwable cause) {
    super(message, cause);
    this.reactor = null;
    this.owner = null;
    this.timestamp = null;
    this.type = null;
  }

  private ReactionNotFoundException(
      String message, String reactor, PhotoId photo, ReactionType type) {
    super(message);
    this.reactor = reactor;
    this.owner = photo == null ? null : photo.owner();
    this.timestamp = photo == null ? null : photo.timestamp();
    this.type = type;
  }

  /**
   * The exception for a reaction that does not exist, with the message {@code <reactor> has no <type> reaction on photo <owner>@<timestamp>}.
   *
   * @param reactor the reacting user's handle
   * @param photo the photo's owner and timestamp
   * @param type the reaction type
   * @return the exception, without a cause
   */
  public static ReactionNotFoundException of(String reactor, PhotoId photo, ReactionType type) {
    return new ReactionNotFoundException(
        reactor + " has no " + type.storedName() + " reaction on photo " + photo,
        reactor,
        photo,
        type);
  }

  /**
   * The reacting user.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> reactor() {
    return Optional.ofNullable(reactor);
  }

  /**
   * The photo reacted to.
   *
   * @return its owner and timestamp; empty only if built with a message-only constructor
   */
  public Optional<PhotoId> photo() {
    return owner == null ? Optional.empty() : Optional.of(new PhotoId(owner, timestamp));
  }

  /**
   * The reaction type.
   *
   * @return the type; empty only if built with a message-only constructor
   */
  public Optional<ReactionType> type() {
    return Optional.ofNullable(type);
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code reactor}, {@code photoOwner}, {@code photoTimestamp} and {@code reactionType}
   */
  @Override
  public Map<String, String> identifiers() {
    return named(null, null, null, reactor, owner, timestamp, type);
  }
}
