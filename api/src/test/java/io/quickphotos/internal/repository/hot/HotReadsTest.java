package io.quickphotos.internal.repository.hot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.PhotoId;
import io.quickphotos.contract.HeldClock;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link HotReads}, each interleaving forced step by step on a held clock: what a
 * refresh may keep when a write lands while it is in flight, how long a snapshot is served, how
 * readers of one key share one refresh, and the limit.
 */
class HotReadsTest {
  private static final Duration BOUND = Duration.ofSeconds(1);
  private static final Key STAR = KeyLayout.user("star");
  private static final PhotoId PHOTO = new PhotoId("star", Instant.parse("2024-01-01T00:00:00Z"));

  private final HeldClock clock = new HeldClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final HotReads reads = new HotReads(BOUND, clock);

  private static Item star(long followers) {
    return Item.builder(STAR).put("followers", followers).build();
  }

  private void refreshed(Key key, Item item) {
    HotReads.Refresh refresh = reads.claim(key);
    reads.keep(refresh, item);
    reads.done(refresh);
  }

  @Test
  void aSnapshotIsServedUntilItIsOlderThanTheBound() {
    refreshed(STAR, star(5));
    assertThat(reads.fresh(STAR)).isEqualTo(star(5));
    clock.advance(BOUND);
    assertThat(reads.fresh(STAR)).isEqualTo(star(5));
    clock.advance(Duration.ofNanos(1));
    assertThat(reads.fresh(STAR)).isNull();
  }

  @Test
  void aClockSetBackServesNothingKept() {
    refreshed(STAR, star(5));
    clock.advance(Duration.ofNanos(-1));
    assertThat(reads.fresh(STAR)).isNull();
  }

  @Test
  void aWriteToTheKeyOrOneOfItsShardsStopsItsSnapshotBeingServed() {
    refreshed(STAR, star(5));
    reads.written(Shards.key(STAR, 3));
    assertThat(reads.fresh(STAR)).isNull();
    refreshed(STAR, star(6));
    reads.written(List.of(new WriteAction.Delete(STAR, ItemCondition.NONE)));
    assertThat(reads.fresh(STAR)).isNull();
    refreshed(STAR, star(6));
    reads.writtenItems(List.of(star(7)));
    assertThat(reads.fresh(STAR)).isNull();
  }

  @Test
  void writesOfOtherItemsAndConditionChecksLeaveItServed() {
    refreshed(STAR, star(5));
    reads.written(KeyLayout.friendship("star", "fan"));
    reads.written(List.of(new WriteAction.Check(STAR, ItemCondition.NONE)));
    reads.written(KeyLayout.user("other"));
    assertThat(reads.fresh(STAR)).isEqualTo(star(5));
  }

  @Test
  void aRefreshInFlightWhenAWriteLandsIsNotKept() {
    refreshed(STAR, star(5));
    HotReads.Refresh refresh = reads.claim(STAR);
    // The refresh's request went out; the write's response arrived before the refresh's.
    reads.written(STAR);
    reads.keep(refresh, star(5));
    reads.done(refresh);
    assertThat(reads.fresh(STAR)).isNull();
    // One begun after the write's response may be kept.
    refreshed(STAR, star(6));
    assertThat(reads.fresh(STAR)).isEqualTo(star(6));
  }

  @Test
  void aRefreshInFlightWhenAWriteLandsOnAKeyWithNothingKeptCreatesNothing() {
    HotReads.Refresh refresh = reads.claim(STAR);
    reads.written(Shards.key(STAR, 0));
    reads.keep(refresh, star(5));
    reads.done(refresh);
    assertThat(reads.fresh(STAR)).isNull();
  }

  @Test
  void anOlderRefreshNeverReplacesANewerOne() {
    HotReads.Refresh older = reads.unclaimed(STAR);
    reads.written(KeyLayout.user("someone"));
    HotReads.Refresh newer = reads.unclaimed(STAR);
    reads.keep(newer, star(6));
    reads.keep(older, star(5));
    assertThat(reads.fresh(STAR)).isEqualTo(star(6));
  }

  @Test
  void aRefreshThatFindsTheKeyGoneOrNoLongerHotDropsIt() {
    refreshed(STAR, star(5));
    clock.advance(BOUND.plusNanos(1));
    refreshed(STAR, null);
    assertThat(reads.size()).isZero();
  }

