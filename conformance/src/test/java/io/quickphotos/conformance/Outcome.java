package io.quickphotos.conformance;

import io.quickphotos.QuickPhotosException;
import java.util.function.Supplier;

/**
 * What one call did: returned a value or threw. Two engines agree on a call when both returned
 * equal values or both threw the same exception class.
 *
 * @param value the returned value, null if the call threw
 * @param error the exception class, null if the call returned
 * @param message the exception message, for reports
 * @param <T> the value type
 */
record Outcome<T>(T value, Class<? extends RuntimeException> error, String message) {

  static <T> Outcome<T> of(Supplier<T> call) {
    try {
      return new Outcome<>(call.get(), null, null);
    } catch (QuickPhotosException e) {
      return new Outcome<>(null, e.getClass(), e.getMessage());
    }
  }

  boolean failed() {
    return error != null;
  }

  @Override
  public String toString() {
    return failed() ? error.getSimpleName() + ": " + message : String.valueOf(value);
  }
}
