package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.conformance.FaultyHttpClient.Fault;
import io.quickphotos.conformance.HistoryOp.Answer;
import io.quickphotos.conformance.HistoryOp.World;
import io.quickphotos.conformance.Linearizability.Call;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Histories through faults between the SDK and DynamoDB Local ({@link FaultyHttpClient}): 500s,
 * throttling answers, connection resets before sending, and answers lost after the server
 * applied the write. The SDK retries as configured (4 attempts, short backoff). Afterwards:
 * every counter equals its items, and one order of the calls explains every answer and the
 * stored state (nothing lost, nothing applied twice), where each exception is one the model
 * predicts, or {@link io.quickphotos.ServiceUnavailableException} with either outcome. A write
 * whose answer was lost and which the SDK resent must answer as if sent once: an explanation that
 * needs a retry to report its own effect (what the same write answers after itself, see {@link
 * Linearizability#UNRELIABLE_NETWORK}) fails the case, naming the call. Histories run on one
 * thread and on two at once.
 */
class FaultHistoryTest {
  private static final AtomicLong RUNS = new AtomicLong();
  private static final Map<String, AtomicLong> INJECTED = new ConcurrentHashMap<>();
  private static final Map<String, AtomicLong> EXPLAINED = new ConcurrentHashMap<>();

  /**
   * Writes the SDK retried after a lost answer that reported their own effect as a conflict:
   * none may, so this stays empty unless a case fails.
   */
  private static final java.util.Set<String> RETRIES_THAT_SAW_THEMSELVES =
      java.util.Collections.synchronizedSet(new TreeSet<>());

  /**
   * A fault-free prelude, then each thread's operations through the fault script.
   *
   * @param prelude the setup
   * @param threads one list of operations per thread
   * @param script the fault of each request, in the order the requests are made
   */
  record FaultCase(List<HistoryOp> prelude, List<List<HistoryOp>> threads, List<Fault> script) {}

  /** The atomic operations, with one call in five a view of user 1's photo at time 0. */
  private static final Gen<HistoryOp> CALLS =
      Gen.frequency(Gen.weighted(4, HistoryOps.ATOMIC), Gen.weighted(1, HistoryOps.viewsOf(1, 0)));

  static Gen<FaultCase> cases(int threads, int minOperations, int maxOperations) {
    Gen<Fault> fault =
        Gen.frequency(
            Gen.weighted(8, Gen.constant(Fault.NONE)),
            Gen.weighted(1, Gen.constant(Fault.SERVER_ERROR)),
            Gen.weighted(1, Gen.constant(Fault.THROTTLING)),
            Gen.weighted(1, Gen.constant(Fault.THROUGHPUT_EXCEEDED)),
            Gen.weighted(1, Gen.constant(Fault.RESET_BEFORE_SENDING)),
            Gen.weighted(4, Gen.constant(Fault.RESPONSE_LOST)));
    return c -> {
      ConcurrentHistoryTest.ConcurrentCase base =
          ConcurrentHistoryTest.cases(threads, 0).generate(c);
      // User 1's photo at time 0, so that views through the faults find a photo.
      List<HistoryOp> prelude = new ArrayList<>(base.prelude());
      prelude.addAll(
          List.of(
              new HistoryOps.CreateUser(0),
              new HistoryOps.CreateUser(1),
              new HistoryOps.CreateUser(2),
              new HistoryOps.Upload(1, 0)));
      List<List<HistoryOp>> perThread = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        perThread.add(CALLS.steps(minOperations, maxOperations).generate(c));
      }
      return new FaultCase(prelude, perThread, fault.steps(100, 200).generate(c));
    };
  }

  @Test
  void oneThreadThroughFaults() {
    Property.named("FaultHistoryTest.oneThread")
        .cases(30)
        .check(cases(1, 10, 25), FaultHistoryTest::check);
  }

  @Test
  void twoThreadsThroughFaults() {
    Property.named("FaultHistoryTest.twoThreads")
        .cases(15)
        .check(cases(2, 4, 8), FaultHistoryTest::check);
  }

  @AfterAll
  static void summary() {
    System.out.println(
        "FAULTS injected "
            + new TreeMap<>(INJECTED)
            + "; calls explained "
            + new TreeMap<>(EXPLAINED)
            + "; retries that saw their own write: "
            + RETRIES_THAT_SAW_THEMSELVES);
  }

  static DynamoDbClient client(FaultyHttpClient http) {
    Duration base = Duration.ofMillis(2);
    Duration cap = Duration.ofMillis(20);
    return DynamoDbClient.builder()
        .endpointOverride(SharedDynamoDbLocal.endpoint())
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .httpClient(http)
        .overrideConfiguration(
            o ->
                o.retryStrategy(
                    AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(4)
                        .backoffStrategy(BackoffStrategy.exponentialDelay(base, cap))
                        .throttlingBackoffStrategy(BackoffStrategy.exponentialDelay(base, cap))
                        // Every injected fault would drain the retry quota; the point is the
                        // retries.
                        .circuitBreakerEnabled(false)
                        .build()))
        .build();
  }

  static void check(FaultCase generated) throws InterruptedException {
    World world = new World("f" + RUNS.incrementAndGet() + "-");
    QuickPhotos reliable =
        DynamoQuickPhotos.builder()
            .client(SharedDynamoDbLocal.client())
            .tableName(SharedDynamoDbLocal.TABLE)
            .build();
    HistoryModel model = HistoryModel.EMPTY;
    for (HistoryOp op : generated.prelude()) {
      HistoryOp.Transition expected = op.apply(model);
      assertThat(Answer.of(op, reliable, world)).as("prelude %s", op).isEqualTo(expected.answer());
      model = expected.next();
    }
    FaultyHttpClient http =
        new FaultyHttpClient(UrlConnectionHttpClient.create(), generated.script());
    List<List<Call>> calls;
    try (DynamoDbClient client = client(http)) {
      // The build reads the table's recorded settings; the fault script meets the calls alone.
      http.disable();
      QuickPhotos faulty =
          DynamoQuickPhotos.builder()
              .client(client)
              .tableName(SharedDynamoDbLocal.TABLE)
              .fanOut(FanOut.off())
              .sharding(Sharding.defaults())
              .build();
      http.enable();
      calls = ConcurrentHistoryTest.runConcurrently(faulty, world, generated.threads());
      http.disable();
    } finally {
      http.close();
    }
    http.injected()
        .forEach(
            (fault, n) ->
                INJECTED.computeIfAbsent(fault.name(), k -> new AtomicLong()).addAndGet(n));
    HistoryModel observed = HistoryOps.observedState(reliable, world);
    Optional<List<Linearizability.Step>> order =
        Linearizability.explain(model, calls, observed, Linearizability.UNRELIABLE_NETWORK);
    assertThat(order)
        .as(
            "no order explains these calls from %s to %s (faults %s):\n%s",
            model, observed, http.injected(), ConcurrentHistoryTest.describe(calls))
        .isPresent();
    for (Linearizability.Step step : order.get()) {
      String rule =
          step.rule().equals(Linearizability.AS_MODELLED)
              ? (step.call().answer().error() == null
                  ? "returned as modelled"
                  : "threw as modelled")
              : step.rule();
      EXPLAINED.computeIfAbsent(rule, k -> new AtomicLong()).incrementAndGet();
      if (step.call().op() instanceof HistoryOps.ViewPhoto) {
        EXPLAINED
            .computeIfAbsent(
                "ViewPhoto " + step.call().answer() + " " + rule, k -> new AtomicLong())
            .incrementAndGet();
      }
      if (step.rule().equals("retry saw its own write")) {
        RETRIES_THAT_SAW_THEMSELVES.add(
            step.call().op().getClass().getSimpleName() + " -> " + step.call().answer());
      }
    }
    // The search uses the allowance only where nothing else explains the calls, so a step
    // explained by it is a call that really did report its own resent write.
    assertThat(order.get())
        .as(
            "calls whose resend reported their own write (faults %s):\n%s",
            http.injected(), ConcurrentHistoryTest.describe(calls))
        .noneMatch(step -> step.rule().equals("retry saw its own write"));
  }
}
