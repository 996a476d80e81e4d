package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Table;
import java.net.URI;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local started in this JVM, with the quick-photos table created and a data set imported
 * by the DynamoDB backend. Closing it stops the server and loses the table.
 */
final class LocalTable implements AutoCloseable {
  /** The table's name, as the design names it. */
  static final String NAME = Limits.DEFAULT_TABLE_NAME;

  private final DynamoDbLocal local;
  private final Table engine;
  private final QuickPhotos repository;

  private LocalTable(DynamoDbLocal local, Table engine, QuickPhotos repository) {
    this.local = local;
    this.engine = engine;
    this.repository = repository;
  }

  /**
   * Starts DynamoDB Local, creates the table and imports the data set through the repository.
   *
   * @param data the data set
   * @param costListener the repository's cost listener
   * @return the running, loaded table
   */
  static LocalTable load(DataSet data, CostListener costListener) {
    DynamoDbLocal local = DynamoDbLocal.start();
    try {
      QuickPhotosTable.createIfMissing(local.client(), NAME);
      Table engine = new DynamoTable(local.client(), NAME);
      QuickPhotos repository = DataSet.repository(engine, costListener);
      data.importInto(repository, "DynamoDB Local");
      return new LocalTable(local, engine, repository);
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
  QuickPhotos repository() {
    return repository;
  }

  /**
   * The DynamoDB engine the repository runs on, for requests around the repository.
   *
   * @return the engine, on the repository's client
   */
  Table engine() {
    return engine;
  }

  /**
   * The client the repository uses, for hand-written requests on the same endpoint.
   *
   * @return the shared client; closed by {@link #close()}
   */
  DynamoDbClient client() {
    return local.client();
  }

  /**
   * The endpoint of the DynamoDB Local server, for clients of one's own.
   *
   * @return {@code http://127.0.0.1:<port>}
   */
  URI endpoint() {
    return local.endpoint();
  }

  @Override
  public void close() {
    local.close();
  }
}
