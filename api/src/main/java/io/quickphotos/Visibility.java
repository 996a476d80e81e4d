package io.quickphotos;

/**
 * Who may see an account's photos, their reactions and its relations: everyone, or the account
 * and its approved followers. Set at creation ({@link NewUser}) and changed by
 * {@link QuickPhotos#updateProfile}; the rules are in {@code docs/privacy.md}.
 */
public enum Visibility {
  /** Everyone may see the account, and following it is a follow. */
  PUBLIC,
  /**
   * Only the account and its approved followers see its photos, their reactions and its
   * relations; following it makes a request that the account approves or declines. The profile
   * itself stays visible to everyone it has not blocked.
   */
  PRIVATE
}
