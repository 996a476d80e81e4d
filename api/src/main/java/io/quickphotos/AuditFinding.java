package io.quickphotos;

import java.util.Objects;

/**
 * One thing {@link QuickPhotos#audit} found wrong in a table, and whether it mended it.
 *
 * @param kind what is wrong
 * @param subject the item it concerns, e.g. {@code photo ann@2024-02-02T10:00:00Z}
 * @param detail what was seen, e.g. {@code heart: counter 1, reaction items 0}
 * @param fixed true if the audit mended it (only with {@code fix}); false if it only reports it
 */
public record AuditFinding(Kind kind, String subject, String detail, boolean fixed) {
  /**
   * Checks the components.
   *
   * @param kind the record component of that name, as described above
   * @param subject the record component of that name, as described above
   * @param detail the record component of that name, as described above
   * @param fixed the record component of that name, as described above
   * @throws NullPointerException if a component is null
   */
  public AuditFinding {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(detail, "detail");
  }

  /** What an audit can find. */
  public enum Kind {
    /** A counter ({@code followers}, {@code following}, a photo's reactions) unequal to its items. */
    COUNTER_MISMATCH,
    /** A photo, reaction or friendship that refers to a user who does not exist. */
    MISSING_USER,
    /** A reaction on a photo that does not exist. */
    MISSING_PHOTO,
    /** A deletePhoto or deleteUser that began (the photo or account is marked) and has not ended. */
    UNFINISHED_DELETE,
    /**
     * An item of the hybrid feed that nothing will remove or use: an audience item without its
     * timeline follow, a timeline entry of a user or photo that is gone, or a timeline follow of
     * the version before windows were recorded (read by fan-out on read, its audience item
     * counted by nothing).
     */
    FAN_OUT_LEFTOVER,
    /**
     * A timeline follow whose reader's timeline does not hold what the follow says it holds: a
     * photo of the window missing, or the audience item through which uploads reach it.
     */
    TIMELINE_GAP,
    /** An upload's fan-out to its author's audience that began and has not ended. */
    UNFINISHED_FAN_OUT,
    /**
     * A follow or a pending request between two users one of whom blocked the other: a block cut
     * short left it ({@code docs/privacy.md}).
     */
    BLOCKED_RELATION,
    /**
     * A switch of visibility that began and has not ended: a public account with requests still
     * pending (its approvals were cut short), or a private account still sharded (its fold was).
     */
    UNFINISHED_SWITCH,
    /** A pending request's item without its place in the account's queue, or the reverse. */
    PRIVACY_LEFTOVER
  }

  @Override
  public String toString() {
    return kind + " " + subject + ": " + detail + (fixed ? " (fixed)" : "");
  }
}
