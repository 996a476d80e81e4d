package io.quickphotos.engine;

/**
 * UTF-8 facts DynamoDB's key ordering and size limits are defined in. Thread-safe, stateless.
 */
public final class Utf8 {
  private Utf8() {}

  /**
   * The number of bytes {@code s} takes in UTF-8, without encoding it. An unpaired surrogate
   * counts as the three bytes of its replacement character.
   *
   * @param s the text
   * @return its UTF-8 length in bytes
   */
  public static int length(CharSequence s) {
    int bytes = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /**
   * Compares two strings in the order DynamoDB sorts string keys: unsigned UTF-8 bytes, which is
   * Unicode code-point order. Unlike {@link String#compareTo}, a supplementary character (U+10000
   * and up) sorts after every character of the Basic Multilingual Plane, U+E000–U+FFFF included.
   *
   * @param a one string
   * @param b another string
   * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
   */
  public static int compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        // At the first differing UTF-16 unit, code-point order differs from unit order only
        // when one side is a surrogate (part of a supplementary character) and the other is a
        // unit at or above U+E000: surrogates must then sort last.
        boolean sa = Character.isSurrogate(ca);
        boolean sb = Character.isSurrogate(cb);
        if (sa != sb) {
          return sa ? 1 : -1;
        }
        return ca - cb;
      }
    }
    return a.length() - b.length();
  }
}
