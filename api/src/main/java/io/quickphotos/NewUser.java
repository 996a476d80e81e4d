package io.quickphotos;

import java.time.LocalDate;
import java.util.Map;

/**
 * What it takes to create a user; the follow counters start at zero, the account public unless
 * {@code visibility} says otherwise.
 *
 * <p>Limits (checked by the repository, which throws {@link InvalidInputException}): the username
 * is 1 to 64 letters, digits, {@code .}, {@code _} or {@code -}; the name is 1 to 256 characters;
 * the email 3 to 254 characters with an {@code @}; the address at most 1024 characters; the
 * birthdate between year 1 and today (UTC, plus one day for time zones ahead of UTC); status not
 * {@link UserStatus#CLOSING}, which only {@link QuickPhotos#deleteUser} sets. No text may contain
 * control characters. The application's attributes follow the rules of {@link NewPhoto}'s: names
 * of 1 to 64 ASCII letters, digits, {@code _} and {@code -}, starting with a letter, values as
 * {@link AppValue} says, all of them together at most {@value AppValue#MAX_ATTRIBUTES_BYTES}
 * bytes as DynamoDB counts them.
 *
 * @param username the unique handle, part of every key of the user's items
 * @param name the display name
 * @param email the contact address
 * @param birthdate the date of birth
 * @param address the postal address; may be empty, not null
 * @param status whether the account is in use
 * @param attributes the application's own attributes, by name; may be empty, not null
 * @param visibility whether the account is public or private ({@code docs/privacy.md})
 */
public record NewUser(
    String username,
    String name,
    String email,
    LocalDate birthdate,
    String address,
    UserStatus status,
    Map<String, AppValue> attributes,
    Visibility visibility) {

  /**
   * Creates a new user; the attributes are copied (nulls and all: the call judges them).
   *
   * @param username the unique handle
   * @param name the display name
   * @param email the contact address
   * @param birthdate the date of birth
   * @param address the postal address
   * @param status whether the account is in use
   * @param attributes the application's attributes
   * @param visibility public or private; not null (the call judges it)
   */
  public NewUser {
    attributes = NewPhoto.copy(attributes);
  }

  /**
   * A new public user.
   *
   * @param username the unique handle, part of every key of the user's items
   * @param name the display name
   * @param email the contact address
   * @param birthdate the date of birth
   * @param address the postal address; may be empty, not null
   * @param status whether the account is in use
   * @param attributes the application's own attributes, by name; may be empty, not null
   */
  public NewUser(
      String username,
      String name,
      String email,
      LocalDate birthdate,
      String address,
      UserStatus status,
      Map<String, AppValue> attributes) {
    this(username, name, email, birthdate, address, status, attributes, Visibility.PUBLIC);
  }

  /**
   * A new public user without attributes.
   *
   * @param username the unique handle, part of every key of the user's items
   * @param name the display name
   * @param email the contact address
   * @param birthdate the date of birth
   * @param address the postal address; may be empty, not null
   * @param status whether the account is in use
   */
  public NewUser(
      String username,
      String name,
      String email,
      LocalDate birthdate,
      String address,
      UserStatus status) {
    this(username, name, email, birthdate, address, status, Map.of(), Visibility.PUBLIC);
  }
}
