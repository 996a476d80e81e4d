package io.quickphotos.dynamo.internal;

import io.quickphotos.internal.singletable.codec.TableSettingsItem;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A DynamoDB client that records every request and answers with whatever the test's responder
 * returns or throws, to check request shapes and error translation without a server. The one
 * request a repository's builder makes, the GetItem of the table's recorded settings, is answered
 * "no settings" and kept apart in {@link #settingsReads}, so tests see the requests of calls.
 */
public final class FakeDynamoDbClient implements DynamoDbClient {
  public final List<SdkRequest> requests = new ArrayList<>();
  public final List<GetItemRequest> settingsReads = new ArrayList<>();
  private final Function<SdkRequest, Object> responder;
  public boolean closed;

  public FakeDynamoDbClient(Function<SdkRequest, Object> responder) {
    this.responder = responder;
  }

  @SuppressWarnings("unchecked")
  public <T extends SdkRequest> T last(Class<T> type) {
    return (T) requests.get(requests.size() - 1);
  }

  private <T> T answer(SdkRequest request, Class<T> type) {
    requests.add(request);
    return type.cast(responder.apply(request));
  }

  @Override
  public GetItemResponse getItem(GetItemRequest request) {
    if (request.key().get("PK").s().equals(TableSettingsItem.KEY.pk())) {
      settingsReads.add(request);
      return GetItemResponse.builder().build();
    }
    return answer(request, GetItemResponse.class);
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return answer(request, QueryResponse.class);
  }

  @Override
  public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
    return answer(request, BatchGetItemResponse.class);
  }

  @Override
  public PutItemResponse putItem(PutItemRequest request) {
    return answer(request, PutItemResponse.class);
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    return answer(request, UpdateItemResponse.class);
  }

  @Override
  public DeleteItemResponse deleteItem(DeleteItemRequest request) {
    return answer(request, DeleteItemResponse.class);
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
    return answer(request, TransactWriteItemsResponse.class);
  }

  @Override
  public DescribeTableResponse describeTable(DescribeTableRequest request) {
    return answer(request, DescribeTableResponse.class);
  }

  @Override
  public CreateTableResponse createTable(CreateTableRequest request) {
    return answer(request, CreateTableResponse.class);
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public void close() {
    closed = true;
  }
}
