package io.quickphotos.spring.boot;

import java.util.Objects;

/**
 * Why the application cannot start with quickphotos as it is deployed, and what to change: a
 * {@code quickphotos.*} property out of range or contradicting another, no AWS region, no
 * credentials, the table missing or a permission denied. The starter throws it while it builds
 * its beans, so the context fails at once instead of every call failing later, and
 * {@link QuickPhotosFailureAnalyzer} prints its {@link #description()} and {@link #action()} as
 * Spring Boot's failure analysis ("Description: ... Action: ..."). The action names the property
 * or the environment setting to fix; the cause, when there is one, is the exception that
 * revealed the problem (the SDK's, or the repository's {@code TableConfigurationException}).
 *
 * <p>Immutable; thread-safe.
 */
public class QuickPhotosStartupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What is wrong. */
  private final String description;

  /** What to change, naming the property or environment setting. */
  private final String action;

  /**
   * Creates the exception.
   *
   * @param description what is wrong, for the failure analysis's "Description"
   * @param action what to change, for its "Action"
   * @param cause what revealed the problem; may be null
   * @throws NullPointerException if the description or the action is null
   */
  public QuickPhotosStartupException(String description, String action, Throwable cause) {
    super(Objects.requireNonNull(description, "description"), cause);
    this.action = Objects.requireNonNull(action, "action");
    this.description = description;
  }

  /**
   * A property whose value the repository refuses.
   *
   * @param property the property's full name, e.g. {@code quickphotos.sharding.shards}
   * @param value its value
   * @param reason why it is refused, e.g. {@code shards must be 2 to 64: 99}
   * @param allowed what it may be, e.g. {@code a number from 2 to 64}
   * @param cause the builder's exception; may be null
   * @return the exception
   */
  static QuickPhotosStartupException invalidProperty(
      String property, Object value, String reason, String allowed, Throwable cause) {
    return new QuickPhotosStartupException(
        property + " is " + value + ", which quickphotos refuses: " + reason + ".",
        "Set " + property + " to " + allowed + ", or remove it for the default.",
        cause);
  }

  /**
   * What is wrong.
   *
   * @return the description
   */
  public String description() {
    return description;
  }

  /**
   * What to change: the property or environment setting, and its value.
   *
   * @return the action
   */
  public String action() {
    return action;
  }
}
