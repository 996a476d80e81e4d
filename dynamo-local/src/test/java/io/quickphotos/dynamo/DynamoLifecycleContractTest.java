package io.quickphotos.dynamo;

import io.quickphotos.contract.Billing;
import io.quickphotos.contract.LifecycleContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lifecycle contract on DynamoDB Local: a fresh table per test on one shared server, the
 * DynamoDB engine over it. Capacity is expected as DynamoDB Local bills it where
 * {@link Billing#DYNAMODB_LOCAL} says it differs from the service.
 */
class DynamoLifecycleContractTest extends LifecycleContract {
  @RegisterExtension
  @Order(1)
  static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  // Records every request and fails the class on one the IAM policy would refuse. After DYNAMO,
  // so that each test's table exists while this reads it.
  @RegisterExtension
  @Order(2)
  static final IamPolicyCheck POLICY =
      new IamPolicyCheck(
          DYNAMO,
          "GetItem",
          "Query",
          "Query@index",
          "PutItem",
          "UpdateItem",
          "DeleteItem",
          "BatchWriteItem",
          "ConditionCheckItem");

  @Override
  protected Object newEngine() {
    return new DynamoTable(POLICY.client(), DYNAMO.table().tableName());
  }

  @Override
  protected Billing billing() {
    return Billing.DYNAMODB_LOCAL;
  }
}
