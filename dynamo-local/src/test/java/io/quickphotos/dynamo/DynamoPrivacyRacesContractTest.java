package io.quickphotos.dynamo;

import io.quickphotos.contract.PrivacyRacesContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Refusals seen at once, and the races of who may see what, on DynamoDB Local. */
class DynamoPrivacyRacesContractTest extends PrivacyRacesContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  @Override
  protected int[] histories() {
    return new int[] {2, 40};
  }
}
