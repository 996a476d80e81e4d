package io.quickphotos.dynamo.internal;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.ServiceUnavailableException.Reason;
import io.quickphotos.ServiceUnavailableException.Written;
import io.quickphotos.TableConfigurationException;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.TableTransactionInProgressException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Turns the SDK's exceptions into the engine's: the {@link io.quickphotos.engine} failures the
 * repository maps to domain errors, {@link TableConfigurationException} for a missing or
 * differently laid-out table or index and missing credentials or permissions,
 * {@link ServiceUnavailableException} for what retrying later may fix, and a plain
 * {@link QuickPhotosException} for the rest. The SDK exception is always the cause.
 *
 * <p>An unavailable request says why ({@link Reason}) from its last attempt: throttling codes
 * {@code THROTTLED}, a 5xx {@code SERVER_ERROR}, {@code TransactionConflictException}
 * {@code CONTENTION}, no answer {@code UNREACHABLE}, an interrupt {@code INTERRUPTED}; and what it
 * may have written ({@link Written}) from every attempt: nothing for a read, and for a write
 * nothing only if each attempt was refused with a 4xx (the SDK keeps the earlier attempts'
 * failures as suppressed exceptions, their messages carrying the status code), unknown as soon as
 * one met a 5xx or no answer. The memory engine's {@code SimulatedSdkRetries} decides the same
 * way. Stateless, thread-safe.
 */
public final class SdkErrors {
  private static final Logger LOG = LoggerFactory.getLogger(SdkErrors.class);

  /**
   * Error codes that mean "too much, too fast": the SDK has already retried these with its own
   * backoff, so by now the caller can only try again later. DynamoDB refuses such a request
   * before doing anything (HTTP 400).
   */
  private static final Set<String> THROTTLED =
      Set.of(
          "ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded");

  /** Error codes that mean "the service failed": a write may or may not have been applied. */
  private static final Set<String> SERVER_ERROR =
      Set.of(
          "InternalServerError",
          "InternalFailure",
          "ServiceUnavailable",
          "ServiceUnavailableException");

  /** A single write that collided with a transaction in flight on the same item (HTTP 400). */
  private static final String TRANSACTION_CONFLICT = "TransactionConflictException";

  /**
   * How an earlier attempt's failure, in the SDK's words, says it was refused before anything
   * was done: a service error's message ends with {@code (Service: DynamoDb, Status Code: 400,
   * ...)}, and DynamoDB refuses with 4xx only what it did not do.
   */
  private static final Pattern REFUSED_ATTEMPT = Pattern.compile("Status Code: 4\\d\\d\\b");

  /**
   * Error codes that mean the credentials are missing, wrong or not allowed to do this: the
   * deployment must change, retrying will not help.
   */
  private static final Set<String> NOT_PERMITTED =
      Set.of(
          "AccessDeniedException",
          "UnrecognizedClientException",
          "InvalidSignatureException",
          "MissingAuthenticationTokenException",
          "ExpiredTokenException",
          "IncompleteSignatureException");

  /**
   * Parts of DynamoDB's ValidationException messages that mean the table's key schema is not
   * quickphotos' (PK and SK, both strings): every request quickphotos sends names both keys, so
   * these can only come from the table, never from the caller's input.
   */
  private static final List<String> KEY_SCHEMA_MISMATCH =
      List.of(
          "number of conditions on the keys is invalid",
          "query key condition not supported",
          "key element does not match the schema",
          "required keys was not given a value",
          "missed key schema element",
          "type mismatch for key",
          "missing the key");

  private SdkErrors() {}

  /**
   * Translates one failed request of the data plane.
   *
   * @param e what the SDK threw
   * @param operation the DynamoDB operation
   * @param tableName the table, for the message
   * @return the exception to throw in its place
   */
  public static RuntimeException translate(SdkException e, Operation operation, String tableName) {
    return translate(e, operation.wireName(), operation.writes(), tableName);
  }

  /**
   * Translates one failed request.
   *
   * @param e what the SDK threw
   * @param operation the DynamoDB operation, for the message
   * @param writes whether the operation writes (an item, or the table itself), which decides
   *     what a {@link ServiceUnavailableException} says was written
   * @param tableName the table, for the message
   * @return the exception to throw in its place
   */
  public static RuntimeException translate(
      SdkException e, String operation, boolean writes, String tableName) {
    LOG.debug("{} on {} failed", operation, tableName, e);
    if (e
        instanceof software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException) {
      software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException failed =
          (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException) e;
      return new TableConditionFailedException(
          failed.hasItem() ? AttributeValues.item(failed.item()) : null, e);
    }
    if (e
        instanceof
        software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException canceled) {
      return new TableTransactionCancelledException(reasons(canceled), items(canceled), e);
    }
    if (e instanceof DynamoDbException service) {
      return translateService(service, operation, writes, tableName);
    }
    if (e instanceof SdkClientException) {
      if (e.getMessage() != null && e.getMessage().contains("Unable to load credentials")) {
        return new TableConfigurationException(
            "no AWS credentials for "
                + operation
                + " on"
                + " DynamoDB table "
                + tableName
                + ": "
                + e.getMessage(),
            e);
      }
      // No answer: the attempt may have reached DynamoDB (a timeout, a connection lost after
      // sending), unless the thread was interrupted, which the SDK reports the same way.
      return unavailable(
          "could not complete "
              + operation
              + " on DynamoDB"
              + " table "
              + tableName
              + ": "
              + e.getMessage(),
          e instanceof AbortedException ? Reason.INTERRUPTED : Reason.UNREACHABLE,
          writes,
          true,
          e);
    }
    return new QuickPhotosException(
        operation + " on DynamoDB table " + tableName + " failed: " + e.getMessage(), e);
  }

