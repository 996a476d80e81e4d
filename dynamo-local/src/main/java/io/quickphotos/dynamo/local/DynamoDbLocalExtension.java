package io.quickphotos.dynamo.local;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A JUnit 5 extension that runs DynamoDB Local in the test JVM and gives every test a fresh,
 * empty quick-photos table. One {@link DynamoDbLocal} server is started on first use and shared
 * by every test class in the JVM; JUnit stops it when the run ends (it closes the root context's
 * store, which needs JUnit 5.13 or later). Before each test a table with a unique name and the
 * quick-photos layout is created; after the test it is deleted.
 *
 * <p>Test methods, {@code @BeforeEach} and {@code @AfterEach} methods can declare parameters of
 * type {@link LocalTable} (this test's table), {@link QuickPhotos} (a repository on it),
 * {@link DynamoDbClient} and {@link DynamoDbLocal}; {@code @BeforeAll} methods the last two.
 *
 * <pre>{@code
 * @ExtendWith(DynamoDbLocalExtension.class)
 * class PhotoServiceTest {
 *   @Test
 *   void uploadsAPhoto(QuickPhotos photos) {
 *     photos.createUser(new NewUser("alice", "Alice", "alice@example.com",
 *         LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE));
 *     new PhotoService(photos).upload("alice", image);
 *     assertThat(photos.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first())
 *         .photos().items()).hasSize(1);
 *   }
 * }
 * }</pre>
 *
 * <p>To build the repository yourself (your own cost listener or clock), register the extension
 * in a static field and ask it for this test's table:
 * <pre>{@code
 * @RegisterExtension
 * static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();
 *
 * @BeforeEach
 * void setUp() {
 *   photos = DynamoQuickPhotos.builder()
 *       .client(DYNAMO.table().client())
 *       .tableName(DYNAMO.table().tableName())
 *       .costListener(costs)
 *       .build();
 * }
 * }</pre>
 *
 * <p>The dependency {@code org.junit.jupiter:junit-jupiter-api} is optional in this module: add
 * JUnit to your test class path to use the extension. Thread-safe: tests may run in parallel,
 * each with its own table.
 */
public final class DynamoDbLocalExtension
    implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

  private static final Logger LOG = LoggerFactory.getLogger(DynamoDbLocalExtension.class);
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(DynamoDbLocalExtension.class);
  private static final AtomicLong TABLES = new AtomicLong();

  /** The table of the test running on each thread, for {@link #table()}. */
  private final ThreadLocal<LocalTable> current = new ThreadLocal<>();

  /** Creates the extension; JUnit does this for {@code @ExtendWith}. */
  public DynamoDbLocalExtension() {}

  /**
   * A test's table on the shared server.
   *
   * @param server the server holding the table
   * @param tableName the table's unique name
   */
  public record LocalTable(DynamoDbLocal server, String tableName) {
    /**
     * Creates the record.
     *
     * @param server the server
     * @param tableName the table name
     */
    public LocalTable {
      Objects.requireNonNull(server, "server");
      Objects.requireNonNull(tableName, "tableName");
    }

    /**
     * The shared client of the server; do not close it.
     *
     * @return the client
     */
    public DynamoDbClient client() {
      return server.client();
    }

    /**
     * A repository on this table, with no cost listener and the UTC system clock.
     *
     * @return the repository
     */
    public QuickPhotos repository() {
      return repository(CostListener.NONE, Clock.systemUTC());
    }

    /**
     * A repository on this table.
     *
     * @param costListener receives each call's cost
     * @param clock stamps follows and reactions
     * @return the repository
     */
    public QuickPhotos repository(CostListener costListener, Clock clock) {
      return DynamoQuickPhotos.builder()
          .client(client())
          .tableName(tableName)
          .costListener(costListener)
          .clock(clock)
          .build();
    }
  }

  /**
   * The server shared by every test in this JVM, started on first use.
   *
   * @param context any extension context of the run
   * @return the running server
   */
  public static DynamoDbLocal server(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            DynamoDbLocal.class, type -> DynamoDbLocal.start(), DynamoDbLocal.class);
  }

  /**
   * The table of the test running on the calling thread.
   *
   * @return the table
   * @throws IllegalStateException outside a test (before its {@code BeforeEach} callbacks or
   *     after its {@code AfterEach} callbacks)
   */
  public LocalTable table() {
    LocalTable table = current.get();
    if (table == null) {
      throw new IllegalStateException(
          "no DynamoDB Local table: call table() from a test, or a"
              + " @BeforeEach or @AfterEach method, of a class using DynamoDbLocalExtension");
    }
    return table;
  }

  /** Creates this test's table. */
  @Override
  public void beforeEach(ExtensionContext context) {
    DynamoDbLocal server = server(context);
    String tableName = "quick-photos-test-" + TABLES.incrementAndGet();
    QuickPhotosTable.createIfMissing(server.client(), tableName);
    LocalTable table = new LocalTable(server, tableName);
    context.getStore(NAMESPACE).put(LocalTable.class, table);
    current.set(table);
  }

  /** Deletes this test's table, so a long run does not hold every test's data in memory. */
  @Override
  public void afterEach(ExtensionContext context) {
    current.remove();
    LocalTable table = context.getStore(NAMESPACE).remove(LocalTable.class, LocalTable.class);
    if (table == null) {
      return;
    }
    try {
      table.client().deleteTable(r -> r.tableName(table.tableName()));
    } catch (SdkException e) {
      // The server may already be stopping; the table dies with it either way.
      LOG.debug("could not delete {}", table.tableName(), e);
    }
  }

  /**
   * Whether a parameter is one this extension supplies: {@link DynamoDbLocal} and
   * {@link DynamoDbClient} anywhere, {@link LocalTable} and {@link QuickPhotos} in test,
   * {@code @BeforeEach} and {@code @AfterEach} methods.
   */
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == DynamoDbLocal.class || type == DynamoDbClient.class) {
      return true;
    }
    return (type == LocalTable.class || type == QuickPhotos.class)
        && context.getTestMethod().isPresent();
  }

  /**
   * Supplies the shared server, its client, this test's table, or a new repository on that
   * table with no cost listener and the UTC system clock.
   */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == DynamoDbLocal.class) {
      return server(context);
    }
    if (type == DynamoDbClient.class) {
      return server(context).client();
    }
    LocalTable table = context.getStore(NAMESPACE).get(LocalTable.class, LocalTable.class);
    if (table == null) {
      throw new ParameterResolutionException("no DynamoDB Local table for this test yet");
    }
    return type == LocalTable.class ? table : table.repository();
  }
}