  @Test
  void readersOfOneKeyWaitForTheOneRefreshInFlight() throws Exception {
    HotReads.Refresh first = reads.claim(STAR);
    CompletableFuture<HotReads.Refresh> second = new CompletableFuture<>();
    Thread waiter = new Thread(() -> second.complete(reads.claim(STAR)));
    waiter.start();
    while (waiter.getState() != Thread.State.WAITING) {
      Thread.onSpinWait();
    }
    assertThat(second).isNotDone();
    reads.keep(first, star(5));
    reads.done(first);
    // The waiter gets no refresh of its own: it serves what the first kept.
    assertThat(second.get(10, TimeUnit.SECONDS)).isNull();
    assertThat(reads.fresh(STAR)).isEqualTo(star(5));
    // Without waiting: the claim of another reader, to wait on after the caller's own reads.
    HotReads.Refresh third = reads.claim(STAR);
    HotReads.Claim other = reads.claimOrOther(STAR);
    assertThat(other.mine()).isNull();
    assertThat(other.other()).isNotNull();
    reads.done(third);
    HotReads.Claim fourth = reads.claimOrOther(STAR);
    assertThat(fourth.mine()).isNotNull();
    assertThat(fourth.other()).isNull();
    reads.done(fourth.mine());
  }

  @Test
  void atTheLimitWhatIsPastTheBoundGoesFirstThenEverything() {
    for (int i = 0; i < HotReads.LIMIT; i++) {
      refreshed(KeyLayout.user("u" + i), star(i));
    }
    assertThat(reads.size()).isEqualTo(HotReads.LIMIT);
    clock.advance(BOUND.plusNanos(1));
    refreshed(KeyLayout.user("u0"), star(0));
    for (int i = 1; i < 10; i++) {
      refreshed(KeyLayout.user("live" + i), star(i));
    }
    // Every old snapshot was past the bound: dropped, the ten live ones kept.
    assertThat(reads.size()).isEqualTo(10);
    for (int i = 10; i < HotReads.LIMIT + 1; i++) {
      refreshed(KeyLayout.user("live" + i), star(i));
    }
    // All live at the limit: dropping the worthless freed nothing, so everything went.
    assertThat(reads.size()).isLessThanOrEqualTo(HotReads.LIMIT).isLessThan(HotReads.LIMIT / 2);
  }

  @Test
  void aMarkerDroppedAtTheLimitDoesNotLetARefreshBegunBeforeItsWriteBringTheKeyBack() {
    refreshed(STAR, star(5));
    HotReads.Refresh refresh = reads.unclaimed(STAR);
    reads.written(STAR);
    reads.clear();
    reads.keep(refresh, star(5));
    assertThat(reads.fresh(STAR)).isNull();
  }

  @Test
  void whatAWriteTouchesIsNamedByTheMainItemsSortKey() {
    assertThat(HotReads.cacheKeyOf(STAR)).isEqualTo(STAR.sk());
    assertThat(HotReads.cacheKeyOf(Shards.key(STAR, 7))).isEqualTo(STAR.sk());
    Key photo = KeyLayout.photo(PHOTO);
    assertThat(HotReads.cacheKeyOf(photo)).isEqualTo(photo.sk());
    assertThat(HotReads.cacheKeyOf(Shards.key(photo, 0))).isEqualTo(photo.sk());
    assertThat(HotReads.cacheKeyOf(KeyLayout.friendship("star", "fan"))).isNull();
  }

  @Test
  void aBoundOfZeroKeepsNothingAndABadBoundIsRefused() {
    HotReads off = new HotReads(Duration.ZERO, clock);
    HotReads.Refresh refresh = off.unclaimed(STAR);
    off.keep(refresh, star(5));
    assertThat(off.on()).isFalse();
    assertThat(off.fresh(STAR)).isNull();
    assertThat(off.size()).isZero();
    assertThatThrownBy(() -> new HotReads(Duration.ofNanos(-1), clock))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hotReadStaleness");
    assertThatThrownBy(() -> new HotReads(Duration.ofDays(1).plusNanos(1), clock))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HotReads(null, clock)).isInstanceOf(NullPointerException.class);
  }
}
