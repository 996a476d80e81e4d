package io.quickphotos;

import java.time.LocalDate;
import java.util.Map;

/**
 * A user's profile as stored, with the follow counters the repository maintains and its
 * version.
 *
 * <p>The version is 0 for a profile as created and grows by one with the application's updates
 * of it ({@link QuickPhotos#updateProfile}); which updates advance it is stated once, under
 * Versions in {@link QuickPhotos}' Javadoc. An update may name the version it read
 * ({@link ProfileUpdate.Builder#expectedVersion}) and then fails with
 * {@link VersionConflictException}, writing nothing, if the profile has moved on since.
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
 * @param visibility whether the account is public or private
 * @param pendingRequests how many requests to follow the account await its approval; shown to
 *     the account itself (and in the trusted view), 0 in what a read for another viewer returns
 * @param version how many times the application changed the profile; 0 as created
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
    Map<String, AppValue> attributes,
    Visibility visibility,
    long pendingRequests,
    long version) {

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
   * @param visibility public or private
   * @param pendingRequests how many requests await approval
   * @param version how many times the application changed the profile
   * @throws NullPointerException if the attributes, or a name or value in them, or the
   *     visibility are null
   */
  public User {
    attributes = Photo.sorted(attributes);
    java.util.Objects.requireNonNull(visibility, "visibility");
  }

  /**
   * A public user without pending requests, as created: version 0, as users were before
   * accounts could be private.
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
   */
  public User(
      String username,
      String name,
      String email,
      LocalDate birthdate,
      String address,
      UserStatus status,
      long followers,
      long following,
      Map<String, AppValue> attributes) {
    this(
        username,
        name,
        email,
        birthdate,
        address,
        status,
        followers,
        following,
        attributes,
        Visibility.PUBLIC,
        0,
        0);
  }

  /**
   * This user as a viewer other than the account sees it: without the pending requests' count.
   *
   * @return the same user with {@code pendingRequests} 0
   */
  public User withoutPendingRequests() {
    return pendingRequests == 0
        ? this
        : new User(
            username,
            name,
            email,
            birthdate,
            address,
            status,
            followers,
            following,
            attributes,
            visibility,
            0,
            version);
  }

  /**
   * A public user without attributes, as users were before they could have them.
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
