package io.quickphotos.dynamo.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class DynamoDbLocalTest {

  @Test
  void eachServerHasItsOwnLoopbackPortAndTables() {
    try (DynamoDbLocal one = DynamoDbLocal.start();
        DynamoDbLocal two = DynamoDbLocal.start()) {
      assertThat(one.port()).isNotEqualTo(two.port());
      assertThat(one.endpoint().toString()).isEqualTo("http://127.0.0.1:" + one.port());
      one.client()
          .createTable(io.quickphotos.dynamo.QuickPhotosTable.createTableRequest("only-on-one"));
      assertThat(one.client().listTables().tableNames()).containsExactly("only-on-one");
      assertThat(two.client().listTables().tableNames()).isEmpty();
    }
  }

  @Test
  void closeStopsTheServerAndIsIdempotent() {
    DynamoDbLocal local = DynamoDbLocal.start();
    DynamoDbClient own = local.newClient();
    assertThat(own.listTables().tableNames()).isEmpty();
    local.close();
    local.close();
    assertThatThrownBy(own::listTables).isInstanceOf(SdkClientException.class);
    own.close();
  }
}
