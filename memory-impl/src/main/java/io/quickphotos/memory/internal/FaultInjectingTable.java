package io.quickphotos.memory.internal;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Retries;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.TableTransactionInProgressException;
import io.quickphotos.engine.Unavailability;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.internal.ScriptedFault.Kind;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Injects the faults a {@link Faults} script decides, one decision per attempt of a request, in
 * the shape DynamoDB gives each:
 *
 * <ul>
 *   <li>throttling and internal server errors refuse the attempt before anything is done
 *       ({@link RefusedAttempt}, which {@link SimulatedSdkRetries} above retries);
 *   <li>unprocessed keys and items are left out of the batch sent on and returned, never thrown;
 *   <li>a cancelled transaction is thrown as {@link TableTransactionCancelledException} with the
 *       fault's reason on the first action and {@code None} on the others, nothing written;
 *   <li>an unknown outcome carries the request out and then throws
 *       {@link ServiceUnavailableException}, as a call that timed out after it was sent does;
 *   <li>a transaction in progress is carried out (the attempt whose answer was lost) and then
 *       thrown as {@link TableTransactionInProgressException}; its token is remembered, and the
 *       next attempt under it that no fault hits returns the applied attempt's capacity without
 *       writing again, as DynamoDB answers a token it has applied (whatever the engine below
 *       remembers of it). The token is forgotten then; one whose transaction was cancelled is never
 *       remembered, as DynamoDB does not remember it;
 *   <li>an index lag carries the write out with its index changes landing some requests later
 *       (the engine's own lag, for this write).
 * </ul>
 *
 * <p>Scan is not scripted. Thread-safe if the delegate is: the script has its own lock.
 */
final class FaultInjectingTable extends ForwardingTable {
  private final Faults script;

  /**
   * The tokens of transactions a {@code transactionInProgress} fault applied, with the capacity
   * the applied attempt consumed; by identity, as each call has its own token object.
   */
  private final Map<ClientToken, Capacity> inProgress =
      Collections.synchronizedMap(new IdentityHashMap<>());

  FaultInjectingTable(Table delegate, Faults script) {
    super(delegate);
    this.script = Objects.requireNonNull(script, "script");
  }

  @Override
  public Read getItem(Key key) {
    return attempt(Operation.GET_ITEM, fault -> delegate.getItem(key));
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    return attempt(Operation.TRANSACT_GET_ITEMS, fault -> delegate.transactGetItems(keys));
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return attempt(Operation.QUERY, fault -> delegate.query(plan));
  }

  @Override
  Write write(WriteAction action, boolean resendable) {
    if (action instanceof WriteAction.Check) {
      // No such request: the engine refuses it before anything is sent, as DynamoTable does.
      return passOn(action, resendable);
    }
    return attempt(Operation.of(action), fault -> passOn(action, resendable));
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    return attempt(
        Operation.TRANSACT_WRITE_ITEMS,
        fault -> {
          if (fault != null && fault.kind() == Kind.TRANSACTION_CANCELLED) {
            List<String> reasons =
                new ArrayList<>(Collections.nCopies(actions.size(), Limits.NONE));
            reasons.set(0, fault.reason());
            throw new TableTransactionCancelledException(reasons, null);
          }
          boolean stillInProgress = fault != null && fault.kind() == Kind.TRANSACTION_IN_PROGRESS;
          if (stillInProgress) {
            if (!inProgress.containsKey(token)) {
              try {
                inProgress.put(token, delegate.transactWrite(actions, token));
              } catch (TableTransactionCancelledException cancelled) {
                // The attempt in flight was cancelled: nothing applied, nothing remembered.
              }
            }
            throw new TableTransactionInProgressException(
                Operation.TRANSACT_WRITE_ITEMS.wireName()
                    + " on DynamoDB table "
                    + Limits.DEFAULT_TABLE_NAME
                    + " ("
                    + TableTransactionInProgressException.ERROR_CODE
                    + "): an earlier attempt under the same ClientRequestToken is still in"
                    + " progress (injected fault)",
                null);
          }
          Capacity applied = inProgress.remove(token);
          return applied != null ? applied : delegate.transactWrite(actions, token);
        });
  }

  /** A batch without the tail an {@code unprocessed} fault leaves out, then with it. */
  @Override
  <T, R> R batch(Batch<T, R> batch, List<T> requested) {
    return attempt(
        batch.operation(),
        fault -> {
          if (fault == null || fault.kind() != Kind.UNPROCESSED) {
            return batch.send(delegate, requested);
          }
          int kept = requested.size() - (int) Math.ceil(fault.fraction() * requested.size());
          List<T> tail = List.copyOf(requested.subList(kept, requested.size()));
          return kept == 0
              ? batch.nothingProcessed(tail)
              : batch.leaving(batch.send(delegate, List.copyOf(requested.subList(0, kept))), tail);
        });
  }

  /**
   * One attempt: asks the script for its fault, refuses the attempt or carries it out with the
   * fault to apply, and reports an unknown outcome once it ran.
   */
  private <T> T attempt(Operation operation, Function<ScriptedFault, T> request) {
    ScriptedFault fault = FaultScripts.decide(script, operation);
    if (fault == null) {
      return request.apply(null);
    }
    switch (fault.kind()) {
      case THROTTLING -> throw RefusedAttempt.throttled();
      case INTERNAL_SERVER_ERROR -> throw RefusedAttempt.internalServerError();
      default -> {}
    }
    T result =
        fault.kind() == Kind.INDEX_LAG
            ? IndexLag.during(fault.requests(), () -> request.apply(fault))
            : request.apply(fault);
    if (fault.kind() == Kind.UNKNOWN_OUTCOME) {
      Retries.unknownOutcome(operation);
      throw Unavailability.of(
          "could not complete "
              + operation.wireName()
              + " on DynamoDB table "
              + Limits.DEFAULT_TABLE_NAME
              + ": the call timed out after"
              + " the request was sent (injected fault): it may or may not have been applied",
          ServiceUnavailableException.Reason.UNREACHABLE,
          operation,
          true,
          new SocketTimeoutException("Read timed out"));
    }
    return result;
  }
}
