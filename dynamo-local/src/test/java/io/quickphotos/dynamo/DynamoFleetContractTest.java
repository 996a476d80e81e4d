package io.quickphotos.dynamo;

import io.quickphotos.contract.FleetContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A fleet of differently set repositories on one DynamoDB Local table. */
class DynamoFleetContractTest extends FleetContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  @Override
  protected int[] histories() {
    return new int[] {1, 30};
  }

  @Override
  protected java.time.Duration soak() {
    return java.time.Duration.ofSeconds(3);
  }
}
