package io.quickphotos.spring.boot;

import java.util.function.Supplier;

/** A property's value checked by the builder's own rule, failing with the property's name. */
final class Checks {
  private Checks() {}

  /**
   * Makes what a property gives, turning the builder's refusal into a failure that names it.
   *
   * @param property the property's full name
   * @param value its value, for the message
   * @param allowed what it may be, for the action
   * @param make what checks it (a setting's factory or a builder's method)
   * @return what {@code make} returned
   * @throws QuickPhotosStartupException if {@code make} refused the value
   */
  static <T> T property(String property, Object value, String allowed, Supplier<T> make) {
    try {
      return make.get();
    } catch (IllegalArgumentException e) {
      throw QuickPhotosStartupException.invalidProperty(
          property, value, e.getMessage(), allowed, e);
    }
  }
}
