package io.quickphotos.dynamo.local;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local ({@code com.amazonaws:DynamoDBLocal}) running in this JVM: in memory, telemetry
 * off, on a free loopback port, with a {@link DynamoDbClient} already pointed at it (region
 * {@code us-east-1}, dummy static credentials). Nothing leaves the machine and nothing is written
 * to disk; {@link #close()} stops the server and every table is gone.
 *
 * <pre>{@code
 * try (DynamoDbLocal local = DynamoDbLocal.start()) {
 *   QuickPhotos photos = DynamoQuickPhotos.builder()
 *       .client(local.client())
 *       .tableName("quick-photos")
 *       .createTableIfMissing(true)
 *       .build();
 *   photos.createUser(...);
 * }
 * }</pre>
 *
 * <p>DynamoDB Local keeps its data in SQLite through sqlite4java, whose native library must be
 * loadable: set the system property {@code sqlite4java.library.path} to the directory holding
 * it, or leave it unset and this class extracts the library for this platform from the class
 * path (where the {@code com.almworks.sqlite4java} native artifact is as a runtime dependency of
 * DynamoDBLocal) into a temporary directory.
 *
 * <p>Each instance is its own server with its own tables. Thread-safe: the client may be shared
 * by any number of threads.
 */
public final class DynamoDbLocal implements AutoCloseable {
  /** The region the client signs for; DynamoDB Local keeps one database per region and key. */
  public static final Region REGION = Region.US_EAST_1;

  private static final Logger LOG = LoggerFactory.getLogger(DynamoDbLocal.class);
  private static final String LOOPBACK = "127.0.0.1";
  private static final int START_ATTEMPTS = 5;

  private final DynamoDBProxyServer server;
  private final int port;
  private final DynamoDbClient client;
  private boolean closed;

  private DynamoDbLocal(DynamoDBProxyServer server, int port) {
    this.server = server;
    this.port = port;
    this.client = newClient();
  }

  /**
   * Starts a server on a free loopback port and a client for it. Takes about a second the first
   * time in a JVM, a few milliseconds after that.
   *
   * @return the running server
   * @throws IllegalStateException if sqlite4java's native library cannot be found or the server
   *     does not start
   */
  public static DynamoDbLocal start() {
    Sqlite4javaNatives.ensureLoadable();
    Exception last = null;
    // Another process may take the free port between finding it and binding it; try another.
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      int port = freeLoopbackPort();
      DynamoDBProxyServer server;
      try {
        server =
            ServerRunner.createServerFromCommandLineArgs(
                new String[] {"-inMemory", "-disableTelemetry", "-port", Integer.toString(port)});
      } catch (Exception e) {
        throw new IllegalStateException("DynamoDB Local refused its arguments", e);
      }
      bindToLoopback(server);
      try {
        // safeStart, unlike start, reports a port it could not bind instead of printing it.
        server.safeStart();
        LOG.debug("DynamoDB Local listening on {}:{}", LOOPBACK, port);
        return new DynamoDbLocal(server, port);
      } catch (Exception e) {
        last = e;
        stopQuietly(server);
        if (!(rootCause(e) instanceof BindException)) {
          break;
        }
      }
    }
    throw new IllegalStateException("DynamoDB Local did not start", last);
  }

  /**
   * The port the server listens on, on {@code 127.0.0.1}.
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /**
   * The endpoint to give any DynamoDB client, {@code http://127.0.0.1:<port>}.
   *
   * @return the endpoint
   */
  public URI endpoint() {
    return URI.create("http://" + LOOPBACK + ":" + port);
  }

  /**
   * The client for this server, shared; {@link #close()} closes it, so callers must not.
   *
   * @return the client
   */
  public DynamoDbClient client() {
    return client;
  }

  /**
   * A new client for this server, with the same region and dummy credentials as
   * {@link #client()}, for callers that want their own; the caller closes it.
   *
   * @return a new client
   */
  public DynamoDbClient newClient() {
    return DynamoDbClient.builder()
        .endpointOverride(endpoint())
        .region(REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        // The SDK owns (and closes) an HTTP client it builds from a builder.
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .build();
  }

  /**
   * Closes the client and stops the server; every table is lost. Idempotent.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    client.close();
    stopQuietly(server);
    LOG.debug("DynamoDB Local on port {} stopped", port);
  }

  private static int freeLoopbackPort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }

  /**
   * DynamoDB Local binds every interface and has no option for the host; its Jetty connector is
   * narrowed to loopback before start so the server is never reachable from outside.
   */
  private static void bindToLoopback(DynamoDBProxyServer server) {
    try {
      Field field = DynamoDBProxyServer.class.getDeclaredField("server");
      field.setAccessible(true);
      Server jetty = (Server) field.get(server);
      for (Connector connector : jetty.getConnectors()) {
        if (connector instanceof ServerConnector serverConnector) {
          serverConnector.setHost(LOOPBACK);
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn(
          "DynamoDB Local will listen on every interface: could not narrow it to {}", LOOPBACK, e);
    }
  }

  private static void stopQuietly(DynamoDBProxyServer server) {
    try {
      server.stop();
    } catch (Exception e) {
      LOG.debug("DynamoDB Local did not stop cleanly", e);
    }
  }

  private static Throwable rootCause(Throwable t) {
    Throwable cause = t;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause;
  }
}
