package io.quickphotos.internal.repository;

import io.quickphotos.AppValue;
import io.quickphotos.AttributeChange;
import io.quickphotos.Follow;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.Reaction;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.AttributeEdits;
import io.quickphotos.internal.singletable.ItemCodec;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Checks every argument before a request is made, so bad input fails the same way on every
 * backend and writes nothing. The rules keep key parts from breaking the layout (no {@code #},
 * no control characters) and keep every item far below DynamoDB's 400 KB.
 *
 * <p>Public for the benchmarks' collections baseline, which checks its arguments with this very
 * code rather than a copy that could drift or be cheaper. Stateless and thread-safe.
 */
public final class Validation {
  static final int MAX_USERNAME = 64;
  static final int MAX_NAME = 256;
  static final int MAX_EMAIL = 254;
  static final int MAX_ADDRESS = 1024;
  static final int MAX_LOCATION = 2048;
  static final int MAX_ATTRIBUTE_NAME = 64;
  static final int MAX_MAP_KEY = 255;

  /** DynamoDB keeps numbers of at most 38 significant digits. */
  private static final int MAX_DIGITS = 38;

  /** DynamoDB's number range: magnitudes 1E-130 to under 1E+126 (and zero). */
  private static final int MIN_EXPONENT = -130;

  private static final int MAX_EXPONENT = 125;
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

  static String text(String field, String value, int min, int max) {
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

  static String email(String value) {
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
  static LocalDate birthdate(LocalDate value, LocalDate todayUtc) {
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
  static UserStatus status(UserStatus status) {
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
    attributes("user", user.attributes());
    return user;
  }

  static ProfileUpdate profileUpdate(ProfileUpdate update, LocalDate todayUtc) {
    notNull("update", update);
    notNull("update.name", update.name());
    notNull("update.email", update.email());
    notNull("update.birthdate", update.birthdate());
    notNull("update.address", update.address());
    notNull("update.status", update.status());
    notNull("update.attributes", update.attributes());
    if (update.isEmpty()) {
      throw invalid("a profile update must change at least one field");
    }
    update.name().ifPresent(v -> text("name", v, 1, MAX_NAME));
    update.email().ifPresent(Validation::email);
    update.birthdate().ifPresent(v -> birthdate(v, todayUtc));
    update.address().ifPresent(v -> text("address", v, 0, MAX_ADDRESS));
    update.status().ifPresent(Validation::status);
    update.attributes().ifPresent(v -> attributes("user", v));
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
    attributes("photo", photo.attributes());
    return photo;
  }

  static PhotoEdit photoEdit(PhotoEdit edit) {
    notNull("edit", edit);
    notNull("edit.caption", edit.caption());
    notNull("edit.attributes", edit.attributes());
    if (edit.isEmpty()) {
      throw invalid("a photo edit must change the caption, the attributes or both");
    }
    edit.caption().ifPresent(Validation::caption);
    edit.attributes().ifPresent(v -> attributes("photo", v));
    return edit;
  }

  /**
   * A caption: at most {@link NewPhoto#MAX_CAPTION} characters, line breaks and tabs allowed,
   * other control characters and unpaired surrogates not; empty means none.
   */
  static String caption(String value) {
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
   * An application's attributes of a photo or profile: valid names, valid values, and all of
   * them together within {@link AppValue#MAX_ATTRIBUTES_BYTES} as DynamoDB counts them in the
   * item (the map that holds them with its name).
   *
   * @param entity "photo" or "user", for the messages
   * @param attributes the attributes
   */
  static Map<String, AppValue> attributes(String entity, Map<String, AppValue> attributes) {
    notNull(entity + " attributes", attributes);
    if (attributes.isEmpty()) {
      return attributes;
    }
    String largest = null;
    int largestBytes = 0;
    for (Map.Entry<String, AppValue> e : attributes.entrySet()) {
      String name = attributeName(entity, e.getKey());
      String field = entity + " attribute '" + name + "'";
      appValue(field, e.getValue(), 1);
      // What the attribute adds to the map that holds it: its name, its value and one byte.
      int bytes = Utf8.length(name) + ItemCodec.value(e.getValue()).size() + 1;
      if (bytes > largestBytes) {
        largest = name;
        largestBytes = bytes;
      }
    }
    Value.MapValue stored = ItemCodec.appAttributes(attributes);
    int total = Utf8.length(ItemCodec.APP) + stored.size();
    if (total > AppValue.MAX_ATTRIBUTES_BYTES) {
      throw invalid(
          String.format(
              java.util.Locale.ROOT,
              "%s attributes take %,d bytes as DynamoDB counts them, over the %,d they may take"
                  + " together; the largest is '%s', %,d bytes",
              entity,
              total,
              AppValue.MAX_ATTRIBUTES_BYTES,
              largest,
              largestBytes));
    }
    return attributes;
  }

  /**
   * An edit's single-attribute changes and the version it names: each change's name, key and
   * values as whole attributes are judged ({@link #attributes}); no two changes of one attribute
   * (or of an attribute and a key inside it), as DynamoDB refuses overlapping paths; no changes
   * beside a replacement of all attributes; an append of at least one value; and all of them
   * together adding at most what the attributes may take (a larger edit could never fit). The
   * version, if named, is 0 or more.
   *
   * @param entity "photo" or "user", for the messages
   * @param changes the changes, possibly empty
   * @param replacement the edit's replacement of all attributes, if any
   * @param expectedVersion the version the edit names, if any
   */
  static void edits(
      String entity,
      List<AttributeChange> changes,
      Optional<Map<String, AppValue>> replacement,
      OptionalLong expectedVersion) {
    notNull(entity + " edit's version", expectedVersion);
    if (expectedVersion.isPresent() && expectedVersion.getAsLong() < 0) {
      throw invalid(
          entity + " edit's expected version must be 0 or more: " + expectedVersion.getAsLong());
    }
    notNull(entity + " attribute changes", changes);
    if (changes.isEmpty()) {
      return;
    }
    if (replacement.isPresent()) {
      throw invalid(
          "an edit replaces all "
              + entity
              + " attributes or changes single ones, not both: "
              + changes.size()
              + " change(s) beside a replacement");
    }
    Set<String> whole = new HashSet<>();
    Set<String> keyed = new HashSet<>();
    for (AttributeChange change : changes) {
      if (change == null) {
        throw invalid(entity + " attribute change may not be null");
      }
      String name = attributeName(entity, change.name());
      notNull(entity + " attribute '" + name + "' key", change.key());
      String field = entity + " attribute '" + name + "'";
      int depth = 1;
      if (change.key().isPresent()) {
        String key = change.key().get();
        text(field + " key", key, 1, MAX_MAP_KEY);
        field = entity + " attribute '" + name + "." + key + "'";
        depth = 2;
        if (whole.contains(name) || !keyed.add(name + "." + key)) {
          throw overlapping(entity, name);
        }
        keyed.add(name);
      } else if (keyed.contains(name) || !whole.add(name)) {
        throw overlapping(entity, name);
      }
      if (change instanceof AttributeChange.Set set) {
        appValue(field, set.value(), depth);
      } else if (change instanceof AttributeChange.Append append) {
        notNull(field + " values", append.values());
        if (append.values().isEmpty()) {
          throw invalid(field + ": an append needs at least one value");
        }
        for (int i = 0; i < append.values().size(); i++) {
          appValue(field + "[" + i + "]", append.values().get(i), depth + 1);
        }
      } else if (change instanceof AttributeChange.Add add) {
        number(field + " amount", add.amount());
      }
    }
    // The map and its name take 6 bytes: an edit adding more than the rest can never fit.
    long charge = AttributeEdits.charge(changes);
    long room = AppValue.MAX_ATTRIBUTES_BYTES - Utf8.length(ItemCodec.APP) - 3L;
    if (charge > room) {
      throw invalid(
          String.format(
              java.util.Locale.ROOT,
              "%s attribute changes may add up to %,d bytes as DynamoDB counts them, over the"
                  + " %,d all attributes may take together",
              entity,
              charge,
              AppValue.MAX_ATTRIBUTES_BYTES));
    }
  }

  private static InvalidInputException overlapping(String entity, String name) {
    return invalid(
        "an edit changes "
            + entity
            + " attribute '"
            + name
            + "' (or a key inside it) once: two changes of it overlap");
  }

  /** 1 to 64 ASCII letters, digits, '_' and '-', starting with a letter. */
  private static String attributeName(String entity, String name) {
    if (name == null) {
      throw invalid(entity + " attribute name may not be null");
    }
    boolean valid = !name.isEmpty() && name.length() <= MAX_ATTRIBUTE_NAME && isLetter(name, 0);
    for (int i = 1; valid && i < name.length(); i++) {
      char c = name.charAt(i);
      valid = isLetter(name, i) || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
    if (!valid) {
      throw invalid(
          entity
              + " attribute name must be 1 to "
              + MAX_ATTRIBUTE_NAME
              + " ASCII letters, digits, '_' or '-', starting with a letter: "
              + shown(name));
    }
    return name;
  }

  private static boolean isLetter(String name, int at) {
    char c = name.charAt(at);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** One application value, {@code depth} lists and maps deep, named by {@code field}. */
  private static void appValue(String field, AppValue value, int depth) {
    if (value == null) {
      throw invalid(field + " may not be null");
    }
    if (value instanceof AppValue.Text text) {
      notNull(field, text.value());
      freeText(field, text.value());
    } else if (value instanceof AppValue.Num number) {
      number(field, number.value());
    } else if (value instanceof AppValue.ListOf list) {
      notNull(field, list.values());
      nesting(field, depth);
      List<AppValue> elements = list.values();
      for (int i = 0; i < elements.size(); i++) {
        appValue(field + "[" + i + "]", elements.get(i), depth + 1);
      }
    } else if (value instanceof AppValue.MapOf map) {
      notNull(field, map.values());
      nesting(field, depth);
      for (Map.Entry<String, AppValue> e : map.values().entrySet()) {
        String key = e.getKey();
        if (key == null) {
          throw invalid(field + " may not hold a null key");
        }
        text(field + " key", key, 1, MAX_MAP_KEY);
        appValue(field + "." + key, e.getValue(), depth + 1);
      }
    }
  }

  private static void nesting(String field, int depth) {
    if (depth > AppValue.MAX_DEPTH) {
      throw invalid(field + " nests lists and maps more than " + AppValue.MAX_DEPTH + " deep");
    }
  }

  /** A number DynamoDB can store: at most 38 significant digits, magnitude in its range. */
  private static void number(String field, BigDecimal value) {
    notNull(field, value);
    if (value.signum() == 0) {
      return;
    }
    if (value.precision() > MAX_DIGITS) {
      throw invalid(
          field
              + " has "
              + value.precision()
              + " significant digits; DynamoDB keeps at most "
              + MAX_DIGITS
              + ": "
              + value.toString());
    }
    // The power of ten of the leading digit: 1E+125 is 125, 0.001 is -3.
    long exponent = (long) value.precision() - value.scale() - 1;
    if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
      throw invalid(
          field
              + " is out of DynamoDB's range (magnitudes 1E-130 to under 1E+126): "
              + value.toString());
    }
  }

  /**
   * Text DynamoDB stores as given: no control characters but tab, line feed and carriage return
   * (which captions and application text may hold), and no unpaired surrogates, which UTF-8
   * cannot carry (the AWS SDK would send a {@code ?} and the backends would disagree).
   */
  private static void freeText(String field, String value) {
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
   * A snapshot is valid when every record is, every reference points inside it, and no two
   * records share a key (which BatchWriteItem would refuse, or silently collapse across batches).
   */
  static Snapshot snapshot(Snapshot snapshot, LocalDate todayUtc) {
    notNull("snapshot", snapshot);
    Set<String> users = new HashSet<>();
    for (NewUser user : snapshot.users()) {
      newUser(user, todayUtc);
      if (!users.add(user.username())) {
        throw invalid("the snapshot holds user " + user.username() + " twice");
      }
    }
    Set<PhotoId> photos = new HashSet<>();
    for (NewPhoto photo : snapshot.photos()) {
      notNull("photo", photo);
      known(users, "photo owner", username("photo owner", photo.owner()));
      timestamp("photo timestamp", photo.timestamp());
      location(photo.location());
      caption(photo.caption());
      attributes("photo", photo.attributes());
      if (!photos.add(photo.id())) {
        throw invalid("the snapshot holds photo " + photo.id() + " twice");
      }
    }
    Set<Follow> follows = new HashSet<>();
    for (Follow follow : snapshot.follows()) {
      notNull("follow", follow);
      known(users, "follower", username("follower", follow.follower()));
      known(users, "followed", username("followed", follow.followed()));
      notSame(follow.follower(), follow.followed());
      timestamp("follow time", follow.since());
      if (!follows.add(new Follow(follow.follower(), follow.followed(), Instant.EPOCH))) {
        throw invalid("the snapshot holds " + follow + " twice");
      }
    }
    Set<Reaction> reactions = new HashSet<>();
    for (Reaction reaction : snapshot.reactions()) {
      notNull("reaction", reaction);
      known(users, "reactor", username("reactor", reaction.reactor()));
      photoId(reaction.photo());
      if (!photos.contains(reaction.photo())) {
        throw invalid("reaction to photo " + reaction.photo() + ", which the snapshot lacks");
      }
      notNull("reaction type", reaction.type());
      timestamp("reaction time", reaction.timestamp());
      if (!reactions.add(
          new Reaction(reaction.reactor(), reaction.photo(), reaction.type(), Instant.EPOCH))) {
        throw invalid("the snapshot holds " + reaction + " twice");
      }
    }
    return snapshot;
  }

  private static void known(Set<String> users, String field, String username) {
    if (!users.contains(username)) {
      throw invalid(field + " " + username + " is not among the snapshot's users");
    }
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

  private static InvalidInputException invalid(String message) {
    return new InvalidInputException(message);
  }

  /** Long or hostile values are cut so that error messages stay readable. */
  private static String shown(String value) {
    return value.length() > MAX_SHOWN
        ? '"' + value.substring(0, MAX_SHOWN) + "\"… (" + value.length() + " chars)"
        : '"' + value + '"';
  }
}
