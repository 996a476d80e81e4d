/**
 * The Amazon DynamoDB backend of quickphotos: {@link io.quickphotos.dynamo.DynamoQuickPhotos} and
 * table provisioning ({@link io.quickphotos.dynamo.QuickPhotosTable}). The engine that turns plans
 * into DynamoDB requests ({@code io.quickphotos.dynamo.internal}) is exported to the test kit alone.
 */
@SuppressWarnings("module") // io.quickphotos.test (the test kit) is built after this module
module io.quickphotos.dynamo {
  requires transitive io.quickphotos;
  requires transitive software.amazon.awssdk.services.dynamodb;
  requires software.amazon.awssdk.awscore;
  requires software.amazon.awssdk.core;
  requires software.amazon.awssdk.metrics;
  requires software.amazon.awssdk.retries.api;
  requires software.amazon.awssdk.retries;
  requires org.slf4j;

  exports io.quickphotos.dynamo;
  exports io.quickphotos.dynamo.internal to
      io.quickphotos.test;
}
