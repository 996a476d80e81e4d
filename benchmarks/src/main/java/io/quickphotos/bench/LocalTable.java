package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.net.URI;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local started in this JVM, with the quick-photos table created and a data set imported
 * by the DynamoDB backend. Closing it stops the server and loses the table.
 */
public final class LocalTable implements AutoCloseable {
  /** The table's name, as the design names it. */
  public static final String NAME = QuickPhotosTable.DEFAULT_NAME;

  private final DynamoDbLocal local;
  private final QuickPhotos repository;

  private LocalTable(DynamoDbLocal local, QuickPhotos repository) {
    this.local = local;
    this.repository = repository;
  }

  /**
   * Starts DynamoDB Local, creates the table and imports the data set through the repository.
   *
   * @param data the data set
   * @param costListener the repository's cost listener
   * @return the running, loaded table
   */
  public static LocalTable load(DataSet data, CostListener costListener) {
    DynamoDbLocal local = DynamoDbLocal.start();
    try {
      QuickPhotosTable.createIfMissing(local.client(), NAME);
      QuickPhotos repository = repository(local.client(), costListener);
      data.importInto(repository, "DynamoDB Local");
      return new LocalTable(local, repository);
    } catch (RuntimeException | Error e) {
      local.close();
      throw e;
    }
  }

  /**
   * The DynamoDB backend's repository on this table.
   *
   * @return the repository
   */
  public QuickPhotos repository() {
    return repository;
  }

  /**
   * The client the repository uses, for hand-written requests on the same endpoint.
   *
   * @return the shared client; closed by {@link #close()}
   */
  public DynamoDbClient client() {
    return local.client();
  }

  /**
   * The endpoint of the DynamoDB Local server, for clients of one's own.
   *
   * @return {@code http://127.0.0.1:<port>}
   */
  public URI endpoint() {
    return local.endpoint();
  }

  /**
   * The DynamoDB backend's repository on the benchmarks' table, as every benchmark builds it:
   * stamped by {@link DataSet#CLOCK}, fan-out on read and the default sharding given (so building
   * it reads nothing), one request at a time.
   *
   * @param client the client
   * @param costListener the repository's cost listener
   * @return the repository
   */
  public static QuickPhotos repository(DynamoDbClient client, CostListener costListener) {
    return DynamoQuickPhotos.builder()
        .client(client)
        .tableName(NAME)
        .costListener(costListener)
        .clock(DataSet.CLOCK)
        .parallelism(1)
        .fanOut(FanOut.off())
        .sharding(Sharding.defaults())
        .build();
  }

  @Override
  public void close() {
    local.close();
  }
}
