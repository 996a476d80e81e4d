package io.quickphotos.conformance;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import java.util.function.Supplier;

/**
 * What one call did: returned a value or threw. Two engines agree on a call when both returned
 * equal values or both threw the same exception class with the same {@link #detail()}.
 *
 * @param value the returned value, null if the call threw
 * @param error the exception class, null if the call returned
 * @param message the exception message, for reports
 * @param detail what an application reads off the exception besides its class: its kind, the
 *     identifiers it concerns and, when unavailable, why and what was written; null if the call
 *     returned
 * @param <T> the value type
 */
record Outcome<T>(T value, Class<? extends RuntimeException> error, String message, String detail) {

  static <T> Outcome<T> of(Supplier<T> call) {
    try {
      return new Outcome<>(call.get(), null, null, null);
    } catch (QuickPhotosException e) {
      return new Outcome<>(null, e.getClass(), e.getMessage(), detail(e));
    }
  }

  static String detail(QuickPhotosException e) {
    String detail = e.kind() + " " + e.identifiers();
    return e instanceof ServiceUnavailableException unavailable
        ? detail + " " + unavailable.reason() + " " + unavailable.written()
        : detail;
  }

  boolean failed() {
    return error != null;
  }

  @Override
  public String toString() {
    return failed() ? error.getSimpleName() + ": " + message : String.valueOf(value);
  }
}
