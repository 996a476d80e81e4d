package io.quickphotos.memory.internal;

import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.ServiceUnavailableException.Reason;
import io.quickphotos.engine.Backoff;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Retries;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Unavailability;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Retries refused attempts as the AWS SDK retries throttling and internal server errors inside one
 * call: each {@link RefusedAttempt} from below is retried with the repository's
 * {@link RetryPolicy} and {@link Backoff}, and once every attempt has been refused the call throws
 * {@link ServiceUnavailableException}, as {@code SdkErrors} reports the SDK's last exception on
 * DynamoDB. Everything else — results, unprocessed keys and items, cancelled transactions, other
 * exceptions — passes up untouched, for the repository to handle as it does on DynamoDB.
 *
 * <p>Thread-safe if the delegate is: it holds no state of its own.
 */
final class SimulatedSdkRetries extends ForwardingTable {
  private final RetryPolicy policy;
  private final Backoff backoff;

  SimulatedSdkRetries(Table delegate, RetryPolicy policy) {
    super(delegate);
    this.policy = Objects.requireNonNull(policy, "policy");
    this.backoff = Backoff.of(policy);
  }

  @Override
  public Read getItem(Key key) {
    return send(Operation.GET_ITEM, () -> delegate.getItem(key));
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    return send(Operation.TRANSACT_GET_ITEMS, () -> delegate.transactGetItems(keys));
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return send(Operation.QUERY, () -> delegate.query(plan));
  }

  @Override
  <T, R> R batch(Batch<T, R> batch, List<T> requested) {
    return send(batch.operation(), () -> batch.send(delegate, requested));
  }

  /**
   * A single write; in the form {@link #writeAtMostOnce}, an attempt refused with a server error
   * (which on DynamoDB may follow an applied write) ends the request, written unknown, as
   * {@code RefusalsOnly} ends it there; throttling is retried either way.
   */
  @Override
  Write write(WriteAction action, boolean resendable) {
    return send(Operation.of(action), () -> passOn(action, resendable), resendable);
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    return send(Operation.TRANSACT_WRITE_ITEMS, () -> delegate.transactWrite(actions, token));
  }

  /**
   * Sends a request, again after each refused attempt while the policy allows. The exception
   * when every attempt was refused says, as {@code SdkErrors} does on DynamoDB, why the last one
   * was and what the request may have written: for a write, unknown once any attempt met a server
   * error (DynamoDB may apply a write and still answer 5xx, although this engine never does), else
   * nothing.
   */
  private <T> T send(Operation operation, Supplier<T> attempt) {
    return send(operation, attempt, true);
  }

  private <T> T send(Operation operation, Supplier<T> attempt, boolean resendable) {
    boolean mayHaveApplied = false;
    for (int attempts = 1; ; attempts++) {
      try {
        return attempt.get();
      } catch (RefusedAttempt refused) {
        // Counted for the call's cost, as the SDK's attempts are counted on DynamoDB.
        if (refused.throttling()) {
          Retries.throttled(operation);
        } else {
          mayHaveApplied = true;
        }
        if (attempts >= policy.maxAttempts() || (mayHaveApplied && !resendable)) {
          throw Unavailability.of(
              "DynamoDB could not serve "
                  + operation.wireName()
                  + " on table "
                  + Limits.DEFAULT_TABLE_NAME
                  + " ("
                  + refused.code()
                  + ") after "
                  + attempts
                  + " attempts: "
                  + refused.getMessage(),
              refused.throttling() ? Reason.THROTTLED : Reason.SERVER_ERROR,
              operation,
              mayHaveApplied,
              refused);
        }
        Retries.sdkRetry(operation);
        try {
          backoff.pause(attempts);
        } catch (ServiceUnavailableException interrupted) {
          throw mayHaveApplied && operation.writes()
              ? Unavailability.unknown(interrupted, "an earlier attempt met a server error")
              : interrupted;
        }
      }
    }
  }
}
