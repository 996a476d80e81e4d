package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Exactly once in effect: a handler killed in the middle of a batch, and the batch delivered
 * again by a new poller on the same checkpoints (as a restarted process would), or twice in a row
 * (as Lambda retries), leaves the same effect as one clean delivery.
 */
class ExactlyOnceTest {

  /** An application's projection: followers per user and the events applied, with its marks. */
  static final class Projection implements ChangeHandler {
    final AppliedMarks marks = new AppliedMarks();
    final List<String> applied = new ArrayList<>();
    final Map<String, Integer> followers = new HashMap<>();
    // What a handler without marks would have done: every delivery applied.
    final List<String> naive = new ArrayList<>();
    int received;
    int skipped;
    int killAt = -1;

    @Override
    public void handle(List<Delivery> batch) {
      for (Delivery d : batch) {
        if (received++ == killAt) {
          throw new IllegalStateException("killed in the middle of a batch");
        }
        naive.add(Story.describe(d.event()));
        if (!marks.applyOnce(d, this::apply)) {
          skipped++;
        }
      }
    }

    private void apply(Delivery d) {
      applied.add(Story.describe(d.event()));
      if (d.event() instanceof ChangeEvent.Followed f) {
        followers.merge(f.follow().followed(), 1, Integer::sum);
      } else if (d.event() instanceof ChangeEvent.RequestApproved a) {
        followers.merge(a.follow().followed(), 1, Integer::sum);
      } else if (d.event() instanceof ChangeEvent.Unfollowed u) {
        followers.merge(u.followed(), -1, Integer::sum);
      }
    }
  }

  @Test
  void aHandlerKilledAtAnyEventOfTheBatchAppliesEachChangeOnce() {
    int redelivered = 0;
    for (int killAt = 0; killAt < Story.EXPECTED.size(); killAt++) {
      Backends backend = Backends.memory(Clock.systemUTC());
      Story.play(backend.photos());
      Checkpoints checkpoints = Checkpoints.inMemory();
      Projection projection = new Projection();
      projection.killAt = killAt;

      StreamPoller first =
          StreamPoller.builder(backend.streams(), backend.streamArn(), projection)
              .checkpoints(checkpoints)
              .build();
      assertThatThrownBy(first::drain).isInstanceOf(StreamHandlerException.class);
      // A new process: the same checkpoints and the same application state.
      StreamPoller restarted =
          StreamPoller.builder(backend.streams(), backend.streamArn(), projection)
              .checkpoints(checkpoints)
              .build();
      restarted.drain();

      assertThat(projection.applied)
          .as("kill at %d", killAt)
          .containsExactlyElementsOf(Story.EXPECTED);
      assertThat(projection.followers).containsEntry("ann", 0).containsEntry("cat", 1);
      // What came again was skipped: without the marks, it would have counted twice.
      assertThat(projection.naive).hasSize(Story.EXPECTED.size() + projection.skipped);
      redelivered += projection.skipped;
    }
    assertThat(redelivered).isPositive();
  }

  @Test
  void aBatchDeliveredTwiceChangesNothingTheSecondTime() throws Exception {
    Backends backend = Backends.memory(Clock.systemUTC());
    Story.play(backend.photos());
    List<List<Delivery>> batches = new ArrayList<>();
    StreamPoller.builder(backend.streams(), backend.streamArn(), batches::add).build().drain();
    Projection projection = new Projection();

    for (List<Delivery> batch : batches) {
      projection.handle(batch);
      projection.handle(batch);
    }

    assertThat(projection.applied).containsExactlyElementsOf(Story.EXPECTED);
    assertThat(projection.naive).hasSize(2 * Story.EXPECTED.size());
    assertThat(projection.skipped).isEqualTo(Story.EXPECTED.size());
  }
}
