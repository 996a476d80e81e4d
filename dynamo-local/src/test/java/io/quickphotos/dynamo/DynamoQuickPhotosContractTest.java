package io.quickphotos.dynamo;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.contract.Billing;
import io.quickphotos.contract.QuickPhotosContract;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.time.Clock;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract suite on DynamoDB Local: a fresh table per test on one shared server. Every test
 * runs; where DynamoDB Local bills capacity differently from the service (transactions, queries
 * that read nothing) the suite expects Local's numbers, named in {@link Billing#DYNAMODB_LOCAL}
 * and pinned request by request in {@link DynamoDbLocalCapacityTest}.
 */
class DynamoQuickPhotosContractTest extends QuickPhotosContract {
  @RegisterExtension
  @Order(1)
  static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  // Records every request and fails the class on one the IAM policy would refuse. After DYNAMO,
  // so that each test's table exists while this reads it.
  @RegisterExtension
  @Order(2)
  static final IamPolicyCheck POLICY = IamPolicyCheck.reachingEveryAction(DYNAMO);

  @Override
  protected QuickPhotos newRepository(CostListener costListener, Clock clock) {
    return DynamoQuickPhotos.builder()
        .client(POLICY.client())
        .tableName(DYNAMO.table().tableName())
        .costListener(costListener)
        .clock(clock)
        .build();
  }

  @Override
  protected Billing billing() {
    return Billing.DYNAMODB_LOCAL;
  }
}
