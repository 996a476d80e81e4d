package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserStatus;
import io.quickphotos.conformance.FaultyHttpClient.Fault;
import io.quickphotos.conformance.HistoryOp.World;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import java.time.LocalDate;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Regression tests for what the fault histories found, one fault script each, on DynamoDB
 * Local: a write whose answer is lost after the server applied it is retried by the SDK; the
 * documented outcomes are the write's success or, where the retry meets the write's own effect,
 * the typed "already" exception — and in both cases the write applied exactly once.
 */
class LostResponseTest {
  private static final AtomicLong RUNS = new AtomicLong();

  private final World world = new World("l" + RUNS.incrementAndGet() + "-");
  private final QuickPhotos reliable =
      DynamoQuickPhotos.builder()
          .client(SharedDynamoDbLocal.client())
          .tableName(SharedDynamoDbLocal.TABLE)
          .build();

  /** Runs {@code calls} through a client whose requests meet {@code script}, in order. */
  private static void through(List<Fault> script, Consumer<QuickPhotos> calls) {
    through(script, RetryPolicy.defaults(), calls);
  }

  /**
   * Runs {@code calls} on a repository retrying as {@code policy} says, through a client whose
   * requests meet {@code script}, in order.
   */
  static void through(List<Fault> script, RetryPolicy policy, Consumer<QuickPhotos> calls) {
    FaultyHttpClient http = new FaultyHttpClient(UrlConnectionHttpClient.create(), script);
    try (DynamoDbClient client = FaultHistoryTest.client(http)) {
      // The build reads the table's recorded settings; the fault script meets the calls alone.
      http.disable();
      QuickPhotos repository =
          DynamoQuickPhotos.builder()
              .client(client)
              .tableName(SharedDynamoDbLocal.TABLE)
              .fanOut(FanOut.off())
              .sharding(Sharding.defaults())
              .retryPolicy(policy)
              .build();
      http.enable();
      calls.accept(repository);
    } finally {
      http.close();
    }
  }

  private void createUsers(int... users) {
    for (int u : users) {
      reliable.createUser(newUser(u));
    }
  }

