package io.quickphotos.dynamo;

import io.quickphotos.contract.Billing;
import io.quickphotos.contract.ViewsContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Views of a photo on DynamoDB Local: a fresh table per test on one shared server. Its requests
 * are of the actions the contract suite's IAM check already covers (GetItem, Query,
 * TransactWriteItems with Put, Update and ConditionCheck).
 */
class DynamoViewsContractTest extends ViewsContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  @Override
  protected Billing billing() {
    return Billing.DYNAMODB_LOCAL;
  }
}
