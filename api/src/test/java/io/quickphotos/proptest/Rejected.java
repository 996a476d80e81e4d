package io.quickphotos.proptest;

/**
 * Thrown by a generator whose filter found no acceptable value, or by {@link Property#assume}:
 * the case is discarded, not failed.
 */
final class Rejected extends RuntimeException {
  private static final long serialVersionUID = 1L;

  Rejected(String message) {
    super(message, null, false, false);
  }
}
