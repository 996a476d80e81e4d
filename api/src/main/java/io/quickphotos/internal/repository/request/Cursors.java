package io.quickphotos.internal.repository.request;

import io.quickphotos.InvalidCursorException;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.repository.validation.Validation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Page cursors: a query's last evaluated key, bound to the listing it came from, as an opaque
 * URL-safe token. The token carries a version, a digest of the listing's identity (pattern,
 * partition, order), the key, and a checksum of all of that. Decoding checks each part and then
 * that the key lies inside the listing's key range, so a cursor can never read outside the
 * listing it came from. The checksum catches corruption and casual edits; it is not a secret
 * signature, and does not need to be, because the range check is what keeps reads in bounds.
 * Stateless and thread-safe.
 */
public final class Cursors {
  private static final byte VERSION = 1;
  private static final int DIGEST_BYTES = 8;
  private static final int MAX_CURSOR_CHARS = 8192;
  private static final int MAX_KEY_PART_BYTES = 1024;

  private Cursors() {}

  /**
   * Encodes the cursor of the page after {@code lastEvaluated}.
   *
   * @param listing the listing's identity, e.g. {@code followersOf|USER#alice}
   * @param lastEvaluated the key where the read stopped
   * @return the token
   */
  public static String encode(String listing, Key lastEvaluated) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      out.write(digest(listing.getBytes(StandardCharsets.UTF_8)));
      out.writeUTF(lastEvaluated.pk());
      out.writeUTF(lastEvaluated.sk());
      out.flush();
      byte[] body = bytes.toByteArray();
      out.write(digest(body));
      out.flush();
      return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Decodes a cursor and checks that it belongs to {@code plan}'s listing.
   *
   * @param listing the identity of the listing being read
   * @param cursor the token
   * @param plan the query the cursor continues
   * @return the key to start after
   * @throws InvalidCursorException if the token is malformed, altered, from another listing, or
   *     points outside the listing's key range
   */
  public static Key decode(String listing, String cursor, QueryPlan plan) {
    Key key;
    try {
      DataInputStream in =
          new DataInputStream(new ByteArrayInputStream(checkedBody(listing, cursor)));
      key = new Key(keyPart(in.readUTF()), keyPart(in.readUTF()));
      if (in.available() != 0) {
        throw new InvalidCursorException("cursor has trailing bytes");
      }
    } catch (IOException e) {
      throw new InvalidCursorException("cursor is truncated", e);
    }
    boolean inPartition = key.partitionOn(plan.index()).equals(plan.partitionValue());
    boolean inRange =
        plan.sortCondition().map(c -> c.matches(key.sortOn(plan.index()))).orElse(true);
    if (!inPartition || !inRange) {
      throw new InvalidCursorException("cursor points outside its listing");
    }
    return key;
  }

  /**
   * A key part as an engine can take it: not empty, no unpaired surrogate (which DynamoDB's
   * client would send as {@code ?}), at most 1,024 UTF-8 bytes (both attributes are a sort key
   * somewhere: {@code SK} on the table, {@code PK} on the index).
   */
  private static String keyPart(String part) {
    if (part.isEmpty() || Utf8.length(part) > MAX_KEY_PART_BYTES) {
      throw new InvalidCursorException("cursor holds a key part no table can hold");
    }
    for (int i = 0; i < part.length(); i++) {
      char c = part.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < part.length()
          && Character.isLowSurrogate(part.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new InvalidCursorException("cursor holds a malformed key part");
      }
    }
    return part;
  }

  // --- home feed positions ---------------------------------------------------------------------

  /** The most bytes a username takes in UTF-8: 64 code points of at most 4 bytes. */
  private static final int MAX_OWNER_BYTES = 4 * Validation.MAX_USERNAME;

