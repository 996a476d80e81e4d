package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CostModelTest {

  @Test
  void unitsArePricedPerMillion() {
    CostModel model = new CostModel(0.25, 1.25);

    assertThat(model.dollars(2_000_000, 0)).isCloseTo(0.5, within(1e-12));
    assertThat(model.dollars(0, 4_000_000)).isCloseTo(5.0, within(1e-12));
    assertThat(model.dollars(1_000_000, 1_000_000)).isCloseTo(1.5, within(1e-12));
  }

  @Test
  void aCallIsPricedByItsReadAndWriteUnits() {
    CostModel model = CostModel.ON_DEMAND_US_EAST_1;
    OperationCost follow = new OperationCost(AccessPattern.FOLLOW, 1, 0.5, 12, 0, true);

    double perMillionCalls = model.dollars(follow) * 1_000_000;

    assertThat(perMillionCalls)
        .isCloseTo(
            0.5 * model.dollarsPerMillionReadUnits() + 12 * model.dollarsPerMillionWriteUnits(),
            within(1e-9));
  }

  @Test
  void theDefaultIsOnDemandInUsEast1() {
    assertThat(CostModel.ON_DEMAND_US_EAST_1.dollarsPerMillionReadUnits()).isEqualTo(0.125);
    assertThat(CostModel.ON_DEMAND_US_EAST_1.dollarsPerMillionWriteUnits()).isEqualTo(0.625);
  }

  @Test
  void pricesMustBeFiniteAndNotNegative() {
    assertThatThrownBy(() -> new CostModel(-1, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CostModel(1, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CostModel(Double.POSITIVE_INFINITY, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void costsBuiltTheOldWayCarryNoLatencyExceptionOrRetries() {
    OperationCost cost = new OperationCost(AccessPattern.GET_USER, 1, 1, 0, 1, true, List.of());

    assertThat(cost.latencyNanos()).isZero();
    assertThat(cost.exception()).isNull();
    assertThat(cost.retries()).isEmpty();
    assertThat(cost.attempts()).isEqualTo(1);
  }

  @Test
  void attemptsAddTheSdksRetriesToTheRequests() {
    List<RequestRetries> retries =
        List.of(
            new RequestRetries("GetItem", 2, 0, 2, 0),
            new RequestRetries("TransactWriteItems", 1, 3, 1, 1));
    OperationCost cost =
        new OperationCost(AccessPattern.FOLLOW, 5, 0, 12, 0, false, List.of(), 1_000, "X", retries);

    assertThat(cost.attempts()).isEqualTo(5 + 2 + 1);
    assertThat(cost.retryCount()).isEqualTo(2 + 1 + 3);
    assertThat(cost.throttleCount()).isEqualTo(3);
    assertThat(cost.unknownOutcomeCount()).isEqualTo(1);
    assertThat(cost.latency().toNanos()).isEqualTo(1_000);
  }

  @Test
  void aSucceededCallNamesNoExceptionAndLatencyIsNotNegative() {
    assertThatThrownBy(
            () ->
                new OperationCost(
                    AccessPattern.GET_USER, 1, 1, 0, 1, true, List.of(), 0, "X", List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new OperationCost(
                    AccessPattern.GET_USER, 1, 1, 0, 1, false, List.of(), -1, null, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
