package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.singletable.Item;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local started in this JVM, with the quick-photos table created by the DynamoDB backend
 * and a data set loaded. Closing it stops the server and loses the table.
 */
final class LocalTable implements AutoCloseable {
  /** The table's name, as the design names it. */
  static final String NAME = "quick-photos";

  private final DynamoDbLocal local;
  private final QuickPhotos repository;

  private LocalTable(DynamoDbLocal local, QuickPhotos repository) {
    this.local = local;
    this.repository = repository;
  }

  /**
   * Starts DynamoDB Local, creates the table through the repository and loads the data set's
   * items ({@link Loader#items}).
   *
   * @param data the data set
   * @param costListener the repository's cost listener
   * @param profileCopies whether to load the denormalized profile copies too
   * @return the running, loaded table
   */
  static LocalTable load(DataSet data, CostListener costListener, boolean profileCopies) {
    DynamoDbLocal local = DynamoDbLocal.start();
    try {
      QuickPhotos repository = DynamoQuickPhotos.builder()
          .client(local.client())
          .tableName(NAME)
          .costListener(costListener)
          .clock(DataSet.CLOCK)
          .createTableIfMissing(true)
          .build();
      long start = System.nanoTime();
      List<Item> items = Loader.items(data);
      if (profileCopies) {
        items.addAll(Loader.profileCopies(data, items));
      }
      Loader.put(local.client(), NAME, items);
      Loader.loaded("DynamoDB Local", items.size(), start);
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
  QuickPhotos repository() {
    return repository;
  }

  /**
   * The client the repository uses, for hand-written requests on the same endpoint.
   *
   * @return the shared client; closed by {@link #close()}
   */
  DynamoDbClient client() {
    return local.client();
  }

  @Override
  public void close() {
    local.close();
  }
}
