package io.quickphotos.contract;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.function.Predicate;

/**
 * A {@link Table} decorator that loses the answer of one chosen single write after the engine
 * applied it and sends the same request again, as the AWS SDK resends a request whose answer
 * timed out; the caller gets the second attempt's answer. Between the two attempts it runs what
 * the test gives it, as another call that lands in between would. Transactions pass through with
 * their token, untouched. Used on every backend, it forces the interleaving "applied, answer
 * lost, (another call), resent" deterministically; a write sent at most once
 * ({@link Table#writeAtMostOnce}) is instead answered as a timeout, unknown, after the same
 * interleaving. Thread-safe.
 */
public final class LostAnswerTable implements Table {
  private final Table engine;
  private Predicate<WriteAction> which;
  private Runnable meanwhile;
  private int resent;
  private int lostNotResent;
  private Predicate<List<WriteAction>> whichTransaction;
  private Runnable meanwhileTransaction;

  /**
   * Wraps an engine; no answer is lost until {@link #loseAnswerOf} says so.
   *
   * @param engine the real engine
   */
  public LostAnswerTable(Table engine) {
    this.engine = engine;
  }

  /**
   * Loses the answer of the next single write {@code which} accepts, runs {@code meanwhile}, then
   * sends the write again.
   *
   * @param which the write whose answer to lose
   * @param meanwhile what happens between the attempt and the resend
   */
  public synchronized void loseAnswerOf(Predicate<WriteAction> which, Runnable meanwhile) {
    this.which = which;
    this.meanwhile = meanwhile;
  }

  /**
   * How many writes were sent again.
   *
   * @return the count
   */
  public synchronized int resent() {
    return resent;
  }

  @Override
  public Write write(WriteAction action) {
    Runnable between;
    synchronized (this) {
      if (which == null || !which.test(action)) {
        return engine.write(action);
      }
      which = null;
      between = meanwhile;
      meanwhile = null;
      resent++;
    }
    // The first attempt is applied (or fails its condition); its answer never arrives.
    try {
      engine.write(action);
    } catch (RuntimeException lost) {
      // Lost with the rest of the answer.
    }
    between.run();
    return engine.write(action);
  }

  /**
   * As {@link #write}, but as an engine that never resends after an attempt that may have been
   * applied: the next chosen write that is applied loses its answer, {@code meanwhile} runs, and
   * the call fails as a timed-out request does, written unknown; it is not sent again.
   */
  @Override
  public Write writeAtMostOnce(WriteAction action) {
    Runnable between;
    synchronized (this) {
      if (which == null || !which.test(action)) {
        return engine.writeAtMostOnce(action);
      }
    }
    // Only an applied attempt loses its answer here: one refused by its condition (an edit
    // measured again, say) is answered, and the next attempt is the one chosen.
    engine.writeAtMostOnce(action);
    synchronized (this) {
      which = null;
      between = meanwhile;
      meanwhile = null;
      lostNotResent++;
    }
    between.run();
    throw new ServiceUnavailableException(
        "UpdateItem timed out (answer lost by the test)",
        ServiceUnavailableException.Reason.UNREACHABLE,
        ServiceUnavailableException.Written.UNKNOWN,
        null);
  }

  /**
   * How many writes sent at most once lost their answer (and were not sent again).
   *
   * @return the count
   */
  public synchronized int lostNotResent() {
    return lostNotResent;
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    return engine.transactWrite(actions);
  }

  /**
   * Loses the answer of the next transaction {@code which} accepts that the engine applies, runs
   * {@code meanwhile}, then sends it again under the same token, as the AWS SDK resends a
   * TransactWriteItems whose answer timed out: the caller gets the second attempt's answer, and
   * an engine that honours the token applies it once.
   *
   * @param which the transaction whose answer to lose
   * @param meanwhile what happens between the attempt and the resend
   */
  public synchronized void loseAnswerOfTransaction(
      Predicate<List<WriteAction>> which, Runnable meanwhile) {
    this.whichTransaction = which;
    this.meanwhileTransaction = meanwhile;
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    Runnable between;
    synchronized (this) {
      if (whichTransaction == null || !whichTransaction.test(actions)) {
        return engine.transactWrite(actions, token);
      }
    }
    // A cancelled attempt is answered: only an applied one loses its answer.
    engine.transactWrite(actions, token);
    synchronized (this) {
      whichTransaction = null;
      between = meanwhileTransaction;
      meanwhileTransaction = null;
      resent++;
    }
    between.run();
    return engine.transactWrite(actions, token);
  }

  @Override
  public Read getItem(Key key) {
    return engine.getItem(key);
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    return engine.transactGetItems(keys);
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return engine.query(plan);
  }

  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    return engine.batchGetItem(keys);
  }

  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    return engine.batchWriteItem(items);
  }

  @Override
  public QueryResult scan(ScanPlan plan) {
    return engine.scan(plan);
  }

  @Override
  public boolean indexMayLag() {
    return engine.indexMayLag();
  }
}
