package io.quickphotos.internal.repository.validation;

import io.quickphotos.InvalidInputException;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.UserStatus;
import io.quickphotos.internal.singletable.photo.PhotoFields;
import io.quickphotos.internal.singletable.user.ProfileFields;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Checks every argument before a request is made, so bad input fails the same way on every
 * backend and writes nothing. The rules keep key parts from breaking the layout (no {@code #},
 * no control characters) and keep every item far below DynamoDB's 400 KB.
 *
 * <p>Public for the benchmarks' collections baseline, which checks its arguments with this very
 * code rather than a copy that could drift or be cheaper. Stateless and thread-safe.
 */
public final class Validation {
  public static final int MAX_USERNAME = 64;
  public static final int MAX_NAME = 256;
  public static final int MAX_EMAIL = 254;
  public static final int MAX_ADDRESS = 1024;
  public static final int MAX_LOCATION = 2048;
  private static final int MAX_SHOWN = 80;
  private static final Instant MIN_INSTANT = Instant.parse("0001-01-01T00:00:00Z");
  private static final Instant MAX_INSTANT = Instant.parse("9999-12-31T23:59:59.999999999Z");

  private Validation() {}

  /**
   * Checks a handle: 1 to 64 letters, digits, {@code .}, {@code _} or {@code -}.
   *
   * @param field the argument's name in the message
   * @param value the handle
   * @return {@code value}
   * @throws InvalidInputException if it is not valid
   */
  public static String username(String field, String value) {
    notNull(field, value);
    int codePoints = value.codePointCount(0, value.length());
    if (codePoints == 0 || codePoints > MAX_USERNAME) {
      throw invalid(
          field
              + " must be 1 to "
              + MAX_USERNAME
              + " characters long, was "
              + codePoints
              + ": "
              + shown(value));
    }
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-')) {
        throw invalid(
            field
                + " may hold only letters, digits, '.', '_' and '-'; found "
                + String.format("U+%04X", c)
                + " in "
                + shown(value));
      }
      i += Character.charCount(c);
    }
    return value;
  }

  public static String text(String field, String value, int min, int max) {
    notNull(field, value);
    int codePoints = value.codePointCount(0, value.length());
    if (codePoints < min || codePoints > max) {
      throw invalid(
          field
              + " must be "
              + min
              + " to "
              + max
              + " characters long, was "
              + codePoints
              + ": "
              + shown(value));
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isISOControl(c)) {
        throw invalid(field + " may not contain control characters: " + shown(value));
      }
      if (Character.isSurrogate(c)
          && !(Character.isHighSurrogate(c)
              && i + 1 < value.length()
              && Character.isLowSurrogate(value.charAt(++i)))) {
        throw invalid(field + " contains an unpaired surrogate: " + shown(value));
      }
    }
    if (min > 0 && value.isBlank()) {
      throw invalid(field + " may not be blank");
    }
    return value;
  }

  public static String email(String value) {
    text("email", value, 3, MAX_EMAIL);
    int at = value.indexOf('@');
    if (at <= 0 || at == value.length() - 1 || hasWhitespace(value)) {
      throw invalid("email must look like name@domain without spaces: " + shown(value));
    }
    return value;
  }

  /** Whether any UTF-16 unit is whitespace, as {@code value.chars().anyMatch(...)} would say. */
  private static boolean hasWhitespace(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isWhitespace(value.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A birth date must be no later than today somewhere on Earth: the UTC date of {@code today}
   * plus one day, as the easternmost time zone (UTC+14) is at most one day ahead of UTC.
   */
  public static LocalDate birthdate(LocalDate value, LocalDate todayUtc) {
    notNull("birthdate", value);
    if (value.getYear() < 1 || value.getYear() > 9999) {
      throw invalid("birthdate must be in years 1 to 9999: " + value);
    }
    if (value.toEpochDay() > todayUtc.toEpochDay() + 1) {
      throw invalid(
          "birthdate may not be in the future: " + value + " (today is " + todayUtc + " UTC)");
    }
    return value;
  }

  /** {@link UserStatus#CLOSING} belongs to deleteUser alone. */
  public static UserStatus status(UserStatus status) {
    notNull("status", status);
    if (status == UserStatus.CLOSING) {
      throw invalid("status CLOSING is set only by deleteUser");
    }
    return status;
  }

  /**
   * Checks an instant: present and in years 1 to 9999 UTC, what the key layout can write.
   *
   * @param field the argument's name in the message
   * @param value the instant
   * @return {@code value}
   * @throws InvalidInputException if it is not valid
   */
  public static Instant timestamp(String field, Instant value) {
    notNull(field, value);
    if (value.isBefore(MIN_INSTANT) || value.isAfter(MAX_INSTANT)) {
      throw invalid(field + " must be in years 1 to 9999 UTC: " + value);
    }
    return value;
  }

  /**
   * Checks a photo location: an absolute http or https URL of at most 2,048 characters.
   *
   * @param value the URL
   * @return {@code value}
   * @throws InvalidInputException if it is not valid
   */
  public static String location(String value) {
    text("location", value, 1, MAX_LOCATION);
    if (HttpUrls.plainlyValid(value)) {
      return value;
    }
    try {
      URI uri = new URI(value);
      String scheme = uri.getScheme();
      if (!("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
          || uri.getHost() == null) {
        throw invalid("location must be an absolute http or https URL: " + shown(value));
      }
    } catch (URISyntaxException e) {
      throw new InvalidInputException("location is not a URL: " + shown(value), e);
    }
    return value;
  }

  /**
   * Checks a photo id: present, with a valid owner handle and timestamp.
   *
   * @param id the photo id
   * @return {@code id}
   * @throws InvalidInputException if it is not valid
   */
  public static PhotoId photoId(PhotoId id) {
    notNull("photo id", id);
    username("photo owner", id.owner());
    timestamp("photo timestamp", id.timestamp());
    return id;
  }

  /**
   * Checks a new user's every field.
   *
   * @param user the user
   * @param todayUtc today's date in UTC, the latest birth date allowed
   * @return {@code user}
   * @throws InvalidInputException if it is not valid
   */
  public static NewUser newUser(NewUser user, LocalDate todayUtc) {
    notNull("user", user);
    username("username", user.username());
    text("name", user.name(), 1, MAX_NAME);
    email(user.email());
    birthdate(user.birthdate(), todayUtc);
    text("address", user.address(), 0, MAX_ADDRESS);
    status(user.status());
    AppValueValidation.attributes("user", user.attributes());
    notNull("visibility", user.visibility());
    return user;
  }

  /**
   * Checks a profile update: every field ({@link ProfileFields}) present, at least one change,
   * each value by the rule of a new user's same field, and the changes of single attributes.
   *
   * @param update the update
   * @param todayUtc today's date in UTC, the latest birth date allowed
   * @return {@code update}
   * @throws InvalidInputException if it is not valid, naming the field or attribute
   */
  public static ProfileUpdate profileUpdate(ProfileUpdate update, LocalDate todayUtc) {
    notNull("update", update);
    new EditValidation(todayUtc)
        .check(
            "update",
            ProfileFields.ALL,
            update,
            ProfileUpdate::isEmpty,
            "a profile update must change at least one field");
    AppValueValidation.edits(
        "user", update.changes(), update.attributes(), update.expectedVersion());
    return update;
  }

  /**
   * Checks a new photo's every field: owner, timestamp, location, caption and attributes.
   *
   * @param photo the photo
   * @return {@code photo}
   * @throws InvalidInputException if it is not valid, naming the field or attribute
   */
  public static NewPhoto newPhoto(NewPhoto photo) {
    notNull("photo", photo);
    username("owner", photo.owner());
    timestamp("timestamp", photo.timestamp());
    location(photo.location());
    caption(photo.caption());
    AppValueValidation.attributes("photo", photo.attributes());
    return photo;
  }

  /**
   * Checks a photo's edit: every field ({@link PhotoFields}) present, at least one change, each
   * value by the rule of a new photo's same field, and the changes of single attributes.
   *
   * @param edit the edit
   * @return {@code edit}
   * @throws InvalidInputException if it is not valid, naming the field or attribute
   */
  public static PhotoEdit photoEdit(PhotoEdit edit) {
    notNull("edit", edit);
    new EditValidation(null)
        .check(
            "edit",
            PhotoFields.ALL,
            edit,
            PhotoEdit::isEmpty,
            "a photo edit must change the caption, the attributes or both");
    AppValueValidation.edits("photo", edit.changes(), edit.attributes(), edit.expectedVersion());
    return edit;
  }

  /**
   * A caption: at most {@link NewPhoto#MAX_CAPTION} characters, line breaks and tabs allowed,
   * other control characters and unpaired surrogates not; empty means none.
   */
  public static String caption(String value) {
    notNull("caption", value);
    int codePoints = value.codePointCount(0, value.length());
    if (codePoints > NewPhoto.MAX_CAPTION) {
      throw invalid(
          "caption must be at most "
              + NewPhoto.MAX_CAPTION
              + " characters long, was "
              + codePoints
              + ": "
              + shown(value));
    }
    freeText("caption", value);
    return value;
  }

  /**
   * Text DynamoDB stores as given: no control characters but tab, line feed and carriage return
   * (which captions and application text may hold), and no unpaired surrogates, which UTF-8
   * cannot carry (the AWS SDK would send a {@code ?} and the backends would disagree).
   */
  static void freeText(String field, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r') {
        throw invalid(
            field
                + " may not contain control characters other than tab and line breaks: "
                + shown(value));
      }
      if (Character.isSurrogate(c)
          && !(Character.isHighSurrogate(c)
              && i + 1 < value.length()
              && Character.isLowSurrogate(value.charAt(++i)))) {
        throw invalid(field + " contains an unpaired surrogate: " + shown(value));
      }
    }
  }

  /**
   * Checks a page request: present, with a cursor holder and a size from 1 to {@code maxSize}.
   *
   * @param page the page request
   * @param maxSize the largest page the access pattern allows
   * @return {@code page}
   * @throws InvalidInputException if it is not valid
   */
  public static PageRequest page(PageRequest page, int maxSize) {
    notNull("page", page);
    notNull("page.cursor", page.cursor());
    if (page.size() < 1 || page.size() > maxSize) {
      throw invalid("page size must be 1 to " + maxSize + ", was " + page.size());
    }
    return page;
  }

  /**
   * Checks that an argument is present.
   *
   * @param field the argument's name in the message
   * @param value the argument
   * @param <T> the argument's type
   * @return {@code value}
   * @throws InvalidInputException if it is not valid
   */
  public static <T> T notNull(String field, T value) {
    if (value == null) {
      throw invalid(field + " may not be null");
    }
    return value;
  }

  /**
   * Checks that a follow names two different users.
   *
   * @param follower the follower's handle
   * @param followed the followed user's handle
   * @throws InvalidInputException if it is not valid
   */
  public static void notSame(String follower, String followed) {
    if (follower.equals(followed)) {
      throw invalid("a user cannot follow or unfollow themselves: " + follower);
    }
  }

  /**
   * Checks that a block or unblock names two different users.
   *
   * @param blocker the blocker's handle
   * @param blocked the blocked user's handle
   * @throws InvalidInputException if both are the same user
   */
  public static void notSelf(String blocker, String blocked) {
    if (blocker.equals(blocked)) {
      throw invalid("a user cannot block or unblock themselves: " + blocker);
    }
  }

  static InvalidInputException invalid(String message) {
    return new InvalidInputException(message);
  }

  /** Long or hostile values are cut so that error messages stay readable. */
  static String shown(String value) {
    return value.length() > MAX_SHOWN
        ? '"' + value.substring(0, MAX_SHOWN) + "\"… (" + value.length() + " chars)"
        : '"' + value + '"';
  }
}
