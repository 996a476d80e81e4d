package io.quickphotos.internal.singletable;

import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Opens the repository's package-private {@link Validation} to the benchmarks' collections
 * baseline, so that the floor checks its arguments with the very code the repository runs, not a
 * copy that could drift or be cheaper. Each method only delegates; see {@link Validation} for the
 * rules and messages.
 *
 * <p>This class lives in the benchmarks module but in the api's package: the benchmarks run on the
 * class path, where one package split over two jars is one runtime package. Stateless and
 * thread-safe. Not part of any published artifact.
 */
public final class FloorValidation {
  private FloorValidation() {
  }

  /**
   * {@link Validation#username}.
   *
   * @param field the argument's name in the message
   * @param value the handle
   * @throws io.quickphotos.InvalidInputException if it is not a valid handle
   */
  public static void username(String field, String value) {
    Validation.username(field, value);
  }

  /**
   * {@link Validation#photoId}.
   *
   * @param id the photo id
   * @throws io.quickphotos.InvalidInputException if it is null or has an invalid part
   */
  public static void photoId(PhotoId id) {
    Validation.photoId(id);
  }

  /**
   * {@link Validation#timestamp}.
   *
   * @param field the argument's name in the message
   * @param value the instant
   * @throws io.quickphotos.InvalidInputException if it is null or outside years 1 to 9999
   */
  public static void timestamp(String field, Instant value) {
    Validation.timestamp(field, value);
  }

  /**
   * {@link Validation#location}.
   *
   * @param value a photo's URL
   * @throws io.quickphotos.InvalidInputException if it is not an absolute http(s) URL
   */
  public static void location(String value) {
    Validation.location(value);
  }

  /**
   * {@link Validation#newUser}.
   *
   * @param user the user to create
   * @param todayUtc today's date in UTC, for the birth date
   * @throws io.quickphotos.InvalidInputException if a field is invalid
   */
  public static void newUser(NewUser user, LocalDate todayUtc) {
    Validation.newUser(user, todayUtc);
  }

  /**
   * {@link Validation#page}.
   *
   * @param page the page request
   * @param maxSize the largest page the operation serves
   * @throws io.quickphotos.InvalidInputException if it is null or its size is out of range
   */
  public static void page(PageRequest page, int maxSize) {
    Validation.page(page, maxSize);
  }

  /**
   * {@link Validation#notNull}.
   *
   * @param field the argument's name in the message
   * @param value the argument
   * @throws io.quickphotos.InvalidInputException if it is null
   */
  public static void notNull(String field, Object value) {
    Validation.notNull(field, value);
  }

  /**
   * {@link Validation#notSame}.
   *
   * @param follower one handle
   * @param followed another
   * @throws io.quickphotos.InvalidInputException if they are the same
   */
  public static void notSame(String follower, String followed) {
    Validation.notSame(follower, followed);
  }
}