  /**
   * An unavailable request: what it may have written follows from its last attempt and from
   * every earlier one, which the SDK keeps as suppressed exceptions ({@code Request attempt N
   * failure: ...}, the failure's message alone). An earlier attempt answered 4xx did nothing;
   * any other (a 5xx, no answer) may have been applied.
   */
  private static ServiceUnavailableException unavailable(
      String message, Reason reason, boolean writes, boolean lastMayHaveApplied, SdkException e) {
    boolean mayHaveApplied = lastMayHaveApplied;
    for (Throwable earlier : e.getSuppressed()) {
      String words = earlier.getMessage();
      if (words != null
          && words.startsWith("Request attempt ")
          && !REFUSED_ATTEMPT.matcher(words).find()) {
        mayHaveApplied = true;
      }
    }
    return new ServiceUnavailableException(
        message, reason, writes && mayHaveApplied ? Written.UNKNOWN : Written.NOTHING, e);
  }

  private static RuntimeException translateService(
      DynamoDbException e, String operation, boolean writes, String tableName) {
    AwsErrorDetails details = e.awsErrorDetails();
    String code = details == null ? null : details.errorCode();
    String message =
        details == null || details.errorMessage() == null ? e.getMessage() : details.errorMessage();
    if ("ResourceNotFoundException".equals(code)) {
      return new TableConfigurationException(
          "DynamoDB table "
              + tableName
              + " does not exist (or"
              + " is not visible to these credentials in this region); create it with"
              + " QuickPhotosTable.createIfMissing or the builder's createTableIfMissing(true): "
              + message,
          e);
    }
    if (code != null && NOT_PERMITTED.contains(code)) {
      return new TableConfigurationException(
          "these credentials may not run "
              + operation
              + " on DynamoDB table "
              + tableName
              + " ("
              + code
              + "): "
              + message,
          e);
    }
    if ("ValidationException".equals(code)) {
      String lower = message == null ? "" : message.toLowerCase(java.util.Locale.ROOT);
      if (lower.contains("does not have the specified index")) {
        return new TableConfigurationException(
            "DynamoDB table "
                + tableName
                + " has no global"
                + " secondary index "
                + QuickPhotosTable.INVERTED_INDEX
                + " (partition key SK, sort"
                + " key PK): "
                + message,
            e);
      }
      if (KEY_SCHEMA_MISMATCH.stream().anyMatch(lower::contains)) {
        return new TableConfigurationException(
            "DynamoDB table "
                + tableName
                + " does not have"
                + " the quick-photos key schema (partition key PK, sort key SK, both strings; check"
                + " it with QuickPhotosTable.verify): "
                + operation
                + " failed: "
                + message,
            e);
      }
      return new TableRequestRefusedException(message, e);
    }
    if (TableTransactionInProgressException.ERROR_CODE.equals(code)) {
      // A resend of a transaction whose first attempt, same token, is still in flight: it may
      // yet be applied. The SDK counts the code among its throttling errors and has retried it;
      // the repository retries it under the same token.
      return new TableTransactionInProgressException(
          operation + " on DynamoDB table " + tableName + " (" + code + "): " + message, e);
    }
    boolean throttled = (code != null && THROTTLED.contains(code)) || e.isThrottlingException();
    boolean serverError = (code != null && SERVER_ERROR.contains(code)) || e.statusCode() >= 500;
    if (throttled || serverError || TRANSACTION_CONFLICT.equals(code)) {
      return unavailable(
          "DynamoDB could not serve "
              + operation
              + " on table "
              + tableName
              + " ("
              + code
              + "): "
              + message,
          serverError ? Reason.SERVER_ERROR : throttled ? Reason.THROTTLED : Reason.CONTENTION,
          writes,
          serverError,
          e);
    }
    return new QuickPhotosException(
        "DynamoDB refused " + operation + " on table " + tableName + " (" + code + "): " + message,
        e);
  }

  /**
   * One reason code per action, in request order. DynamoDB sends them as a list; should an
   * endpoint send only the message, the codes are read from its bracketed list.
   */
  /** Per action, the item DynamoDB returned with a failed condition, or null. */
  private static List<Item> items(
      software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
    List<Item> items = new ArrayList<>();
    if (e.hasCancellationReasons()) {
      for (CancellationReason reason : e.cancellationReasons()) {
        items.add(
            reason.hasItem() && !reason.item().isEmpty()
                ? AttributeValues.item(reason.item())
                : null);
      }
    }
    return items;
  }

  /**
   * Whether an attempt's failure is DynamoDB refusing it for throughput (HTTP 400 with a
   * throttling code), which it does before doing anything: such an attempt wrote nothing and may
   * be sent again whatever the request. For {@link RefusalsOnly}.
   *
   * @param failure an attempt's failure
   * @return true for a throttling refusal
   */
  static boolean refusedForThroughput(Throwable failure) {
    if (!(failure instanceof AwsServiceException e) || e.statusCode() != 400) {
      return false;
    }
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    return (code != null && THROTTLED.contains(code))
        || (e.isThrottlingException()
            && !TableTransactionInProgressException.ERROR_CODE.equals(code));
  }

  static List<String> reasons(
      software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
    List<String> reasons = new ArrayList<>();
    if (e.hasCancellationReasons()) {
      for (CancellationReason reason : e.cancellationReasons()) {
        reasons.add(reason.code() == null ? Limits.NONE : reason.code());
      }
      return reasons;
    }
    String message =
        e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
    int open = message == null ? -1 : message.indexOf('[');
    int close = message == null ? -1 : message.indexOf(']', open + 1);
    if (open >= 0 && close > open) {
      for (String code : message.substring(open + 1, close).split(",")) {
        if (!code.isBlank()) {
          reasons.add(code.strip());
        }
      }
    }
    return reasons;
  }
}
