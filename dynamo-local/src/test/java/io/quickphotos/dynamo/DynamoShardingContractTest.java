package io.quickphotos.dynamo;

import io.quickphotos.contract.ShardingContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The hot-keys contract on DynamoDB Local: a fresh table per test on one shared server. */
class DynamoShardingContractTest extends ShardingContract {
  @RegisterExtension
  @Order(1)
  static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  // Records every request and fails the class on one the IAM policy would refuse. After DYNAMO,
  // so that each test's table exists while this reads it.
  @RegisterExtension
  @Order(2)
  static final IamPolicyCheck POLICY = IamPolicyCheck.reachingEveryAction(DYNAMO);

  @Override
  protected Object newEngine() {
    return new DynamoTable(POLICY.client(), DYNAMO.table().tableName());
  }
}
