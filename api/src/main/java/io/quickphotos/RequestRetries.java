package io.quickphotos;

import java.util.Objects;

/**
 * What went wrong and was tried again among one repository call's requests of one DynamoDB
 * operation. A call's {@link OperationCost#retries()} holds one of these per operation that saw a
 * retry, a throttle or an unknown outcome, and none for the others, so the usual call carries an
 * empty list.
 *
 * <p>Retries happen in two places, both counted here: inside one request, where the AWS SDK (or,
 * on the memory backend, its simulation of the SDK) sends the request again after throttling, a
 * server error or a lost connection ({@code sdkRetries}: attempts that are not requests of their
 * own); and in the repository, which sends a new request for the keys and items a batch left
 * unprocessed and for a transaction cancelled by a conflict or throttling ({@code resends}, which
 * {@link OperationCost#requests()} counts as requests too).
 *
 * @param operation the DynamoDB operation, as {@link DynamoRequest#operation()} names it, e.g.
 *     {@code TransactWriteItems}
 * @param sdkRetries attempts the SDK made again inside the call's requests
 * @param resends requests the repository sent again for what a request left undone
 * @param throttles attempts refused or transactions cancelled because of throughput (an SDK
 *     throttling error, a {@code ThrottlingError} cancellation reason); unprocessed batch keys are
 *     resends, not throttles, because DynamoDB does not say why it left them
 * @param unknownOutcomes attempts whose outcome is unknown: sent, then timed out or lost, so
 *     they may or may not have been applied
 */
public record RequestRetries(
    String operation, int sdkRetries, int resends, int throttles, int unknownOutcomes) {

  /**
   * Checks the components.
   *
   * @param operation the DynamoDB operation
   * @param sdkRetries attempts the SDK made again
   * @param resends requests the repository sent again
   * @param throttles attempts refused because of throughput
   * @param unknownOutcomes attempts whose outcome is unknown
   * @throws NullPointerException if the operation is null
   * @throws IllegalArgumentException if a count is negative
   */
  public RequestRetries {
    Objects.requireNonNull(operation, "operation");
    if (sdkRetries < 0 || resends < 0 || throttles < 0 || unknownOutcomes < 0) {
      throw new IllegalArgumentException("negative count in " + operation);
    }
  }

  /**
   * Every attempt after the first, wherever it was made.
   *
   * @return {@code sdkRetries + resends}
   */
  public int retries() {
    return sdkRetries + resends;
  }
}
