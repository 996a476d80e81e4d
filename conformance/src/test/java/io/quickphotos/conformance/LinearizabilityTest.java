package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.conformance.HistoryOp.Answer;
import io.quickphotos.conformance.HistoryOps.Follow;
import io.quickphotos.conformance.HistoryOps.GetUser;
import io.quickphotos.conformance.Linearizability.Call;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The checker itself: it must refuse what no order explains, and accept what one does. */
class LinearizabilityTest {
  private static final HistoryModel TWO_USERS =
      HistoryModel.EMPTY
          .with(HistoryModel.user(0))
          .with(HistoryModel.profile(0, "Name 0"))
          .with(HistoryModel.user(1))
          .with(HistoryModel.profile(1, "Name 1"));
  private static final HistoryModel FOLLOWING = TWO_USERS.with(HistoryModel.follow(0, 1));

  private static Call call(int thread, HistoryOp op, long from, long to, Answer answer) {
    return new Call(thread, 0, op, from, to, answer);
  }

  /** A read that ended before the follow began cannot see it... */
  @Test
  void aReadCannotSeeAWriteThatStartedAfterIt() {
    List<List<Call>> calls =
        List.of(
            List.of(
                call(
                    0,
                    new GetUser(1),
                    0,
                    10,
                    Answer.value(Optional.of(List.<Object>of("Name 1", 1L, 0L))))),
            List.of(call(1, new Follow(0, 1), 20, 30, Answer.value("followed"))));
    assertThat(Linearizability.explain(TWO_USERS, calls, FOLLOWING, Linearizability.STRICT))
        .isEmpty();
  }

  /** ...but may see it when the two overlap. */
  @Test
  void overlappingCallsMayBeOrderedEitherWay() {
    List<List<Call>> calls =
        List.of(
            List.of(
                call(
                    0,
                    new GetUser(1),
                    0,
                    25,
                    Answer.value(Optional.of(List.<Object>of("Name 1", 1L, 0L))))),
            List.of(call(1, new Follow(0, 1), 20, 30, Answer.value("followed"))));
    assertThat(Linearizability.explain(TWO_USERS, calls, FOLLOWING, Linearizability.STRICT))
        .isPresent();
  }

  /** Two successful follows of the same pair: one would have to be applied twice. */
  @Test
  void aWriteCannotSucceedTwice() {
    List<List<Call>> calls =
        List.of(
            List.of(call(0, new Follow(0, 1), 0, 10, Answer.value("followed"))),
            List.of(call(1, new Follow(0, 1), 0, 10, Answer.value("followed"))));
    assertThat(Linearizability.explain(TWO_USERS, calls, FOLLOWING, Linearizability.STRICT))
        .isEmpty();
  }

  /** The final state must be the order's: a lost friendship is caught. */
  @Test
  void aLostWriteIsCaughtByTheFinalState() {
    List<List<Call>> calls =
        List.of(List.of(call(0, new Follow(0, 1), 0, 10, Answer.value("followed"))));
    assertThat(Linearizability.explain(TWO_USERS, calls, TWO_USERS, Linearizability.STRICT))
        .isEmpty();
  }

  /** An unavailable call that says it wrote nothing cannot explain a write found applied. */
  @Test
  void anUnavailableCallThatWroteNothingIsHeldToIt() {
    List<List<Call>> nothing =
        List.of(
            List.of(
                call(
                    0,
                    new Follow(0, 1),
                    0,
                    10,
                    new Answer(
                        null,
                        ServiceUnavailableException.class,
                        ServiceUnavailableException.Written.NOTHING))));
    assertThat(
            Linearizability.explain(
                TWO_USERS, nothing, FOLLOWING, Linearizability.UNRELIABLE_NETWORK))
        .isEmpty();
    assertThat(
            Linearizability.explain(
                TWO_USERS, nothing, TWO_USERS, Linearizability.UNRELIABLE_NETWORK))
        .isPresent();
  }

  @Test
  void anUnreliableNetworkExplainsUnknownOutcomesAndRetriesThatSeeThemselves() {
    List<List<Call>> unknown =
        List.of(
            List.of(
                call(0, new Follow(0, 1), 0, 10, Answer.error(ServiceUnavailableException.class))));
    assertThat(
            Linearizability.explain(
                TWO_USERS, unknown, FOLLOWING, Linearizability.UNRELIABLE_NETWORK))
        .isPresent();
    assertThat(
            Linearizability.explain(
                TWO_USERS, unknown, TWO_USERS, Linearizability.UNRELIABLE_NETWORK))
        .isPresent();
    assertThat(Linearizability.explain(TWO_USERS, unknown, FOLLOWING, Linearizability.STRICT))
        .isEmpty();

    List<List<Call>> retried =
        List.of(
            List.of(
                call(0, new Follow(0, 1), 0, 10, Answer.error(AlreadyFollowingException.class))));
    assertThat(
            Linearizability.explain(
                TWO_USERS, retried, FOLLOWING, Linearizability.UNRELIABLE_NETWORK))
        .hasValueSatisfying(
            steps ->
                assertThat(steps).singleElement().asString().contains("retry saw its own write"));
    // Even so, the retry must not have applied the follow a second time or lost it.
    assertThat(
            Linearizability.explain(
                TWO_USERS, retried, TWO_USERS, Linearizability.UNRELIABLE_NETWORK))
        .isEmpty();
  }
}
