package io.quickphotos;

/** Whether a user's account is in use. */
public enum UserStatus {
  /** The account is in use. */
  ACTIVE,
  /** The account is kept but not in use. */
  INACTIVE,
  /**
   * The account is being closed: {@link QuickPhotos#deleteUser} has begun and not finished. Reads
   * still show the profile with this status until the cascade removes it; every write involving
   * the user fails as if the user did not exist. Set only by {@code deleteUser}: creating or
   * updating a user with this status is invalid input.
   */
  CLOSING
}
