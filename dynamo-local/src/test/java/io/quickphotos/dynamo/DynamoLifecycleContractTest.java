package io.quickphotos.dynamo;

import io.quickphotos.contract.Billing;
import io.quickphotos.contract.LifecycleContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lifecycle contract on DynamoDB Local: a fresh table per test on one shared server, the
 * DynamoDB engine over it. Capacity is expected as DynamoDB Local bills it where
 * {@link Billing#DYNAMODB_LOCAL} says it differs from the service.
 */
class DynamoLifecycleContractTest extends LifecycleContract {
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
