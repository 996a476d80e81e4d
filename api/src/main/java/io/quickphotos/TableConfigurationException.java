package io.quickphotos;

/**
 * The kind {@link QuickPhotosException.Kind#MISCONFIGURED}: the deployment is not set up as
 * quickphotos needs. Not the caller's input and not transient: the deployment must change.
 *
 * <p>Thrown on DynamoDB (never in memory), by any call of {@link QuickPhotos} and by the
 * backend's builder and table helpers ({@code DynamoQuickPhotos.Builder.build},
 * {@code QuickPhotosTable.verify}), when:
 *
 * <ul>
 *   <li>the table does not exist, or is not visible to these credentials in this region;
 *   <li>the table has another key schema than {@code PK} and {@code SK}, both strings;
 *   <li>the table has no {@code InvertedIndex} (partition key {@code SK}, sort key {@code PK});
 *   <li>there are no credentials, or they are invalid or expired;
 *   <li>the credentials may not make a request the call needs (a denied IAM permission).
 * </ul>
 *
 * <p><b>Written:</b> nothing by the request that failed (a permission denied in the middle of a
 * cascade leaves its earlier requests' writes, which the next call, once permitted, finishes).
 * The message names the table and the problem; the backend's own exception is the cause. An
 * HTTP service answers 500 and logs it, without the message.
 */
public class TableConfigurationException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what is misconfigured, for people
   */
  public TableConfigurationException(String message) {
    super(Kind.MISCONFIGURED, message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what is misconfigured, for people
   * @param cause the backend's own failure, kept for diagnosis
   */
  public TableConfigurationException(String message, Throwable cause) {
    super(Kind.MISCONFIGURED, message, cause);
  }
}
