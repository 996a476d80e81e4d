package io.quickphotos.conformance;

import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.engine.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One DynamoDB Local server and one table for every property in the test JVM. Starting a table
 * per try would dominate the run time, so each try writes under a key prefix of its own instead
 * (see the properties), which isolates tries as well as fresh tables would.
 */
final class SharedDynamoDbLocal {
  static final String TABLE = "conformance";

  private static DynamoDbLocal server;

  private SharedDynamoDbLocal() {}

  static synchronized DynamoDbClient client() {
    if (server == null) {
      server = DynamoDbLocal.start();
      QuickPhotosTable.createIfMissing(server.client(), TABLE);
      Runtime.getRuntime().addShutdownHook(new Thread(server::close, "dynamodb-local-stop"));
    }
    return server.client();
  }

  /** The server's endpoint, for clients of a test's own making (e.g. with injected faults). */
  static synchronized java.net.URI endpoint() {
    client();
    return server.endpoint();
  }

  static Table engine() {
    return new DynamoTable(client(), TABLE);
  }
}
