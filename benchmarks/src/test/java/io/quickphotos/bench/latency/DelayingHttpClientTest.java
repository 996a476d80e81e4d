package io.quickphotos.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * {@link DelayingHttpClient}: each executed request waits the delay once, before the real client
 * sees it; concurrent requests wait at the same time. The waits are recorded, not slept, and
 * concurrency is shown with a latch that opens only when every request is waiting at once, so
 * nothing here depends on how fast the machine is.
 */
class DelayingHttpClientTest {
  private static final Duration DELAY = Duration.ofMillis(5);
  private static final HttpExecuteRequest REQUEST =
      HttpExecuteRequest.builder()
          .request(
              SdkHttpRequest.builder()
                  .method(SdkHttpMethod.POST)
                  .uri(URI.create("http://127.0.0.1:9/"))
                  .build())
          .build();

  /** A client that answers 200 at once and logs what happened, in order, to a shared log. */
  private static final class Answering implements SdkHttpClient {
    final List<String> log;
    boolean closed;

    Answering(List<String> log) {
      this.log = log;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
      log.add("prepared");
      return new ExecutableHttpRequest() {
        @Override
        public HttpExecuteResponse call() {
          log.add("sent");
          return HttpExecuteResponse.builder()
              .response(SdkHttpResponse.builder().statusCode(200).build())
              .build();
        }

        @Override
        public void abort() {
          log.add("aborted");
        }
      };
    }

    @Override
    public String clientName() {
      return "answering";
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void everyExecutedRequestWaitsTheDelayOnceBeforeTheRealClientSendsIt() throws Exception {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    DelayingHttpClient client =
        new DelayingHttpClient(new Answering(log), DELAY, delay -> log.add("waited " + delay));

    ExecutableHttpRequest first = client.prepareRequest(REQUEST);
    assertThat(log).as("preparing does not wait").containsExactly("prepared");
    assertThat(first.call().httpResponse().statusCode()).isEqualTo(200);
    client.prepareRequest(REQUEST).call();

    assertThat(log)
        .containsExactly(
            "prepared", "waited PT0.005S", "sent", "prepared", "waited PT0.005S", "sent");
  }

  @Test
  void aZeroDelayHandsTheRealClientsRequestOverWithoutWaiting() throws Exception {
    List<String> log = new ArrayList<>();
    DelayingHttpClient client =
        new DelayingHttpClient(new Answering(log), Duration.ZERO, delay -> log.add("waited"));

    client.prepareRequest(REQUEST).call();

    assertThat(log).containsExactly("prepared", "sent");
  }

  @Test
  void concurrentRequestsWaitSideBySide() throws Exception {
    int threads = 8;
    CountDownLatch allWaiting = new CountDownLatch(threads);
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    // Each wait ends only once every request is waiting: were the waits taken one at a time,
    // none would see the latch open. The timeout only keeps a broken client from hanging the
    // build; a working one opens the latch as soon as the last thread arrives.
    DelayingHttpClient client =
        new DelayingHttpClient(
            new Answering(log),
            DELAY,
            delay -> {
              allWaiting.countDown();
              if (!allWaiting.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the requests did not wait at the same time");
              }
            });
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> statuses = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        statuses.add(
            pool.submit(() -> client.prepareRequest(REQUEST).call().httpResponse().statusCode()));
      }
      for (Future<Integer> status : statuses) {
        assertThat(status.get()).isEqualTo(200);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(log).filteredOn("sent"::equals).hasSize(threads);
  }

  @Test
  void anInterruptedWaitFailsTheRequestUnsentAndKeepsTheInterrupt() {
    List<String> log = new ArrayList<>();
    DelayingHttpClient client =
        new DelayingHttpClient(
            new Answering(log),
            DELAY,
            delay -> {
              throw new InterruptedException();
            });
    try {
      assertThatThrownBy(() -> client.prepareRequest(REQUEST).call())
          .isInstanceOf(InterruptedIOException.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
      assertThat(log).containsExactly("prepared");
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void abortAndCloseReachTheRealClient() {
    List<String> log = new ArrayList<>();
    Answering real = new Answering(log);
    DelayingHttpClient client = new DelayingHttpClient(real, DELAY, delay -> {});

    client.prepareRequest(REQUEST).abort();
    client.close();

    assertThat(log).containsExactly("prepared", "aborted");
    assertThat(real.closed).isTrue();
    assertThat(client.clientName()).isEqualTo("delayed-answering");
  }

  @Test
  void aNegativeDelayIsRefused() {
    assertThatThrownBy(
            () -> new DelayingHttpClient(new Answering(new ArrayList<>()), Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
