package io.quickphotos;

/** Whether a user's account is in use. */
public enum UserStatus {
  /** The account is in use. */
  ACTIVE,
  /** The account is kept but not in use. */
  INACTIVE
}
