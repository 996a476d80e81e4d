package io.quickphotos.conformance;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;

/**
 * An HTTP client for the AWS SDK that injects faults between the SDK and DynamoDB (Local): each
 * request takes the next {@link Fault} of a script (no fault once the script runs out). Every
 * attempt the SDK makes, retries included, is a request. Thread-safe.
 */
final class FaultyHttpClient implements SdkHttpClient {

  /** What happens to one request. */
  enum Fault {
    /** Sent and answered normally. */
    NONE,
    /** Not sent; answered 500 InternalServerError. */
    SERVER_ERROR,
    /** Not sent; answered 400 ThrottlingException. */
    THROTTLING,
    /** Not sent; answered 400 ProvisionedThroughputExceededException. */
    THROUGHPUT_EXCEEDED,
    /** Not sent: the connection resets before the request leaves. */
    RESET_BEFORE_SENDING,
    /** Sent and applied by the server, but the connection resets before the answer arrives. */
    RESPONSE_LOST,
    /**
     * Not sent; answered 400 TransactionInProgressException, as DynamoDB answers a resend of a
     * transaction whose first attempt under the same token is still in progress. For
     * TransactWriteItems only (the tests script it where one is sent).
     */
    IN_PROGRESS,
    /**
     * Not sent; answered 400 TransactionCanceledException, reason {@code TransactionConflict} on
     * the first action: another transaction is in flight on its item. For TransactWriteItems
     * only.
     */
    CANCELLED_BY_CONFLICT,
    /**
     * Not sent; answered 400 TransactionCanceledException, reason {@code ThrottlingError} on the
     * first action. For TransactWriteItems only.
     */
    CANCELLED_BY_THROTTLING
  }

  private final SdkHttpClient delegate;
  private final Iterator<Fault> script;
  private final Map<Fault, Integer> injected = new EnumMap<>(Fault.class);
  private boolean enabled = true;

  FaultyHttpClient(SdkHttpClient delegate, List<Fault> script) {
    this.delegate = delegate;
    this.script = List.copyOf(script).iterator();
  }

  /** Stops injecting: later requests go through untouched, and the script waits. */
  synchronized void disable() {
    enabled = false;
  }

  /** Injects again, from where the script stopped. */
  synchronized void enable() {
    enabled = true;
  }

  /** How many requests met each fault so far. */
  synchronized Map<Fault, Integer> injected() {
    return new EnumMap<>(injected);
  }

  private synchronized Fault next() {
    Fault fault = enabled && script.hasNext() ? script.next() : Fault.NONE;
    injected.merge(fault, 1, Integer::sum);
    return fault;
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    Fault fault = next();
    return switch (fault) {
      case NONE -> delegate.prepareRequest(request);
      case SERVER_ERROR ->
          answer(
              500,
              "com.amazonaws.dynamodb.v20120810#InternalServerError",
              "Internal server error (injected)");
      case THROTTLING ->
          answer(
              400,
              "com.amazon.coral.availability#ThrottlingException",
              "Rate of requests exceeds the allowed throughput (injected)");
      case THROUGHPUT_EXCEEDED ->
          answer(
              400,
              "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
              "The level of configured provisioned throughput for the table was exceeded (injected)");
      case IN_PROGRESS ->
          answer(
              400,
              "com.amazonaws.dynamodb.v20120810#TransactionInProgressException",
              "An earlier attempt under this token is in progress (injected)");
      case CANCELLED_BY_CONFLICT -> cancelled("TransactionConflict");
      case CANCELLED_BY_THROTTLING -> cancelled("ThrottlingError");
      case RESET_BEFORE_SENDING ->
          failing(
              () -> {
                throw new SocketException("Connection reset (injected before sending)");
              });
      case RESPONSE_LOST -> {
        ExecutableHttpRequest sent = delegate.prepareRequest(request);
        yield failing(
            () -> {
              HttpExecuteResponse response = sent.call();
              // The server has applied the request; its answer is read and thrown away.
              if (response.responseBody().isPresent()) {
                try (InputStream body = response.responseBody().get()) {
                  body.readAllBytes();
                }
              }
              throw new SocketException(
                  "Connection reset (injected after the server answered "
                      + response.httpResponse().statusCode()
                      + ")");
            });
      }
    };
  }

  /** A call that does what {@code body} does. */
  private interface Body {
    HttpExecuteResponse call() throws IOException;
  }

  private static ExecutableHttpRequest failing(Body body) {
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() throws IOException {
        return body.call();
      }

      @Override
      public void abort() {}
    };
  }

  /**
   * A cancelled transaction, as DynamoDB answers it: one reason for the first action (the
   * repository reads the reasons it is given, action by action).
   */
  private static ExecutableHttpRequest cancelled(String reason) {
    return answer(
        400,
        "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
        "Transaction cancelled, please refer cancellation reasons for specific reasons ["
            + reason
            + "] (injected)",
        ",\"CancellationReasons\":[{\"Code\":\"" + reason + "\",\"Message\":\"injected\"}]");
  }

  /** An error answer in DynamoDB's JSON protocol, without the request reaching the server. */
  private static ExecutableHttpRequest answer(int status, String type, String message) {
    return answer(status, type, message, "");
  }

  /** An error answer with more JSON members after the message. */
  private static ExecutableHttpRequest answer(
      int status, String type, String message, String moreMembers) {
    byte[] json =
        ("{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"" + moreMembers + "}")
            .getBytes(StandardCharsets.UTF_8);
    return failing(
        () ->
            HttpExecuteResponse.builder()
                .response(
                    SdkHttpFullResponse.builder()
                        .statusCode(status)
                        .putHeader("Content-Type", "application/x-amz-json-1.0")
                        .putHeader("Content-Length", Integer.toString(json.length))
                        .putHeader("x-amzn-RequestId", "injected")
                        .build())
                .responseBody(AbortableInputStream.create(new ByteArrayInputStream(json)))
                .build());
  }

  @Override
  public String clientName() {
    return "faulty-" + delegate.clientName();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
