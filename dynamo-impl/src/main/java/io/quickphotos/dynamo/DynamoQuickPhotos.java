package io.quickphotos.dynamo;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosBuilder;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.internal.repository.RepositoryBuilder;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Amazon DynamoDB backend: a {@link QuickPhotos} repository on one DynamoDB table, through
 * the AWS SDK for Java v2. Region, credentials, endpoint, HTTP client and the SDK's retry policy
 * are the application's to configure on the {@link DynamoDbClient} it passes in; quickphotos
 * never closes that client. The module depends on the SDK's {@code dynamodb} module as the SDK's
 * guide has applications do, with its default synchronous HTTP client ({@code apache-client}),
 * so a client built without one uses Apache's, whether or not the application depends on the
 * SDK itself.
 *
 * <p>Against AWS, with the default credentials and region chain:
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.create();
 * QuickPhotos photos = DynamoQuickPhotos.builder()
 *     .client(client)
 *     .tableName("quick-photos")
 *     .build();
 * }</pre>
 *
 * <p>Against DynamoDB Local or any DynamoDB-compatible endpoint, creating the table on first
 * use (DynamoDB Local accepts any credentials):
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.builder()
 *     .endpointOverride(URI.create("http://localhost:8000"))
 *     .region(Region.US_EAST_1)
 *     .credentialsProvider(StaticCredentialsProvider.create(
 *         AwsBasicCredentials.create("dummy", "dummy")))
 *     .build();
 * QuickPhotos photos = DynamoQuickPhotos.builder()
 *     .client(client)
 *     .createTableIfMissing(true)
 *     .costListener(cost -> log.info("{}", cost))
 *     .build();
 * }</pre>
 * In tests, {@code io.quickphotos.dynamo.local.DynamoDbLocal} (module
 * {@code quickphotos-dynamo-local}) runs DynamoDB Local in the test's own JVM.
 *
 * <p>Each repository method makes the requests listed on {@link QuickPhotos} and
 * {@link io.quickphotos.AccessPattern}, and reports the capacity DynamoDB returned for them
 * ({@code ReturnConsumedCapacity=TOTAL}) to the cost listener. SDK exceptions become
 * quickphotos exceptions with the SDK exception as the cause: a failed condition or cancelled
 * transaction becomes the domain error it means, throttling and service or network failures that
 * outlast the SDK's own retries become {@link io.quickphotos.ServiceUnavailableException}, and a
 * missing or differently laid-out table or index, or missing credentials or permissions, a
 * {@link io.quickphotos.TableConfigurationException} that names the problem.
 *
 * <p>Each transaction ({@code TransactWriteItems}) carries one {@code ClientRequestToken} per
 * repository call, reused by the repository's retries and by the SDK's own resends: within
 * DynamoDB's 10-minute idempotency window a repeat of an applied transaction writes nothing, so
 * no retry can apply it twice. A repeat that arrives while the first attempt is still in progress
 * ({@code TransactionInProgressException}, which the SDK retries as a throttling error) is
 * retried by the repository under the same token, with the builder's retry policy, until the
 * first attempt's outcome arrives. {@code createUser}, a single PutItem, stores a token of the
 * call on the item and asks for the item that fails its condition
 * ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}), so its resend returns the user it
 * created rather than {@link io.quickphotos.UserAlreadyExistsException}.
 */
public final class DynamoQuickPhotos {
  /**
   * The default {@link Builder#parallelism(int) parallelism}: the default connection pool of the SDK's Apache
   * HTTP client, which this module brings as the SDK's service modules do and which
   * {@code DynamoDbClient.create()} builds, so every request in flight has a connection to keep;
   * and enough for a home-feed page of 100 followed accounts to take three round trips (the
   * followed list, then two rounds of 50 queries) instead of 101. The URL-connection client keeps
   * only 5 idle connections to a host (the JDK's {@code http.maxConnections}): at this
   * parallelism it closed about 37 connections a feed page on DynamoDB Local where Apache's
   * closed none, and its pages were slower in 6 rounds of 7 (the module's README, "Which HTTP
   * client").
   */
  public static final int DEFAULT_PARALLELISM = 50;

