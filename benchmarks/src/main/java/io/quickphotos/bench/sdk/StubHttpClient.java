package io.quickphotos.bench.sdk;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An HTTP client for a real {@code DynamoDbClient} that never leaves the JVM: it reads each
 * request's body, as a real client writes it to the socket, and answers with the next response
 * of a script of canned DynamoDB responses, recorded from DynamoDB Local by a {@link Recorder}.
 * What remains of a call is the SDK's own work (marshalling, signing, the interceptor chain,
 * unmarshalling, CRC32 check) and the caller's, so a benchmark through it measures the mapping
 * overhead of the code above the SDK without the millisecond noise of a server.
 *
 * <p>The script plays in a loop. A request for another operation than the next response
 * answers fails at once, so a script that no longer matches the code that replays it cannot go
 * unnoticed. Not thread-safe: one benchmark thread.
 */
final class StubHttpClient implements SdkHttpClient {
  private final byte[] drain = new byte[8192];
  private List<Response> script = List.of();
  private int next;

  /**
   * One recorded HTTP response.
   *
   * @param operation the DynamoDB operation that received it, e.g. {@code GetItem}
   * @param status its HTTP status
   * @param headers its headers, as DynamoDB Local sent them
   * @param body its JSON body
   */
  record Response(String operation, int status, Map<String, List<String>> headers, byte[] body) {}

  /**
   * Answers the next requests with these responses, in order and then again from the first.
   *
   * @param responses at least one response
   */
  void play(List<Response> responses) {
    if (responses.isEmpty()) {
      throw new IllegalArgumentException("an empty script");
    }
    script = List.copyOf(responses);
    next = 0;
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    if (script.isEmpty()) {
      throw new IllegalStateException("no script to play");
    }
    Response response = script.get(next);
    next = (next + 1) % script.size();
    String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
    if (!target.endsWith("." + response.operation())) {
      throw new IllegalStateException(
          "the script answers " + response.operation() + " next, but the request is " + target);
    }
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() throws IOException {
        Optional<ContentStreamProvider> body = request.contentStreamProvider();
        if (body.isPresent()) {
          try (InputStream in = body.get().newStream()) {
            while (in.read(drain) >= 0) {
              // A real client writes these bytes to its socket.
            }
          }
        }
        return HttpExecuteResponse.builder()
            .response(
                SdkHttpResponse.builder()
                    .statusCode(response.status())
                    .headers(response.headers())
                    .build())
            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(response.body())))
            .build();
      }

      @Override
      public void abort() {}
    };
  }

  @Override
  public String clientName() {
    return "quickphotos-stub";
  }

  @Override
  public void close() {}

  /**
   * Records every HTTP response a client receives, as an interceptor on a client talking to a
   * real endpoint, for a {@link StubHttpClient} to play back. Not thread-safe.
   */
  static final class Recorder implements ExecutionInterceptor {
    private final List<Response> recorded = new java.util.ArrayList<>();

    @Override
    public Optional<InputStream> modifyHttpResponseContent(
        Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
      byte[] body = context.responseBody().map(Recorder::readAll).orElse(new byte[0]);
      recorded.add(
          new Response(
              attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
              context.httpResponse().statusCode(),
              context.httpResponse().headers(),
              body));
      return Optional.of(new ByteArrayInputStream(body));
    }

    /**
     * The responses recorded since the last call, which forgets them.
     *
     * @return the responses, in the order they arrived
     */
    List<Response> take() {
      List<Response> taken = List.copyOf(recorded);
      recorded.clear();
      return taken;
    }

    private static byte[] readAll(InputStream in) {
      try (in) {
        return in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
