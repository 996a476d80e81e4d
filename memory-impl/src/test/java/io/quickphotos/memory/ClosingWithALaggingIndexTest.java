package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.TableItems;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Closing an account while the index has not caught up: the requests it made and the blocks
 * against it sit in other users' partitions, which the inverted index lists only eventually. The
 * index here lags far beyond the test's requests, so the cascade cannot find them on it; it finds
 * them by their marks in the account's own partition, and a new account of the same name inherits
 * nothing.
 */
class ClosingWithALaggingIndexTest {
  private final InMemoryTable table = InMemoryTable.create();
  private QuickPhotos repo;

  @BeforeEach
  void setUp() {
    repo = MemoryQuickPhotos.builder().table(table).build();
    create("ann", Visibility.PRIVATE);
    create("bob", Visibility.PUBLIC);
    create("cat", Visibility.PUBLIC);
    create("dan", Visibility.PUBLIC);
  }

  @Test
  void aRequestMadeAndABlockSufferedJustBeforeClosingDieWithTheAccount() {
    table.indexLag(1_000_000);
    assertThat(repo.follow("bob", "ann").pending()).isTrue();
    repo.block("cat", "bob");
    repo.block("bob", "dan");

    repo.deleteUser("bob");

    assertThat(repo.getUser("ann").orElseThrow().pendingRequests()).isZero();
    assertThat(repo.followRequestsOf("ann", PageRequest.first()).items()).isEmpty();
    assertThat(repo.blocksOf("cat", PageRequest.first()).items()).isEmpty();
    Map<TableItems.Kind, TableItems.Tally> kinds = TableItems.census(repo);
    for (TableItems.Kind kind :
        new TableItems.Kind[] {
          TableItems.Kind.FOLLOW_REQUEST,
          TableItems.Kind.REQUEST_PLACE,
          TableItems.Kind.REQUEST_MARK,
          TableItems.Kind.BLOCK,
          TableItems.Kind.BLOCK_MARK
        }) {
      assertThat(kinds.getOrDefault(kind, TableItems.Tally.NONE).items()).as(kind.name()).isZero();
    }

    // Whoever takes the name next never asked ann and was never blocked by cat.
    create("bob", Visibility.PUBLIC);
    assertThatThrownBy(() -> repo.approveRequest("ann", "bob"))
        .isInstanceOf(FollowRequestNotFoundException.class);
    assertThat(repo.follow("bob", "cat").pending()).isFalse();
    assertThat(repo.as("bob").getUser("cat")).isPresent();

    table.catchUpIndex();
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  @Test
  void aFaultThatDelaysOneWritesIndexChangesIsMetTheSameWay() {
    Faults faults = Faults.create();
    QuickPhotos lagging = MemoryQuickPhotos.builder().table(table).faults(faults).build();
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.indexLag(1_000));
    lagging.follow("bob", "ann");
    lagging.block("cat", "bob");
    assertThat(faults.injected()).hasSize(2);

    lagging.deleteUser("bob");

    create("bob", Visibility.PUBLIC);
    assertThatThrownBy(() -> lagging.approveRequest("ann", "bob"))
        .isInstanceOf(FollowRequestNotFoundException.class);
    assertThat(lagging.blocksOf("cat", PageRequest.first()).items()).isEmpty();
  }

  private void create(String name, Visibility visibility) {
    repo.createUser(
        new NewUser(
            name,
            name,
            name + "@example.com",
            LocalDate.of(1990, 1, 1),
            "",
            UserStatus.ACTIVE,
            Map.of(),
            visibility));
  }
}