  private DynamoQuickPhotos() {}

  /**
   * Starts configuring a repository.
   *
   * @return a builder; {@link Builder#client} is required, everything else has a default
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Configures a DynamoDB-backed repository: the options every backend shares ({@link
   * QuickPhotosBuilder}; here the parallelism is {@value #DEFAULT_PARALLELISM} unless set), and
   * the client, table name and provisioning of this one. Not thread-safe; the repository it
   * builds is.
   */
  public static final class Builder extends RepositoryBuilder<Builder> {
    private DynamoDbClient client;
    private String tableName = QuickPhotosTable.DEFAULT_NAME;
    private boolean createTableIfMissing;

    private Builder() {
      super(DEFAULT_PARALLELISM);
    }

    /**
     * The client every request goes through. Required. It is shared, never closed. Its own
     * retries inside each request (throttling, 5xx, timeouts), region, credentials, endpoint and
     * HTTP client are the application's to configure; keep its connection pool at or above the
     * {@link #parallelism(int) parallelism} (a request waiting for a connection waits, and fails
     * after the client's acquisition timeout).
     *
     * @param client a configured synchronous DynamoDB client
     * @return this builder
     */
    public Builder client(DynamoDbClient client) {
      this.client = Objects.requireNonNull(client, "client");
      return this;
    }

    /**
     * The table's name; {@value QuickPhotosTable#DEFAULT_NAME} unless set.
     *
     * @param tableName 3 to 255 letters, digits, {@code _}, {@code -} or {@code .}
     * @return this builder
     * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
     */
    public Builder tableName(String tableName) {
      QuickPhotosTable.checkTableName(tableName);
      this.tableName = tableName;
      return this;
    }

    /**
     * The table's name as set so far: {@value QuickPhotosTable#DEFAULT_NAME} unless {@link
     * #tableName(String)} set another. For code that configures a builder it did not make: Spring
     * Boot's starter tags a repository's meters and spans with it.
     *
     * @return the name
     */
    public String tableName() {
      return tableName;
    }

    /**
     * Whether {@link #build()} creates the table when it is missing and checks its layout when
     * it exists, by calling {@link QuickPhotosTable#createIfMissing} (named for its subject
     * there; here the option names the table, as the builder's other options are the
     * repository's); false unless set, in which case
     * {@code build()} makes one request, the GetItem of the table's recorded settings, and a
     * missing table shows on first use.
     *
     * @param createTableIfMissing true to provision at build time
     * @return this builder
     */
    public Builder createTableIfMissing(boolean createTableIfMissing) {
      this.createTableIfMissing = createTableIfMissing;
      return this;
    }

    /**
     * Builds the repository; with {@link #createTableIfMissing(boolean)} first provisions the
     * table, waiting until it is ACTIVE. Then reads the table's recorded settings (one GetItem,
     * not reported to the cost listener) for the fan-out and sharding not set here.
     *
     * @return the repository, thread-safe, to share
     * @throws IllegalStateException if no client was set
     * @throws io.quickphotos.TableConfigurationException if provisioning finds a table with
     *     another layout, or the credentials may not describe or create it
     * @throws io.quickphotos.ServiceUnavailableException if provisioning cannot reach DynamoDB
     */
    @Override
    public QuickPhotos build() {
      if (client == null) {
        throw new IllegalStateException("a DynamoDbClient is required: call client(...)");
      }
      if (createTableIfMissing) {
        QuickPhotosTable.createIfMissing(client, tableName);
      }
      CostListener costListener = options().costListener();
      // Counting the SDK's attempts turns its metric collection on: only for a listener that
      // reads them.
      DynamoTable table =
          new DynamoTable(
              client,
              tableName,
              costListener != CostListener.NONE && costListener.countsSdkAttempts());
      return build(table, table);
    }
  }
}
