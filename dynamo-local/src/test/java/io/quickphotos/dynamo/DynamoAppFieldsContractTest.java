package io.quickphotos.dynamo;

import io.quickphotos.contract.AppFieldsContract;
import io.quickphotos.contract.Billing;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Captions and the application's attributes on DynamoDB Local: a fresh table per test on one
 * shared server, every request checked against the IAM policy.
 */
class DynamoAppFieldsContractTest extends AppFieldsContract {
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
          "BatchGetItem",
          "Query",
          "Query@index",
          "PutItem",
          "UpdateItem",
          "DeleteItem",
          "BatchWriteItem",
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
