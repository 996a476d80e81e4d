package io.quickphotos.dynamo;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.contract.QuickPhotosContract;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.time.Clock;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract suite on DynamoDB Local: a fresh table per test on one shared server. The few
 * tests DynamoDB Local cannot pass are skipped by name with the reason, see
 * {@link KnownLocalDeviations}.
 */
@ExtendWith(KnownLocalDeviations.class)
class DynamoQuickPhotosContractTest extends QuickPhotosContract {
  @RegisterExtension
  static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected QuickPhotos newRepository(CostListener costListener, Clock clock) {
    return DYNAMO.table().repository(costListener, clock);
  }
}
