package io.quickphotos.spring.boot;

import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import java.time.Clock;
import org.springframework.beans.factory.BeanFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClientBuilder;

/**
 * Where the change feed's stream comes from: the memory table's {@link MemoryStreams}, or a
 * DynamoDB table's stream read through a {@link DynamoDbStreamsClient}. Its own class, so that the
 * auto-configuration names no type of the AWS SDK's or of quickphotos-streams: it is loaded only
 * when the change feed is on. Stateless.
 */
final class ChangeFeedStreams {
  /** What the decoder needs of each record: the item before and after the change. */
  static final StreamViewType VIEW = StreamViewType.NEW_AND_OLD_IMAGES;

  /**
   * A stream to read, and the client the feed built for it (closed with the feed), if it built
   * one.
   */
  record Source(DynamoDbStreamsClient client, String streamArn, AutoCloseable owned) {}

  private ChangeFeedStreams() {}

  /**
   * Gives a memory builder a table of its own with a NEW_AND_OLD_IMAGES stream, recorded for the
   * feed. The stream's clock is the repository's, so that a test's clock trims and expires it as
   * it stamps the repository's writes.
   */
  static MemoryQuickPhotos.Builder withStream(
      MemoryQuickPhotos.Builder builder, Clock clock, BuiltRepository built) {
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream = MemoryStreams.enable(table, VIEW, clock);
    if (built != null) {
      built.recordMemoryStream(stream);
    }
    return builder.table(table);
  }

  /**
   * The stream of the memory table the starter built its repository on.
   *
   * @throws QuickPhotosStartupException if the starter did not build the repository
   */
  static Source memory(BuiltRepository built) {
    if (built == null || !(built.memoryStream() instanceof MemoryStreams stream)) {
      throw new QuickPhotosStartupException(
          "quickphotos.change-feed.enabled is true on the memory backend, and the QuickPhotos"
              + " bean is not the starter's: the change feed reads the stream of the memory"
              + " table the starter builds its repository on.",
          "Leave the repository to the starter (customize it with a"
              + " QuickPhotosBuilderCustomizer), or enable the stream of your repository's"
              + " table yourself (MemoryStreams.enable) and run a StreamPoller on it; or set"
              + " quickphotos.change-feed.enabled=false.",
          null);
    }
    return new Source(stream.client(), stream.streamArn(), null);
  }

  /**
   * The stream of a DynamoDB table: one DescribeTable for its ARN and view type, read with the
   * application's {@link DynamoDbStreamsClient} bean, or a client the feed builds with the
   * region, endpoint and credentials of the context's {@link DynamoDbClient}.
   *
   * @throws QuickPhotosStartupException if there is no client, the table is missing, or its
   *     stream is off or carries less than both images
   */
  static Source dynamoDb(BeanFactory beans, String table) {
    DynamoDbClient client = beans.getBeanProvider(DynamoDbClient.class).getIfUnique();
    if (client == null) {
      throw new QuickPhotosStartupException(
          "quickphotos.change-feed.enabled is true on the dynamodb backend and there is no one"
              + " DynamoDbClient bean to describe the table "
              + table
              + " with.",
          "Declare one DynamoDbClient bean (or mark one @Primary), or set"
              + " quickphotos.change-feed.enabled=false.",
          null);
    }
    TableDescription description;
    try {
      description = client.describeTable(r -> r.tableName(table)).table();
    } catch (ResourceNotFoundException e) {
      throw new QuickPhotosStartupException(
          "The change feed's table " + table + " does not exist (" + e.getMessage() + ").",
          "Point quickphotos.table-name at the table whose stream to read.",
          e);
    }
    StreamSpecification stream = description.streamSpecification();
    boolean readable =
        stream != null
            && Boolean.TRUE.equals(stream.streamEnabled())
            && stream.streamViewType() == VIEW
            && description.latestStreamArn() != null;
    if (!readable) {
      throw new QuickPhotosStartupException(
          "quickphotos.change-feed.enabled is true and the table "
              + table
              + " has "
              + (stream == null || !Boolean.TRUE.equals(stream.streamEnabled())
                  ? "no stream"
                  : "a stream of " + stream.streamViewType() + ", not " + VIEW)
              + ": the change feed decodes each record from the item before and after it.",
          "Enable the table's stream with NEW_AND_OLD_IMAGES (UpdateTable's StreamSpecification;"
              + " aws dynamodb update-table --table-name "
              + table
              + " --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES),"
              + " and allow dynamodb:DescribeStream, GetShardIterator, GetRecords and"
              + " ListStreams on it; or set quickphotos.change-feed.enabled=false.",
          null);
    }
    DynamoDbStreamsClient streams =
        beans.getBeanProvider(DynamoDbStreamsClient.class).getIfUnique();
    if (streams != null) {
      return new Source(streams, description.latestStreamArn(), null);
    }
    DynamoDbStreamsClient built = streamsClientLike(client);
    return new Source(built, description.latestStreamArn(), built);
  }

  /**
   * A streams client where the table's client goes: its region, its endpoint when overridden
   * (DynamoDB Local serves both APIs on one), and its credentials; the SDK's default HTTP client.
   */
  private static DynamoDbStreamsClient streamsClientLike(DynamoDbClient client) {
    DynamoDbServiceClientConfiguration config = client.serviceClientConfiguration();
    DynamoDbStreamsClientBuilder builder = DynamoDbStreamsClient.builder();
    if (config.region() != null) {
      builder.region(config.region());
    }
    config.endpointOverride().ifPresent(builder::endpointOverride);
    if (config.credentialsProvider() != null) {
      builder.credentialsProvider(config.credentialsProvider());
    }
    try {
      return builder.build();
    } catch (SdkException e) {
      throw new QuickPhotosStartupException(
          "The change feed could not build a DynamoDB Streams client like the table's: "
              + e.getMessage(),
          "Declare a DynamoDbStreamsClient bean, or set quickphotos.change-feed.enabled=false.",
          e);
    }
  }
}
