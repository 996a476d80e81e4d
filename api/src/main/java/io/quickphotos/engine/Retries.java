package io.quickphotos.engine;

import io.quickphotos.RequestRetries;
import java.util.ArrayList;
import java.util.List;

/**
 * What a thread's requests met on the way: the attempts an engine made again inside one request
 * (the AWS SDK's retries, or the memory backend's simulation of them), the requests the repository
 * sent again, the throttles and the unknown outcomes, counted per {@link Operation}.
 *
 * <p>Engines report through the static methods, which count on the calling thread: the engine
 * seam passes no per-call state, and a request runs on the thread that called the engine. The
 * repository {@linkplain #take() takes} the thread's counts when a call starts and ends, and moves
 * those a helper thread of its request pool counted to the calling thread. The counts are created
 * on the first retry, so a call that meets none costs two thread-local reads.
 *
 * <p>An instance is confined to one thread at a time.
 */
public final class Retries {
  private static final ThreadLocal<Retries> CURRENT = new ThreadLocal<>();

  /**
   * Whether any thread has counted anything yet. Most processes never meet a retry (a memory
   * backend without faults or throughput limits never does), and then {@link #take()}, asked
   * twice a repository call, returns without looking the thread's counts up (a thread-local
   * lookup was 8% of {@code getUser}'s time on the memory backend).
   */
  private static volatile boolean counted;

  private static final Operation[] OPERATIONS = Operation.values();

  private final int[] sdkRetries = new int[OPERATIONS.length];
  private final int[] resends = new int[OPERATIONS.length];
  private final int[] throttles = new int[OPERATIONS.length];
  private final int[] unknownOutcomes = new int[OPERATIONS.length];

  /** Empty counts, for a repository call to add to. */
  public Retries() {}

  /**
   * Counts, on the calling thread, one attempt the engine is about to make again inside a request.
   *
   * @param operation the request's operation
   */
  public static void sdkRetry(Operation operation) {
    current().sdkRetries[operation.ordinal()]++;
  }

  /**
   * Counts, on the calling thread, one attempt refused because of throughput.
   *
   * @param operation the request's operation
   */
  public static void throttled(Operation operation) {
    current().throttles[operation.ordinal()]++;
  }

  /**
   * Counts, on the calling thread, one attempt sent whose outcome is unknown (timed out, lost).
   *
   * @param operation the request's operation
   */
  public static void unknownOutcome(Operation operation) {
    current().unknownOutcomes[operation.ordinal()]++;
  }

  /**
   * Removes and returns what the calling thread counted.
   *
   * @return the counts, or null if nothing was counted since the last take
   */
  public static Retries take() {
    if (!counted) {
      return null;
    }
    Retries current = CURRENT.get();
    if (current != null) {
      CURRENT.remove();
    }
    return current;
  }

  /**
   * Adds counts to the calling thread's, as if counted here: a request pool's helper hands what
   * its requests met to the thread whose call they served.
   *
   * @param counted what another thread took; null adds nothing
   */
  public static void addToCurrent(Retries counted) {
    if (counted != null) {
      current().add(counted);
    }
  }

  private static Retries current() {
    Retries current = CURRENT.get();
    if (current == null) {
      current = new Retries();
      CURRENT.set(current);
      // Set after the thread's counts exist: a take() that sees it finds them.
      counted = true;
    }
    return current;
  }

  /**
   * Counts one request the repository sent again.
   *
   * @param operation the request's operation
   */
  public void resent(Operation operation) {
    resends[operation.ordinal()]++;
  }

  /**
   * Counts one attempt refused or cancelled because of throughput, on this instance.
   *
   * @param operation the request's operation
   */
  public void throttle(Operation operation) {
    throttles[operation.ordinal()]++;
  }

  /**
   * Adds other counts to these.
   *
   * @param other the counts to add; null adds nothing
   */
  public void add(Retries other) {
    if (other == null) {
      return;
    }
    for (int i = 0; i < OPERATIONS.length; i++) {
      sdkRetries[i] += other.sdkRetries[i];
      resends[i] += other.resends[i];
      throttles[i] += other.throttles[i];
      unknownOutcomes[i] += other.unknownOutcomes[i];
    }
  }

  /**
   * The counts as the cost listener receives them.
   *
   * @return one entry per operation with any count, in {@link Operation} order
   */
  public List<RequestRetries> toList() {
    List<RequestRetries> list = new ArrayList<>(1);
    for (int i = 0; i < OPERATIONS.length; i++) {
      if (sdkRetries[i] + resends[i] + throttles[i] + unknownOutcomes[i] > 0) {
        list.add(
            new RequestRetries(
                OPERATIONS[i].wireName(),
                sdkRetries[i],
                resends[i],
                throttles[i],
                unknownOutcomes[i]));
      }
    }
    return list;
  }
}
