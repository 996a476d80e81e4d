package io.quickphotos.dynamo;

import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A measurement run by hand, not a test: the SDK's Apache HTTP client (what quickphotos-dynamo
 * ships, with its default pool of 50 connections) against the URL-connection client (what it
 * shipped before), at {@link DynamoQuickPhotos#DEFAULT_PARALLELISM} on DynamoDB Local in this
 * JVM. Two workloads on each client, each on a server of its own, in four rounds, each client
 * first in every other round: home feed pages of a reader following 100 users (101 requests a
 * page, up to 50 in flight, one calling thread), and 50 application threads each reading
 * profiles. For each, the time per page
 * or the requests a second, and the TCP connections the client closed (sockets of the server's
 * port left in TIME_WAIT, from {@code /proc/net/tcp}): a closed connection is one the next
 * request pays a new handshake for, a TLS handshake against DynamoDB itself.
 *
 * <pre>
 * ./mvnw -B -ntp -q test -pl dynamo-local -am -Dtest=HttpClientComparison \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dquickphotos.compareHttpClients=true
 * </pre>
 *
 * The figures go to {@code target/http-client-comparison.txt}; the dynamo-impl README records
 * them.
 */
@EnabledIfSystemProperty(named = "quickphotos.compareHttpClients", matches = "true")
class HttpClientComparison {
  private static final int AUTHORS = 100;
  private static final int PARALLELISM = DynamoQuickPhotos.DEFAULT_PARALLELISM;
  private static final int WARMUP_PAGES = 30;
  private static final int PAGES = 100;
  private static final int THREADS = 50;
  private static final int READS_PER_THREAD = 200;
  private static final int ROUNDS = 4;

  private final List<String> report = new ArrayList<>();

  @Test
  void apacheAgainstUrlConnection() throws Exception {
    for (int round = 1; round <= ROUNDS; round++) {
      // Each client goes first in every other round: the JVM keeps warming up as it runs.
      if (round % 2 == 1) {
        measure("URL-connection", round, () -> UrlConnectionHttpClient.builder().build());
        measure("Apache", round, () -> ApacheHttpClient.builder().build());
      } else {
        measure("Apache", round, () -> ApacheHttpClient.builder().build());
        measure("URL-connection", round, () -> UrlConnectionHttpClient.builder().build());
      }
    }
    Path out = Path.of("target", "http-client-comparison.txt");
    Files.write(out, report);
    report.forEach(System.out::println);
  }

  private void measure(String name, int round, Supplier<SdkHttpClient> http) throws Exception {
    try (DynamoDbLocal server = DynamoDbLocal.start();
        SdkHttpClient httpClient = http.get();
        DynamoDbClient client =
            DynamoDbClient.builder()
                .endpointOverride(server.endpoint())
                .region(DynamoDbLocal.REGION)
                .credentialsProvider(
                    StaticCredentialsProvider.create(AwsBasicCredentials.create("d", "d")))
                .httpClient(httpClient)
                .build()) {
      QuickPhotos photos =
          DynamoQuickPhotos.builder()
              .client(client)
              .createTableIfMissing(true)
              .parallelism(PARALLELISM)
              .build();
      load(photos);

      for (int i = 0; i < WARMUP_PAGES; i++) {
        photos.homeFeed("reader", PageRequest.first());
      }
      long closedBefore = closedConnections(server.port());
      long[] pageNanos = new long[PAGES];
      for (int i = 0; i < PAGES; i++) {
        long start = System.nanoTime();
        photos.homeFeed("reader", PageRequest.first());
        pageNanos[i] = System.nanoTime() - start;
      }
      long feedClosed = closedConnections(server.port()) - closedBefore;
      Arrays.sort(pageNanos);

      closedBefore = closedConnections(server.port());
      ExecutorService threads = Executors.newFixedThreadPool(THREADS);
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < READS_PER_THREAD; i++) {
                    photos.getUser("author" + ((thread + i) % AUTHORS));
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      threads.shutdown();
      long readsClosed = closedConnections(server.port()) - closedBefore;

      report.add(
          String.format(
              Locale.ROOT,
              "round %d %-14s feed page (101 requests, parallelism %d): median %.1f ms, p90"
                  + " %.1f ms, %d connections closed in %d pages | %d threads x getUser: %.0f"
                  + " requests/s, %d connections closed in %d requests",
              round,
              name,
              PARALLELISM,
              pageNanos[PAGES / 2] / 1e6,
              pageNanos[PAGES * 9 / 10] / 1e6,
              feedClosed,
              PAGES,
              THREADS,
              THREADS * READS_PER_THREAD / seconds,
              readsClosed,
              THREADS * READS_PER_THREAD));
    }
  }

  private static void load(QuickPhotos photos) {
    photos.createUser(user("reader"));
    for (int i = 0; i < AUTHORS; i++) {
      String author = "author" + i;
      photos.createUser(user(author));
      photos.uploadPhoto(
          author, Instant.parse("2024-01-01T00:00:00Z").plusSeconds(i), "https://example.com/p");
      photos.follow("reader", author);
    }
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  /** Sockets on the loopback port in TIME_WAIT: connections closed within the last minute. */
  private static long closedConnections(int port) throws IOException {
    String hexPort = String.format(Locale.ROOT, ":%04X", port);
    long count = 0;
    for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path path = Path.of(file);
      if (!Files.exists(path)) {
        continue;
      }
      for (String line : Files.readAllLines(path)) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 3
            && "06".equals(f[3])
            && (f[1].endsWith(hexPort) || f[2].endsWith(hexPort))) {
          count++;
        }
      }
    }
    return count;
  }
}
