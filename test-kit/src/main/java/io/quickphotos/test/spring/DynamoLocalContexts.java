package io.quickphotos.test.spring;

import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Puts a test context on DynamoDB Local: one server for the JVM, started on first use and stopped
 * when the JVM exits; a client of the context's own, a primary bean closed with the context; and
 * a table of the context's own, which the starter creates. Loaded only for DynamoDB Local
 * contexts, so that memory contexts need neither quickphotos-dynamo-local nor the AWS SDK.
 */
final class DynamoLocalContexts {
  private static final AtomicLong TABLES = new AtomicLong();
  private static DynamoDbLocal server;

  private DynamoLocalContexts() {}

  /** The server shared by every DynamoDB Local context of this JVM. */
  static synchronized DynamoDbLocal server() {
    if (server == null) {
      DynamoDbLocal started = DynamoDbLocal.start();
      Runtime.getRuntime().addShutdownHook(new Thread(started::close, "dynamodb-local-stop"));
      server = started;
    }
    return server;
  }

  /**
   * Registers the context's client and sets its table, over the application's configuration.
   *
   * @return the table, to empty on reset
   */
  static TestTable prepare(ConfigurableApplicationContext context) {
    String table = "quick-photos-spring-" + TABLES.incrementAndGet();
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(
            new MapPropertySource(
                QuickPhotosContextCustomizer.DYNAMODB_LOCAL,
                Map.of(
                    "quickphotos.backend", "dynamodb",
                    "quickphotos.table-name", table,
                    "quickphotos.create-table-if-missing", "true")));
    if (QuickPhotosContextCustomizer.aotProcessing()) {
      // Ahead of time only the properties count (they decide the conditions); the client, an
      // instance no generated code can make, is registered when the processed context starts,
      // as is the server, which processing does not need.
      return () -> {};
    }
    DynamoDbClient client = server().newClient();
    RootBeanDefinition definition = new RootBeanDefinition(DynamoDbClient.class, () -> client);
    definition.setPrimary(true);
    definition.setDestroyMethodName("close");
    ((BeanDefinitionRegistry) context.getBeanFactory())
        .registerBeanDefinition("quickPhotosTestDynamoDbClient", definition);
    return () -> empty(client, table);
  }

  /** Deletes every item of a table: a Scan of the keys, then BatchWriteItem, 25 at a time. */
  private static void empty(DynamoDbClient client, String table) {
    Map<String, AttributeValue> start = null;
    do {
      ScanResponse page =
          client.scan(
              ScanRequest.builder()
                  .tableName(table)
                  .projectionExpression("PK, SK")
                  .exclusiveStartKey(start)
                  .build());
      List<WriteRequest> deletes = new ArrayList<>();
      for (Map<String, AttributeValue> key : page.items()) {
        deletes.add(WriteRequest.builder().deleteRequest(d -> d.key(key)).build());
      }
      for (int i = 0; i < deletes.size(); i += 25) {
        Map<String, List<WriteRequest>> pending =
            Map.of(table, deletes.subList(i, Math.min(i + 25, deletes.size())));
        while (!pending.isEmpty()) {
          Map<String, List<WriteRequest>> request = pending;
          pending = client.batchWriteItem(r -> r.requestItems(request)).unprocessedItems();
        }
      }
      start =
          page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
              ? page.lastEvaluatedKey()
              : null;
    } while (start != null);
  }
}