  /**
   * Encodes a position in a merged listing (the home feed) rather than a key: the instant and
   * owner of the last photo on the page. The token has the same frame as a key cursor (version,
   * listing digest, body, checksum), so each kind of cursor is refused by the other's listings;
   * its body is the instant (seconds and nanoseconds, 12 bytes) and the owner's handle in UTF-8
   * (at most 256 bytes). Worst case 287 bytes, 383 characters.
   *
   * @param listing the listing's identity, e.g. {@code homeFeed|USER#alice}
   * @param position the last photo of the page
   * @return the token
   */
  public static String encodePosition(String listing, io.quickphotos.PhotoId position) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      out.write(digest(listing.getBytes(StandardCharsets.UTF_8)));
      out.writeLong(position.timestamp().getEpochSecond());
      out.writeInt(position.timestamp().getNano());
      byte[] owner = position.owner().getBytes(StandardCharsets.UTF_8);
      out.writeShort(owner.length);
      out.write(owner);
      out.flush();
      byte[] body = bytes.toByteArray();
      out.write(digest(body));
      out.flush();
      return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Decodes a cursor made by {@link #encodePosition} and checks that it belongs to the listing
   * and holds a position a photo can have: a valid handle and an instant in years 1 to 9999.
   *
   * @param listing the identity of the listing being read
   * @param cursor the token
   * @return the position to continue after
   * @throws InvalidCursorException if the token is malformed, altered, from another listing, or
   *     holds no valid position
   */
  public static io.quickphotos.PhotoId decodePosition(String listing, String cursor) {
    DataInputStream in =
        new DataInputStream(new ByteArrayInputStream(checkedBody(listing, cursor)));
    try {
      long seconds = in.readLong();
      int nanos = in.readInt();
      int ownerLength = in.readUnsignedShort();
      if (nanos < 0 || nanos > 999_999_999 || ownerLength == 0 || ownerLength > MAX_OWNER_BYTES) {
        throw new InvalidCursorException("cursor holds no valid feed position");
      }
      byte[] ownerBytes = in.readNBytes(ownerLength);
      if (ownerBytes.length != ownerLength) {
        throw new InvalidCursorException("cursor is truncated");
      }
      if (in.available() != 0) {
        throw new InvalidCursorException("cursor has trailing bytes");
      }
      String owner =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
              .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
              .decode(java.nio.ByteBuffer.wrap(ownerBytes))
              .toString();
      java.time.Instant timestamp = java.time.Instant.ofEpochSecond(seconds, nanos);
      Validation.username("cursor owner", owner);
      Validation.timestamp("cursor timestamp", timestamp);
      return new io.quickphotos.PhotoId(owner, timestamp);
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new InvalidCursorException("cursor holds a malformed handle", e);
    } catch (IOException e) {
      throw new InvalidCursorException("cursor is truncated", e);
    } catch (java.time.DateTimeException | ArithmeticException e) {
      throw new InvalidCursorException("cursor holds no valid instant", e);
    } catch (io.quickphotos.InvalidInputException e) {
      if (e instanceof InvalidCursorException cursorError) {
        throw cursorError;
      }
      throw new InvalidCursorException("cursor holds no valid feed position: " + e.getMessage(), e);
    }
  }

  /**
   * The body of a cursor after its version and listing digest, once its length, encoding,
   * checksum, version and listing have been checked.
   */
  private static byte[] checkedBody(String listing, String cursor) {
    if (cursor.isEmpty() || cursor.length() > MAX_CURSOR_CHARS) {
      throw new InvalidCursorException("cursor is empty or too long to be one of ours");
    }
    byte[] raw;
    try {
      raw = Base64.getUrlDecoder().decode(cursor);
    } catch (IllegalArgumentException e) {
      throw new InvalidCursorException("cursor is not URL-safe base64", e);
    }
    if (raw.length < 1 + 2 * DIGEST_BYTES) {
      throw new InvalidCursorException("cursor is too short to be one of ours");
    }
    byte[] body = Arrays.copyOf(raw, raw.length - DIGEST_BYTES);
    byte[] checksum = Arrays.copyOfRange(raw, raw.length - DIGEST_BYTES, raw.length);
    if (!MessageDigest.isEqual(checksum, digest(body))) {
      throw new InvalidCursorException("cursor was altered or corrupted");
    }
    if (body[0] != VERSION) {
      throw new InvalidCursorException("cursor has an unknown version");
    }
    byte[] listingDigest = Arrays.copyOfRange(body, 1, 1 + DIGEST_BYTES);
    if (!MessageDigest.isEqual(listingDigest, digest(listing.getBytes(StandardCharsets.UTF_8)))) {
      throw new InvalidCursorException("cursor belongs to another listing");
    }
    return Arrays.copyOfRange(body, 1 + DIGEST_BYTES, body.length);
  }

  private static byte[] digest(byte[] data) {
    try {
      return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(data), DIGEST_BYTES);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
