package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The settings types keep {@link QuickPhotos}' convention for values: equal when they configure
 * the same thing, a {@code defaults()} for each default, and {@link IllegalArgumentException} or
 * {@link NullPointerException} for a bad value.
 */
class SettingsTest {

  /**
   * Each group's members are equal to each other, with equal hash codes, and unequal to every
   * member of the other groups, to null and to another type.
   */
  @SafeVarargs
  static void assertEqualityGroups(List<Object>... groups) {
    for (int g = 0; g < groups.length; g++) {
      for (Object one : groups[g]) {
        assertThat(one).isEqualTo(one).isNotEqualTo(null).isNotEqualTo(new Object());
        for (Object same : groups[g]) {
          assertThat(one).isEqualTo(same);
          assertThat(one.hashCode())
              .as("hash codes of %s and %s", one, same)
              .isEqualTo(same.hashCode());
        }
        for (int h = 0; h < groups.length; h++) {
          if (h != g) {
            for (Object other : groups[h]) {
              assertThat(one).isNotEqualTo(other);
            }
          }
        }
      }
    }
  }

  @Test
  void retryPoliciesAreEqualWhenTheyRetryAlike() {
    assertEqualityGroups(
        List.of(
            RetryPolicy.defaults(),
            new RetryPolicy(8, Duration.ofMillis(20), Duration.ofSeconds(2)),
            RetryPolicy.of(8, Duration.ofMillis(20))),
        List.of(RetryPolicy.noDelay(), RetryPolicy.noDelay(8)),
        List.of(RetryPolicy.noDelay(3)),
        List.of(RetryPolicy.of(8, Duration.ofMillis(21))),
        List.of(new RetryPolicy(8, Duration.ofMillis(20), Duration.ofSeconds(3))));
  }

  @Test
  void theDefaultPolicyWaitsAtMostFourAndAHalfSecondsInAll() {
    // What RetryPolicy's Javadoc states: the first retry's ceiling is twice the base delay.
    RetryPolicy policy = RetryPolicy.defaults();
    Duration total = Duration.ZERO;
    for (int retry = 1; retry < policy.maxAttempts(); retry++) {
      total = total.plus(io.quickphotos.engine.Backoff.ceiling(policy, retry));
    }
    assertThat(io.quickphotos.engine.Backoff.ceiling(policy, 1))
        .isEqualTo(policy.baseDelay().multipliedBy(2));
    assertThat(total).isEqualTo(Duration.ofMillis(4_520));
  }

  @Test
  void costModelsAreEqualWhenTheirPricesAre() {
    assertEqualityGroups(
        List.of(CostModel.ON_DEMAND_US_EAST_1, new CostModel(0.125, 0.625)),
        List.of(new CostModel(0.142, 0.7125), new CostModel(0.142, 0.7125)),
        List.of(new CostModel(0.625, 0.125)),
        List.of(new CostModel(0, 0), new CostModel(0.0, 0.0)));
  }

  @Test
  void fanOutsAndShardingsAreEqualWhenTheyConfigureTheSameThing() {
    assertEqualityGroups(
        List.of(FanOut.defaults(), FanOut.off()),
        List.of(FanOut.hybrid(), FanOut.hybrid(1_000, Duration.ofDays(30))),
        List.of(FanOut.hybrid(1_000, Duration.ofDays(7))),
        List.of(FanOut.hybrid(10, Duration.ofDays(30))));
    assertEqualityGroups(
        List.of(Sharding.defaults(), Sharding.of(8, 1_000, 1_000)),
        List.of(Sharding.off()),
        List.of(Sharding.of(8, 1_000, 500)),
        List.of(Sharding.of(16, 1_000, 1_000)));
    assertEqualityGroups(
        List.of(TableSettings.defaults(), new TableSettings(FanOut.off(), Sharding.defaults())),
        List.of(new TableSettings(FanOut.hybrid(), Sharding.defaults())),
        List.of(new TableSettings(FanOut.off(), Sharding.off())));
  }

  @Test
  void everyDefaultIsNamedDefaults() {
    assertThat(FanOut.defaults()).isSameAs(FanOut.off());
    assertThat(TableSettings.defaults())
        .isEqualTo(new TableSettings(FanOut.defaults(), Sharding.defaults()));
    assertThat(CostListener.none()).isSameAs(CostListener.NONE);
    // The repository measures nothing for NONE; all() of nothing is it too.
    assertThat(CostListener.all()).isSameAs(CostListener.none());
  }

  @Test
  void aBadSettingIsAnIllegalArgumentOrANullPointer() {
    assertThatThrownBy(() -> Sharding.of(1, 10, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FanOut.hybrid(0, Duration.ofDays(30)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FanOut.hybrid(10, null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CostModel(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TableSettings(null, Sharding.off()))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> CostListener.all((CostListener) null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void aPageRequestRefusesAtConstructionWhatEveryListingRefuses() {
    for (int size : new int[] {0, -1, PageRequest.MAX_SIZE + 1, Integer.MAX_VALUE}) {
      assertThatThrownBy(() -> PageRequest.first(size))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("page size must be 1 to 100");
    }
    assertThatThrownBy(() -> new PageRequest(5, null)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> PageRequest.after(null, 5)).isInstanceOf(InvalidCursorException.class);
    assertThat(PageRequest.first(PageRequest.MAX_SIZE))
        .isEqualTo(new PageRequest(100, Optional.empty()));
    // followedBy fetches a page's profiles with one BatchGetItem: its limit bounds every page.
    assertThat(PageRequest.MAX_SIZE)
        .isLessThanOrEqualTo(io.quickphotos.engine.Limits.MAX_BATCH_GET_KEYS);
  }
}
