package io.quickphotos;

/**
 * A user reacts to a photo with a reaction type they already left on it (one reaction per user,
 * photo and type). Kind {@link QuickPhotosException.Kind#CONFLICT}; {@link #reactor()},
 * {@link #photo()} and {@link #type()} are the reaction.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#reactTo}: the user already left this type on this photo.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a {@code reactTo} whose outcome was unknown, it means done: the
 * reaction is there and counted (its timestamp is the first attempt's).
 */
public class AlreadyReactedException extends ConflictException {
  private static final long serialVersionUID = 2L;

  private AlreadyReactedException(String reactor, PhotoId photo, ReactionType type) {
    super(
        reactor + " already reacted " + type.storedName() + " to photo " + photo,
        Concerns.reaction(reactor, photo, type));
  }

  /**
   * The exception for a reaction that exists, with the message
   * {@code <reactor> already reacted <type> to photo <owner>@<timestamp>}.
   *
   * @param reactor the reacting user's handle
   * @param photo the photo's owner and timestamp
   * @param type the reaction type
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static AlreadyReactedException of(String reactor, PhotoId photo, ReactionType type) {
    return new AlreadyReactedException(reactor, photo, type);
  }

  /**
   * The reacting user.
   *
   * @return the handle, {@code reactor} in {@link #identifiers()}
   */
  public String reactor() {
    return concerns().reactor();
  }

  /**
   * The photo reacted to.
   *
   * @return its owner and timestamp, {@code photoOwner} and {@code photoTimestamp} in
   *     {@link #identifiers()}
   */
  public PhotoId photo() {
    return concerns().photo();
  }

  /**
   * The reaction type.
   *
   * @return the type, {@code reactionType} in {@link #identifiers()}
   */
  public ReactionType type() {
    return concerns().type();
  }
}
