package io.quickphotos;

import java.time.LocalDate;

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
 */
public record User(
    String username,
    String name,
    String email,
    LocalDate birthdate,
    String address,
    UserStatus status,
    long followers,
    long following) {

  @Override
  public String toString() {
    return "User<" + username + " -- " + name + ">";
  }
}
