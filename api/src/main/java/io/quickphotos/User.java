package io.quickphotos;

import java.time.LocalDate;
import java.util.Map;

/**
 * A user's profile as stored, with the follow counters the repository maintains.
 *
 * @param username the unique, immutable handle
 * @param name the display name
 * @param email the contact address
 * @param birthdate the date of birth
 * @param address the postal address; may be empty
 * @param status whether the account is in use
 * @param followers how many users follow this one
 * @param following how many users this one follows
 * @param attributes the application's own attributes, by name (sorted); empty if none
 */
public record User(
    String username,
    String name,
    String email,
    LocalDate birthdate,
    String address,
    UserStatus status,
    long followers,
    long following,
    Map<String, AppValue> attributes) {

  /**
   * Creates a user record; the attributes are copied.
   *
   * @param username the unique, immutable handle
   * @param name the display name
   * @param email the contact address
   * @param birthdate the date of birth
   * @param address the postal address
   * @param status whether the account is in use
   * @param followers how many users follow this one
   * @param following how many users this one follows
   * @param attributes the application's attributes
   * @throws NullPointerException if the attributes, or a name or value in them, are null
   */
  public User {
    attributes = Photo.sorted(attributes);
  }

  /**
   * A user without attributes, as users were before they could have them.
   *
   * @param username the unique, immutable handle
   * @param name the display name
   * @param email the contact address
   * @param birthdate the date of birth
   * @param address the postal address
   * @param status whether the account is in use
   * @param followers how many users follow this one
   * @param following how many users this one follows
   */
  public User(
      String username,
      String name,
      String email,
      LocalDate birthdate,
      String address,
      UserStatus status,
      long followers,
      long following) {
    this(username, name, email, birthdate, address, status, followers, following, Map.of());
  }

  @Override
  public String toString() {
    return "User<" + username + " -- " + name + ">";
  }
}
