package io.quickphotos.bench.latency;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.TableItems;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.LocalTable;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.bench.hybrid.HybridScenario;
import io.quickphotos.bench.sdk.StubbedSdkBenchmark;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.StringReader;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Repositories on one DynamoDB Local endpoint whose every request first waits a fixed delay
 * ({@link DelayingHttpClient} over the URL-connection client the benchmarks use everywhere), each
 * built as an application builds it ({@link DynamoQuickPhotos#builder()}) with a parallelism of
 * its own; and a DynamoDB Local loaded with the home-feed scenario of {@link FeedScenario}. The
 * latency model of {@link LatencyReport} and {@link FeedLatencyBenchmark}: on loopback a request
 * costs DynamoDB Local's own time only, and the delay stands in for the network round trip that
 * separates an application from DynamoDB.
 *
 * <p>Each repository has a client and an HTTP client of its own, so repositories with different
 * delays can share one table; {@link #close()} closes them all. Thread-safe: the repositories
 * are, and opening is synchronized.
 */
public final class DelayedRepositories implements AutoCloseable {
  private final URI endpoint;
  private final List<AutoCloseable> opened = new ArrayList<>();

  /**
   * Repositories on an endpoint's {@value LocalTable#NAME} table.
   *
   * @param endpoint DynamoDB Local's endpoint, e.g. {@link LocalTable#endpoint()}
   */
  public DelayedRepositories(URI endpoint) {
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
  }

  /**
   * A repository whose requests each wait {@code delay} before they are sent. It is stamped by
   * {@link DataSet#CLOCK}, like every benchmark repository.
   *
   * @param delay the wait before each request; zero for none
   * @param parallelism the repository's {@code parallelism}: 1 sends a call's independent
   *     requests one after another, {@link DynamoQuickPhotos#DEFAULT_PARALLELISM} side by side
   * @param costs receives each call's cost
   * @return the repository, on a client of its own
   */
  public synchronized QuickPhotos open(Duration delay, int parallelism, CostListener costs) {
    return open(delay, parallelism, costs, FanOut.off());
  }

  /**
   * A repository whose requests each wait {@code delay}, serving the home feed as {@code fanOut}
   * says; otherwise as {@link #open(Duration, int, CostListener)}.
   *
   * @param delay the wait before each request; zero for none
   * @param parallelism the repository's {@code parallelism}
   * @param costs receives each call's cost
   * @param fanOut the feed setting
   * @return the repository, on a client of its own
   */
  public synchronized QuickPhotos open(
      Duration delay, int parallelism, CostListener costs, FanOut fanOut) {
    SdkHttpClient http = new DelayingHttpClient(UrlConnectionHttpClient.create(), delay);
    opened.add(http);
    // The SDK leaves an HTTP client it was handed open; both are closed here.
    DynamoDbClient client =
        StubbedSdkBenchmark.client(c -> c.endpointOverride(endpoint).httpClient(http));
    opened.add(client);
    return DynamoQuickPhotos.builder()
        .client(client)
        .tableName(LocalTable.NAME)
        .clock(DataSet.CLOCK)
        .costListener(costs)
        .parallelism(parallelism)
        .fanOut(fanOut)
        .build();
  }

  /** Closes every client opened; the repositories on them fail from then on. */
  @Override
  public synchronized void close() {
    RuntimeException failure = null;
    for (AutoCloseable closeable : opened) {
      try {
        closeable.close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new IllegalStateException("a client did not close", e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    opened.clear();
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Starts DynamoDB Local with the table holding {@link FeedScenario#readerFollowing}'s users,
   * follows and photos: {@link FeedScenario#READER} follows {@code followees} users with
   * {@value FeedScenario#PHOTOS_PER_FOLLOWEE} photos each (more than a feed page). The items are
   * built by the repository on the in-memory engine and copied with BatchWriteItem requests of
   * 25 (a scenario of F followees has 32·F + 1 items), so both engines hold the same items.
   *
   * @param followees F
   * @return the running server; the caller closes it
   */
  static DynamoDbLocal startWithFeed(int followees) {
    return startWithFeed(followees, false);
  }

  /**
   * Starts DynamoDB Local with {@link #startWithFeed(int)}'s items and, if asked, beside them
   * the hybrid feed's reader {@link HybridScenario#reader HybridScenario.reader(F, 0)}, who
   * follows F other accounts by timeline follows ({@link HybridScenario#readers}, with photos in
   * the window; no handle is shared with {@link FeedScenario}'s).
   *
   * @param followees F
   * @param withHybrid whether to add the hybrid reader
   * @return the running server; the caller closes it
   */
  static DynamoDbLocal startWithFeed(int followees, boolean withHybrid) {
    long start = System.nanoTime();
    String lines = FeedScenario.readerFollowing(followees).productLines();
    if (withHybrid) {
      lines +=
          HybridScenario.readers(List.of(followees), List.of(0), FanOut.DEFAULT_MAX_FOLLOWERS)
              .lines();
    }
    return startWith(
        lines, "feed, F = " + followees + (withHybrid ? ", pull and hybrid" : ""), start);
  }

  /**
   * Starts DynamoDB Local with the table holding some items, loaded as they are with
   * BatchWriteItem requests of 25 ({@link TableItems#load}).
   *
   * @param lines the items, one DynamoDB JSON item a line
   * @param label what they are, for the line printed when loaded
   * @param start when loading began ({@link System#nanoTime()})
   * @return the running server; the caller closes it
   */
  public static DynamoDbLocal startWith(String lines, String label, long start) {
    DynamoDbLocal local = DynamoDbLocal.start();
    try {
      QuickPhotosTable.createIfMissing(local.client(), LocalTable.NAME);
      long loaded =
          TableItems.load(
              LocalTable.repository(local.client(), CostListener.NONE), new StringReader(lines));
      DataSet.printLoaded("DynamoDB Local (" + label + ")", loaded, start);
      return local;
    } catch (RuntimeException | Error e) {
      local.close();
      throw e;
    }
  }
}
