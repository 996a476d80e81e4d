package io.quickphotos.dynamo;

import io.quickphotos.contract.Billing;
import io.quickphotos.contract.EditsContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Versions, single attributes and counters on DynamoDB Local: a fresh table per test on one
 * shared server, every request checked against the IAM policy.
 */
class DynamoEditsContractTest extends EditsContract {
  @RegisterExtension
  @Order(1)
  static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  // After DYNAMO, so that each test's table exists while this reads it.
  @RegisterExtension
  @Order(2)
  static final IamPolicyCheck POLICY =
      new IamPolicyCheck(
          DYNAMO,
          "GetItem",
          "Query",
          "PutItem",
          "UpdateItem",
          "DeleteItem",
          "ConditionCheckItem",
          "Scan");

  @Override
  protected Object newEngine() {
    return new DynamoTable(POLICY.client(), DYNAMO.table().tableName());
  }

  @Override
  protected Billing billing() {
    return Billing.DYNAMODB_LOCAL;
  }
}
