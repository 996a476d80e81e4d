package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CostListenerTest {
  private static final OperationCost COST =
      new OperationCost(AccessPattern.GET_USER, 1, 1, 0, 1, true, List.of());

  /** A listener that says what it asks for and logs what it receives under its name. */
  private static CostListener named(
      String name, List<String> log, boolean timesCalls, boolean countsSdkAttempts) {
    return new CostListener() {
      @Override
      public void onCost(OperationCost cost) {
        log.add(name);
      }

      @Override
      public boolean timesCalls() {
        return timesCalls;
      }

      @Override
      public boolean countsSdkAttempts() {
        return countsSdkAttempts;
      }
    };
  }

  @Test
  void callsEachListenerInTheOrderGiven() {
    List<String> log = new ArrayList<>();
    CostListener all =
        CostListener.all(
            named("a", log, false, false), named("b", log, false, false), cost -> log.add("c"));

    all.onCost(COST);
    all.onCost(COST);

    assertThat(log).containsExactly("a", "b", "c", "a", "b", "c");
  }

  @Test
  void failuresReachEveryPartInOrder() {
    List<String> log = new ArrayList<>();
    IllegalStateException failure = new IllegalStateException("boom");
    CostListener recording =
        new CostListener() {
          @Override
          public void onCost(OperationCost cost) {}

          @Override
          public void onCallFailure(AccessPattern pattern, Throwable thrown) {
            log.add(pattern + " " + thrown.getMessage());
          }
        };

    CostListener.all(recording, cost -> {}, recording).onCallFailure(AccessPattern.FOLLOW, failure);

    assertThat(log).containsExactly("FOLLOW boom", "FOLLOW boom");
  }

  @Test
  void asksForTimingAndSdkAttemptsWhenAnyPartDoes() {
    List<String> log = new ArrayList<>();
    CostListener neither = named("neither", log, false, false);
    CostListener timing = named("timing", log, true, false);
    CostListener attempts = named("attempts", log, false, true);

    assertThat(CostListener.all(neither, neither).timesCalls()).isFalse();
    assertThat(CostListener.all(neither, neither).countsSdkAttempts()).isFalse();
    assertThat(CostListener.all(neither, timing).timesCalls()).isTrue();
    assertThat(CostListener.all(neither, timing).countsSdkAttempts()).isFalse();
    assertThat(CostListener.all(attempts, neither).timesCalls()).isFalse();
    assertThat(CostListener.all(attempts, neither).countsSdkAttempts()).isTrue();
    // A plain lambda keeps the interface's defaults: both.
    CostListener lambda = cost -> {};
    assertThat(CostListener.all(neither, lambda).timesCalls()).isTrue();
    assertThat(CostListener.all(neither, lambda).countsSdkAttempts()).isTrue();
  }

  @Test
  void aListenerThatThrowsDoesNotKeepTheCostFromTheOthers() {
    List<String> log = new ArrayList<>();
    IllegalStateException first = new IllegalStateException("metrics down");
    IllegalArgumentException second = new IllegalArgumentException("log full");
    CostListener all =
        CostListener.all(
            cost -> {
              throw first;
            },
            named("b", log, true, true),
            cost -> {
              throw second;
            },
            named("d", log, true, true));

    assertThatThrownBy(() -> all.onCost(COST))
        .isSameAs(first)
        .satisfies(e -> assertThat(e.getSuppressed()).containsExactly(second));
    assertThat(log).containsExactly("b", "d");
  }

  /** A listener that asks for starts and logs each start and cost under its name. */
  private static CostListener starting(String name, List<String> log) {
    return new CostListener() {
      @Override
      public void onCost(OperationCost cost) {
        log.add(name + " cost " + cost.pattern());
      }

      @Override
      public boolean receivesCallStarts() {
        return true;
      }

      @Override
      public void onCallStart(AccessPattern pattern) {
        log.add(name + " start " + pattern);
      }
    };
  }

  @Test
  void startsAreAskedForWhenAnyPartAsksAndGoToEveryPartInOrder() {
    List<String> log = new ArrayList<>();
    CostListener plain = cost -> log.add("plain cost " + cost.pattern());

    assertThat(plain.receivesCallStarts()).as("the default").isFalse();
    assertThat(CostListener.all(plain, cost -> {}).receivesCallStarts()).isFalse();
    CostListener all = CostListener.all(plain, starting("a", log), starting("b", log));
    assertThat(all.receivesCallStarts()).isTrue();

    all.onCallStart(AccessPattern.GET_USER);
    all.onCost(COST);

    assertThat(log)
        .containsExactly(
            "a start GET_USER",
            "b start GET_USER",
            "plain cost GET_USER",
            "a cost GET_USER",
            "b cost GET_USER");
  }

  @Test
  void aPartThatThrowsOnAStartDoesNotKeepItFromTheOthers() {
    List<String> log = new ArrayList<>();
    IllegalStateException failure = new IllegalStateException("tracer down");
    CostListener throwing =
        new CostListener() {
          @Override
          public void onCost(OperationCost cost) {}

          @Override
          public void onCallStart(AccessPattern pattern) {
            throw failure;
          }
        };
    CostListener all = CostListener.all(throwing, starting("b", log));

    assertThatThrownBy(() -> all.onCallStart(AccessPattern.FOLLOW)).isSameAs(failure);
    assertThat(log).containsExactly("b start FOLLOW");
  }

  @Test
  void anErrorPropagatesAtOnce() {
    AtomicInteger after = new AtomicInteger();
    CostListener all =
        CostListener.all(
            cost -> {
              throw new AssertionError("stop");
            },
            cost -> after.incrementAndGet());

    assertThatThrownBy(() -> all.onCost(COST)).isInstanceOf(AssertionError.class);
    assertThat(after).hasValue(0);
  }

  @Test
  void theSameExceptionThrownTwiceIsNotSuppressedInItself() {
    IllegalStateException shared = new IllegalStateException("shared");
    CostListener throwing =
        cost -> {
          throw shared;
        };

    assertThatThrownBy(() -> CostListener.all(throwing, throwing).onCost(COST))
        .isSameAs(shared)
        .satisfies(e -> assertThat(e.getSuppressed()).isEmpty());
  }

  @Test
  void noneIsLeftOutSoThatNothingCombinedWithNothingStaysNone() {
    CostListener one = cost -> {};

    assertThat(CostListener.all()).isSameAs(CostListener.NONE);
    assertThat(CostListener.all(CostListener.NONE, CostListener.NONE)).isSameAs(CostListener.NONE);
    assertThat(CostListener.all(CostListener.NONE, one)).isSameAs(one);
    assertThat(CostListener.all(one)).isSameAs(one);
  }

  @Test
  void theArrayIsCopied() {
    List<String> log = new ArrayList<>();
    CostListener[] listeners = {named("a", log, true, true), named("b", log, true, true)};
    CostListener all = CostListener.all(listeners);
    listeners[1] = named("changed", log, true, true);

    all.onCost(COST);

    assertThat(log).containsExactly("a", "b");
  }

  @Test
  void nullsAreRefusedWithTheirIndex() {
    assertThatThrownBy(() -> CostListener.all((CostListener[]) null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("listeners");
    assertThatThrownBy(() -> CostListener.all(CostListener.NONE, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("listeners[1] is null");
  }
}
