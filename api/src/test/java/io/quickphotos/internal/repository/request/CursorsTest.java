package io.quickphotos.internal.repository.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.InvalidCursorException;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CursorsTest {
  private static final QueryPlan FOLLOWERS = FollowPlans.followersOf("alice", 10);

  @Test
  void roundTripsAKeyInsideTheListing() {
    Key key = KeyLayout.friendship("alice", "bob");
    String cursor = Cursors.encode("followers|alice", key);
    assertThat(Cursors.decode("followers|alice", cursor, FOLLOWERS)).isEqualTo(key);
  }

  @Test
  void rejectsAnotherListingsCursor() {
    String cursor = Cursors.encode("followers|bob", KeyLayout.friendship("alice", "bob"));
    assertThatThrownBy(() -> Cursors.decode("followers|alice", cursor, FOLLOWERS))
        .isInstanceOf(InvalidCursorException.class)
        .hasMessageContaining("another listing");
  }

  @Test
  void rejectsAKeyOutsideThePartitionEvenWithAValidChecksum() {
    String cursor = Cursors.encode("followers|alice", KeyLayout.friendship("mallory", "bob"));
    assertThatThrownBy(() -> Cursors.decode("followers|alice", cursor, FOLLOWERS))
        .isInstanceOf(InvalidCursorException.class)
        .hasMessageContaining("outside");
  }

  @Test
  void rejectsAKeyOutsideTheSortKeyConditionEvenWithAValidChecksum() {
    String cursor = Cursors.encode("followers|alice", KeyLayout.user("alice"));
    assertThatThrownBy(() -> Cursors.decode("followers|alice", cursor, FOLLOWERS))
        .isInstanceOf(InvalidCursorException.class)
        .hasMessageContaining("outside");
  }

  @Test
  void checksIndexCursorsOnTheIndexKeys() {
    QueryPlan plan =
        new QueryPlan(
            Index.INVERTED, "#FRIEND#alice", Optional.empty(), true, 5, Optional.empty(), false);
    Key inside = KeyLayout.friendship("bob", "alice");
    assertThat(Cursors.decode("x", Cursors.encode("x", inside), plan)).isEqualTo(inside);
    Key outside = KeyLayout.friendship("alice", "bob");
    assertThatThrownBy(() -> Cursors.decode("x", Cursors.encode("x", outside), plan))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void rejectsForgedKeyPartsNoTableCouldHold() {
    QueryPlan plan =
        new QueryPlan(
            Index.INVERTED, "#FRIEND#alice", Optional.empty(), true, 5, Optional.empty(), false);
    for (Key forged :
        java.util.List.of(
            new Key("", "#FRIEND#alice"),
            new Key("USER#\uD800", "#FRIEND#alice"),
            new Key("x".repeat(1025), "#FRIEND#alice"))) {
      assertThatThrownBy(() -> Cursors.decode("x", Cursors.encode("x", forged), plan))
          .isInstanceOf(InvalidCursorException.class);
    }
  }
}
