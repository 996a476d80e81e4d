package io.quickphotos.engine;

/**
 * The root of the failures an engine reports in DynamoDB's terms; the repository turns them into
 * the api's domain exceptions. Engines report throttling and unavailability directly as
 * {@link io.quickphotos.ServiceUnavailableException}, with what the request may have written
 * ({@link Unavailability}). One that reached an application would be of the kind
 * {@code INTERNAL}: none does.
 */
public abstract class TableException extends io.quickphotos.QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message DynamoDB's message
   * @param cause the engine's own exception, or null
   */
  protected TableException(String message, Throwable cause) {
    super(message, cause);
  }
}
