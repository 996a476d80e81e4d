package io.quickphotos.streams;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A repository and its table's stream, on the memory engine (with its {@code MemoryStreams}) or on
 * DynamoDB Local (null).
 */
record Backends(
    QuickPhotos photos, DynamoDbStreamsClient streams, String streamArn, MemoryStreams memory) {
  private static final AtomicInteger TABLES = new AtomicInteger();

  /** The memory engine with a NEW_AND_OLD_IMAGES stream. */
  static Backends memory(Clock clock) {
    return memory(clock, cost -> {});
  }

  /** The memory engine with a NEW_AND_OLD_IMAGES stream, its costs reported to a listener. */
  static Backends memory(Clock clock, CostListener costs) {
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream = MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, clock);
    QuickPhotos photos =
        MemoryQuickPhotos.builder().table(table).clock(clock).costListener(costs).build();
    return new Backends(photos, stream.client(), stream.streamArn(), stream);
  }

  /** A new table on DynamoDB Local, created with a NEW_AND_OLD_IMAGES stream. */
  static Backends dynamoLocal(DynamoDbLocal local, Clock clock) {
    return dynamoLocal(local, clock, cost -> {});
  }

  /** A new table on DynamoDB Local with a stream, its costs reported to a listener. */
  static Backends dynamoLocal(DynamoDbLocal local, Clock clock, CostListener costs) {
    String name = "streams-" + TABLES.incrementAndGet();
    local
        .client()
        .createTable(
            QuickPhotosTable.createTableRequest(name).toBuilder()
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
                .build());
    String arn = local.client().describeTable(r -> r.tableName(name)).table().latestStreamArn();
    QuickPhotos photos =
        DynamoQuickPhotos.builder()
            .client(local.client())
            .tableName(name)
            .clock(clock)
            .costListener(costs)
            .build();
    return new Backends(photos, streamsClient(local), arn, null);
  }

  /** A streams client for DynamoDB Local, with its dummy credentials. */
  static DynamoDbStreamsClient streamsClient(DynamoDbLocal local) {
    return DynamoDbStreamsClient.builder()
        .endpointOverride(local.endpoint())
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .build();
  }
}
