package io.quickphotos.bench;

// Internal on purpose: the door to the engines, for the benchmarks whose subject is below the
// repository (README.md, "What the benchmarks use"); the others build repositories with the
// backends' builders alone.
import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.memory.internal.MemoryTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The engines under the repositories, and repositories built straight on them, for the
 * benchmarks that must reach below the repository: the query shapes and the fan-out-on-write
 * models (written against the {@link Table} SPI), the access patterns' undoing writes (one
 * DeleteItem, where the public API has only cascades), the hybrid feed's storage. Each such
 * benchmark is listed, with its reason, in README.md and in {@code PublicApiOnlyTest}.
 */
public final class Engines {
  private Engines() {}

  /**
   * A new, empty in-memory engine.
   *
   * @return the engine
   */
  public static MemoryTable memory() {
    return new MemoryTable();
  }

  /**
   * The DynamoDB engine on the benchmarks' table ({@value LocalTable#NAME}).
   *
   * @param client the client
   * @param countAttempts whether to count the SDK's attempts (its metric collection on)
   * @return the engine
   */
  public static Table dynamoDb(DynamoDbClient client, boolean countAttempts) {
    return new DynamoTable(client, LocalTable.NAME, countAttempts);
  }

  /**
   * The repository on an engine, as the builders wire it without faults, limits or latency:
   * stamped by {@link DataSet#CLOCK}, fan-out on read, the default sharding, one request at a time.
   *
   * @param engine the engine
   * @param costs where the repository reports what each call cost
   * @return the repository
   */
  public static QuickPhotos repository(Table engine, CostListener costs) {
    return Repositories.create(
        engine, RepositoryOptions.defaults().withCostListener(costs).withClock(DataSet.CLOCK));
  }
}
