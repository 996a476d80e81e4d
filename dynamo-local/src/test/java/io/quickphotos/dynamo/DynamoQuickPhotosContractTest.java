package io.quickphotos.dynamo;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.contract.Billing;
import io.quickphotos.contract.QuickPhotosContract;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.time.Clock;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract suite on DynamoDB Local: a fresh table per test on one shared server. Every test
 * runs; where DynamoDB Local bills capacity differently from the service (transactions, queries
 * that read nothing) the suite expects Local's numbers, named in {@link Billing#DYNAMODB_LOCAL}
 * and pinned request by request in {@link DynamoDbLocalCapacityTest}.
 */
class DynamoQuickPhotosContractTest extends QuickPhotosContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected QuickPhotos newRepository(CostListener costListener, Clock clock) {
    return DYNAMO.table().repository(costListener, clock);
  }

  @Override
  protected Billing billing() {
    return Billing.DYNAMODB_LOCAL;
  }
}
