package io.quickphotos;

/**
 * What happened to a user, as their activity inbox tells it ({@link QuickPhotos#activity}).
 * Each kind names who did it ({@link Activity#actors()}) and, where there is one, the photo.
 */
public enum ActivityKind {
  /** Someone followed you: a follow of your public account. */
  FOLLOWED,
  /** Someone asked to follow your private account, and the request is still pending. */
  REQUESTED,
  /** A private account approved your request: you follow it now. */
  APPROVED,
  /** Someone reacted to one of your photos; the activity names the photo and the types. */
  REACTED,
  /** Someone you follow uploaded a photo; the activity names the newest. */
  NEW_PHOTO
}
