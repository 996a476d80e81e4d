package io.quickphotos;

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
  private static final long serialVersionUID = 2L;

  private ReactionNotFoundException(String reactor, PhotoId photo, ReactionType type) {
    super(
        reactor + " has no " + type.storedName() + " reaction on photo " + photo,
        Concerns.reaction(reactor, photo, type));
  }

  /**
   * The exception for a reaction that does not exist, with the message
   * {@code <reactor> has no <type> reaction on photo <owner>@<timestamp>}.
   *
   * @param reactor the reacting user's handle
   * @param photo the photo's owner and timestamp
   * @param type the reaction type
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static ReactionNotFoundException of(String reactor, PhotoId photo, ReactionType type) {
    return new ReactionNotFoundException(reactor, photo, type);
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
   * The photo.
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