  private NewUser newUser(int u) {
    return new NewUser(
        world.user(u), "Name", "n@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  /**
   * Finding, fixed: createUser is a single PutItem with {@code attribute_not_exists}, which
   * carries no idempotency token, so when its answer was lost the SDK's resend found the user it
   * had just created and the caller got UserAlreadyExistsException for a call that created the
   * user. The item now carries the call's token and the failed condition returns the item
   * (ALL_OLD, which DynamoDB Local honours on PutItem): the resend recognises its own write and
   * the call returns the user, created once.
   */
  @Test
  void createUserWhoseAnswerIsLostReturnsTheUser() {
    through(
        List.of(Fault.RESPONSE_LOST),
        repo -> {
          User created = repo.createUser(newUser(0));
          assertThat(created.username()).isEqualTo(world.user(0));
        });
    User user = reliable.getUser(world.user(0)).orElseThrow();
    assertThat(List.of(user.followers(), user.following())).containsExactly(0L, 0L);
    // Another call's createUser under the name is still a clash.
    assertThatThrownBy(() -> reliable.createUser(newUser(0)))
        .isInstanceOf(UserAlreadyExistsException.class);
  }

  /**
   * follow, unfollow, reactTo and uploadPhoto are TransactWriteItems: the SDK fills in a
   * ClientRequestToken and resends it on retry, so DynamoDB (Local) answers the retry with the
   * first attempt's success. Documented outcomes: success or the typed "already" exception;
   * the write applies once, counters included.
   */
  @Test
  void transactionsWhoseAnswerIsLostApplyOnce() {
    createUsers(0, 1);
    List<Fault> lost = List.of(Fault.RESPONSE_LOST);
    through(
        lost,
        repo ->
            succeedsOrAlready(
                () -> repo.follow(world.user(0), world.user(1)), AlreadyFollowingException.class));
    assertThat(counters(0)).containsExactly(0L, 1L);
    assertThat(counters(1)).containsExactly(1L, 0L);

    through(
        lost,
        repo ->
            succeedsOrAlready(
                () ->
                    repo.uploadPhoto(
                        world.user(1), World.TIMES.get(0), "https://photos.example.com/1.jpg"),
                PhotoAlreadyExistsException.class));
    through(
        lost,
        repo ->
            succeedsOrAlready(
                () -> repo.reactTo(world.user(0), world.photo(1, 0), ReactionType.HEART),
                AlreadyReactedException.class));
    assertThat(reliable.getPhoto(world.photo(1, 0)).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(1);

    through(
        lost,
        repo ->
            succeedsOrAlready(
                () -> {
                  repo.unfollow(world.user(0), world.user(1));
                  return null;
                },
                NotFollowingException.class));
    assertThat(counters(0)).containsExactly(0L, 0L);
    assertThat(counters(1)).containsExactly(0L, 0L);
  }

  /**
   * The first attempt of a follow is applied and its answer lost; the SDK's three resends meet it
   * "in progress" (TransactionInProgressException, which the SDK retries as throttling) and the
   * SDK gives up; the repository waits and retries under the same ClientRequestToken, and
   * DynamoDB Local answers the applied token with success: the call returns, applied once.
   */
  @Test
  void aTransactionInProgressIsRetriedUnderItsTokenAndAppliedOnce() {
    createUsers(0, 1);
    through(
        List.of(Fault.RESPONSE_LOST, Fault.IN_PROGRESS, Fault.IN_PROGRESS, Fault.IN_PROGRESS),
        repo ->
            assertThat(repo.follow(world.user(0), world.user(1)).followed())
                .isEqualTo(world.user(1)));
    assertThat(counters(0)).containsExactly(0L, 1L);
    assertThat(counters(1)).containsExactly(1L, 0L);
    assertThat(reliable.followersOf(world.user(1), io.quickphotos.PageRequest.first()).items())
        .hasSize(1);
  }

  /** Four failed attempts exhaust the SDK's retries: ServiceUnavailableException, no write. */
  @Test
  void faultsOnEveryAttemptAreServiceUnavailable() {
    createUsers(0, 1);
    through(
        List.of(
            Fault.SERVER_ERROR,
            Fault.THROTTLING,
            Fault.THROUGHPUT_EXCEEDED,
            Fault.RESET_BEFORE_SENDING),
        repo ->
            assertThatThrownBy(() -> repo.follow(world.user(0), world.user(1)))
                .isInstanceOf(ServiceUnavailableException.class));
    assertThat(counters(0)).containsExactly(0L, 0L);
    assertThat(reliable.followersOf(world.user(1), io.quickphotos.PageRequest.first()).items())
        .isEmpty();
  }

  /** Three failed attempts and a fourth that goes through: the caller never sees the faults. */
  @Test
  void faultsThenSuccessAreInvisible() {
    createUsers(0, 1);
    through(
        List.of(Fault.SERVER_ERROR, Fault.RESET_BEFORE_SENDING, Fault.RESPONSE_LOST),
        repo ->
            succeedsOrAlready(
                () -> repo.follow(world.user(0), world.user(1)), AlreadyFollowingException.class));
    assertThat(counters(1)).containsExactly(1L, 0L);
    through(
        Collections.nCopies(3, Fault.THROTTLING),
        repo -> assertThat(repo.getUser(world.user(1))).isPresent());
  }

  /**
   * Regression (a fault history on JDK 25): updateProfile recognised a resend of its UpdateItem
   * by one token that the next update of the profile replaces, so an update whose answer was lost
   * and that the SDK resent after another update landed was applied twice. Its UpdateItem now
   * carries a retry strategy of its own that resends only throttling refusals: a lost answer is
   * read back (the call's own token: success, applied once)...
   */
  @Test
  void aProfileUpdateWhoseAnswerIsLostIsReadBackAndAppliedOnce() {
    createUsers(0);
    // An addition is first measured against the attributes' bound, which a new profile lacks;
    // with the bound in place the update is one attempt, the one whose answer is lost.
    reliable.updateProfile(
        world.user(0), io.quickphotos.ProfileUpdate.builder().add("visits", 1).build());
    through(
        List.of(Fault.RESPONSE_LOST),
        repo -> {
          User updated =
              repo.updateProfile(
                  world.user(0),
                  io.quickphotos.ProfileUpdate.builder().name("Ann").add("visits", 1).build());
          assertThat(updated.version()).isEqualTo(1);
        });
    User now = reliable.getUser(world.user(0)).orElseThrow();
    assertThat(now.version()).isEqualTo(1);
    assertThat(now.attributes())
        .isEqualTo(java.util.Map.of("visits", io.quickphotos.AppValue.of(2)));
  }

  /**
   * ...a server error, which DynamoDB may send after applying the write, is not resent but read
   * back too: here it was not applied, so the outcome is unknown to the call, which says so, and
   * nothing is written; a throttling refusal, which writes nothing, is still resent by the SDK.
   */
  @Test
  void aProfileUpdateIsResentAfterThrottlingOnlyAndAServerErrorIsUnknown() {
    createUsers(0);
    through(
        List.of(Fault.SERVER_ERROR),
        repo ->
            assertThatThrownBy(
                    () ->
                        repo.updateProfile(
                            world.user(0),
                            io.quickphotos.ProfileUpdate.builder().name("Ann").build()))
                .isInstanceOfSatisfying(
                    ServiceUnavailableException.class,
                    e ->
                        assertThat(e.written())
                            .isEqualTo(ServiceUnavailableException.Written.UNKNOWN)));
    assertThat(reliable.getUser(world.user(0)).orElseThrow().version()).isZero();

    through(
        List.of(Fault.THROTTLING, Fault.THROUGHPUT_EXCEEDED),
        repo ->
            assertThat(
                    repo.updateProfile(
                            world.user(0),
                            io.quickphotos.ProfileUpdate.builder().name("Ann").build())
                        .version())
                .isEqualTo(1));
  }

  private List<Long> counters(int u) {
    User user = reliable.getUser(world.user(u)).orElseThrow();
    return List.of(user.followers(), user.following());
  }

  private static void succeedsOrAlready(
      java.util.function.Supplier<?> call, Class<? extends QuickPhotosException> already) {
    try {
      call.get();
    } catch (QuickPhotosException e) {
      assertThat(e).as("the only exception a retried write may report").isInstanceOf(already);
    }
  }
}
