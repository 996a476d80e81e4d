package io.quickphotos;

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

  /** What it concerns; null if built with a message-only constructor. */
  private final Concerns concerns;

  /**
   * Creates the exception without the reaction: {@link #reactor()}, {@link #photo()} and {@link #type()} are then empty. Prefer
   * {@link #of(String, PhotoId, ReactionType)}.
   *
   * @param message what went wrong, for people
   */
  public ReactionNotFoundException(String message) {
    super(message);
    this.concerns = null;
  }

  /**
   * Creates the exception with the underlying cause, without the reaction: {@link #reactor()}, {@link #photo()} and {@link #type()} are then
   * empty. Prefer {@link #of(String, PhotoId, ReactionType)}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public ReactionNotFoundException(String message, Throwable cause) {
    super(message, cause);
    this.concerns = null;
  }

  private ReactionNotFoundException(String message, Concerns concerns) {
    super(message);
    this.concerns = concerns;
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
        Concerns.reaction(reactor, photo, type));
  }

  /**
   * The reacting user.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> reactor() {
    return Optional.ofNullable(concerns).map(Concerns::reactor);
  }

  /**
   * The photo.
   *
   * @return its owner and timestamp; empty only if built with a message-only constructor
   */
  public Optional<PhotoId> photo() {
    return Optional.ofNullable(concerns).flatMap(Concerns::photo);
  }

  /**
   * The reaction type.
   *
   * @return the type; empty only if built with a message-only constructor
   */
  public Optional<ReactionType> type() {
    return Optional.ofNullable(concerns).map(Concerns::type);
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code reactor}, {@code photoOwner}, {@code photoTimestamp} and {@code reactionType}
   */
  @Override
  public Map<String, String> identifiers() {
    return Concerns.named(concerns);
  }
}
