package io.quickphotos.internal.singletable.layout;

import io.quickphotos.ActivityKind;
import io.quickphotos.engine.Key;
import java.time.Instant;

/**
 * The keys of the activity inbox, beside {@link KeyLayout}'s (which holds the other entities'):
 *
 * <pre>
 * Entity        PK               SK
 * Entry         INBOX#&lt;user&gt;     A#&lt;timestamp&gt;#&lt;kind&gt;#&lt;actor&gt;[#&lt;type&gt;#&lt;photo timestamp&gt;]
 * Pulled mark   INBOX#&lt;author&gt;   C                      (the author's new photos are pulled)
 * Pull mark     INBOX#&lt;user&gt;     P#&lt;author&gt;             (the user pulls the author's new photos)
 * Read mark     INBOX#&lt;user&gt;     R                      (readUpTo)
 * </pre>
 *
 * <p>A user's inbox is one partition, its entries sorted by time, so a page is one Query read
 * backwards; the marks sort after every entry ({@code A#} &lt; {@code C} &lt; {@code P#} &lt;
 * {@code R}), so one Query of what is above the entries reads them all. An entry's key is made of
 * its event, so the same event delivered twice is the same item; a new photo's entry needs no
 * photo part (its actor is the author, its time the photo's). Stateless and thread-safe.
 */
public final class InboxKeys {
  /** Prefix of an inbox's partition key. */
  public static final String INBOX = "INBOX#";

  /** Prefix of every entry's sort key. */
  public static final String ENTRY = "A#";

  /** Above every entry's sort key and below every mark's (timestamps are digits). */
  public static final String AFTER_ENTRIES = "A#~";

  /** Sort key of the mark saying an author's new photos are pulled at read time. */
  public static final String PULLED = "C";

  /** Prefix of a pull mark's sort key: the author whose new photos the inbox's owner pulls. */
  public static final String PULL = "P#";

  /** Sort key of an inbox's read mark. */
  public static final String READ = "R";

  private InboxKeys() {}

  /**
   * The partition key of a user's inbox.
   *
   * @param user the inbox's owner
   * @return {@code INBOX#<user>}
   */
  public static String inbox(String user) {
    return INBOX + user;
  }

  /**
   * The sort key of an entry.
   *
   * @param kind what happened
   * @param actor who did it
   * @param at when
   * @param reaction the reaction's stored type name, for a reaction (else null)
   * @param photo the photo's time, for a reaction (else null)
   * @return {@code A#<timestamp>#<kind letter>#<actor>[#<type>#<photo timestamp>]}
   */
  public static String entry(
      ActivityKind kind, String actor, Instant at, String reaction, Instant photo) {
    String head = ENTRY + KeyLayout.timestamp(at) + "#" + letter(kind) + "#" + actor;
    return reaction == null ? head : head + "#" + reaction + "#" + KeyLayout.timestamp(photo);
  }

  /**
   * The lowest sort key of an entry at or after a time: where a read of what came after starts.
   *
   * @param at the time
   * @return {@code A#<timestamp>}
   */
  public static String entriesFrom(Instant at) {
    return ENTRY + KeyLayout.timestamp(at);
  }

  /**
   * Above every entry's sort key at a time: the bound of a read of what came after it.
   *
   * @param at the time
   * @return {@code A#<timestamp>#~} (kind letters are below {@code ~})
   */
  public static String entriesAfter(Instant at) {
    return ENTRY + KeyLayout.timestamp(at) + "#~";
  }

  /**
   * The key of an inbox's read mark.
   *
   * @param user the inbox's owner
   * @return {@code INBOX#<user>}, {@code R}
   */
  public static Key readMark(String user) {
    return new Key(inbox(user), READ);
  }

  /**
   * The key of an author's pulled mark.
   *
   * @param author the author whose new photos are pulled
   * @return {@code INBOX#<author>}, {@code C}
   */
  public static Key pulled(String author) {
    return new Key(inbox(author), PULLED);
  }

  /**
   * The key of a pull mark.
   *
   * @param user the follower who pulls
   * @param author the author pulled
   * @return {@code INBOX#<user>}, {@code P#<author>}
   */
  public static Key pull(String user, String author) {
    return new Key(inbox(user), PULL + author);
  }

  private static char letter(ActivityKind kind) {
    return switch (kind) {
      case FOLLOWED -> 'F';
      case REQUESTED -> 'Q';
      case APPROVED -> 'P';
      case REACTED -> 'R';
      case NEW_PHOTO -> 'N';
    };
  }
}
