package io.quickphotos.internal.repository.request;

import io.quickphotos.AccessPattern;
import io.quickphotos.DynamoRequest;
import io.quickphotos.OperationCost;
import io.quickphotos.RequestRetries;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.Retries;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Tallies the requests, capacity and items of one repository call. Confined to the call's thread
 * (the audit's scanning threads meter nothing: their pages are metered afterwards, in order).
 */
public final class Meter {
  /**
   * The requests, to be described if the cost listener reads them; null when there is no
   * listener. Only the describer and the (immutable) request are kept here: the words are built
   * when {@link OperationCost#requestsMade()} is read.
   */
  private List<Supplier<DynamoRequest>> made;

  private int requests;
  private double readUnits;
  private double writeUnits;
  private int itemsRead;
  private int itemsSkipped;

  /** Whether a write request of the call was applied (or recognised as applied). */
  private boolean wrote;

  /** The repository's resends and the engine's retries; null until the call meets one. */
  private Retries retries;

  Meter(boolean describe) {
    made = describe ? List.of() : null;
  }

  /** Counts a request sent again for what the one before it left undone. */
  void resent(Operation operation) {
    retries().resent(operation);
  }

  /** Counts an attempt refused or cancelled because of throughput. */
  void throttled(Operation operation) {
    retries().throttle(operation);
  }

  /** Adds what the engine counted on this thread during the call. */
  void absorb(Retries counted) {
    if (counted != null) {
      retries().add(counted);
    }
  }

  private Retries retries() {
    if (retries == null) {
      retries = new Retries();
    }
    return retries;
  }

  /** Counts a request before it is sent, so that one that fails is counted too. */
  <T> void made(Function<T, DynamoRequest> describer, T request) {
    requests++;
    if (made != null) {
      Supplier<DynamoRequest> described = () -> describer.apply(request);
      // Most calls make one or two requests: kept as an immutable list, which the cost takes
      // as it is (List.copyOf of an immutable list copies nothing); more go to an ArrayList.
      switch (made.size()) {
        case 0 -> made = List.of(described);
        case 1 -> made = List.of(made.get(0), described);
        case 2 -> {
          List<Supplier<DynamoRequest>> more = new ArrayList<>(8);
          more.addAll(made);
          more.add(described);
          made = more;
        }
        default -> made.add(described);
      }
    }
  }

  /** {@link #made} for a request that is a list: a copy is kept, the caller's may change. */
  <E> void madeOf(Function<List<E>, DynamoRequest> describer, List<E> request) {
    made(describer, made == null ? request : List.copyOf(request));
  }

  /** Adds what a request consumed and how many items it returned. */
  void request(Capacity consumed, int items) {
    readUnits += consumed.read();
    writeUnits += consumed.write();
    itemsRead += items;
  }

  /** Notes that a write request of the call was applied: its effect is in the table. */
  void applied() {
    wrote = true;
  }

  /**
   * Whether any write request of the call was applied so far.
   *
   * @return true after {@link #applied()}
   */
  boolean wrote() {
    return wrote;
  }

  /** Counts items read of a kind this version does not know, left out of the result. */
  void skipped(int items) {
    itemsSkipped += items;
  }

  /**
   * The call's cost so far, as the cost listener receives it.
   *
   * @param thrown what the call threw, null if it returned
   * @param latencyNanos the call's wall-clock time, 0 if not timed
   */
  OperationCost cost(AccessPattern pattern, Throwable thrown, long latencyNanos) {
    boolean succeeded = thrown == null;
    String exception = succeeded ? null : thrown.getClass().getSimpleName();
    List<RequestRetries> retried = retries == null ? List.of() : retries.toList();
    return made == null
        ? new OperationCost(
            pattern,
            requests,
            readUnits,
            writeUnits,
            itemsRead,
            succeeded,
            List.of(),
            latencyNanos,
            exception,
            retried,
            itemsSkipped)
        : OperationCost.describedLazily(
            pattern,
            requests,
            readUnits,
            writeUnits,
            itemsRead,
            succeeded,
            made,
            latencyNanos,
            exception,
            retried,
            itemsSkipped);
  }
}
