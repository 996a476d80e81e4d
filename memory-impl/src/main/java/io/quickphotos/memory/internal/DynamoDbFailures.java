package io.quickphotos.memory.internal;

import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Throughput;
import java.time.Clock;
import java.util.Objects;

/**
 * Puts an engine where the AWS SDK client stands on DynamoDB, failing as DynamoDB fails: scripted
 * {@link Faults}, per-partition {@link Throughput} limits, and the SDK's own retries of the
 * attempts those refuse. Everything above it — the repository's retries of unprocessed keys and
 * cancelled transactions, its translation of engine errors — then runs exactly as on DynamoDB.
 *
 * <p>From the outside in: {@link SimulatedSdkRetries} retries each refused attempt under the
 * repository's {@link RetryPolicy}; {@link FaultInjectingTable} asks the script for each
 * attempt's fault; {@link PartitionThroughput} admits and charges each attempt on the table's
 * and the index's partitions, kept by a {@link ThroughputModel}; then the engine carries it out.
 */
public final class DynamoDbFailures {
  private DynamoDbFailures() {}

  /**
   * The engine behind the configured failures, or the engine itself when there are none, so a
   * repository without faults or limits runs on the bare engine at full speed.
   *
   * <p>The result's requests throw {@link ServiceUnavailableException} once every attempt the
   * policy allows was throttled or failed, or after an unknown outcome was carried out, and
   * {@link TableTransactionCancelledException} for a cancelled or throttled transaction.
   * Thread-safe if the engine is.
   *
   * @param engine the engine that carries the requests out
   * @param faults the script of faults, or null for none
   * @param throughput per-partition limits, or null for none
   * @param clock the repository's clock, which refills the limits
   * @param retryPolicy how a throttled or failed attempt is retried, as the SDK would
   * @return the decorated engine, or {@code engine} if {@code faults} and {@code throughput} are
   *     both null
   * @throws NullPointerException if the engine, the clock or the policy is null
   */
  public static Table around(
      Table engine, Faults faults, Throughput throughput, Clock clock, RetryPolicy retryPolicy) {
    Objects.requireNonNull(clock, "clock");
    return around(
        engine,
        faults,
        throughput == null ? null : ThroughputModel.create(throughput, clock),
        retryPolicy);
  }

  /**
   * The engine behind the configured failures, with throughput limits on a model the caller holds
   * and can take {@link ThroughputModel#snapshot() snapshots} of; the engine itself when there are
   * neither faults nor a model. As {@link #around(Table, Faults, Throughput, Clock, RetryPolicy)}
   * otherwise; the model's clock refills its limits.
   *
   * <p>A model stands for one table's partitions: give each engine a model of its own.
   *
   * @param engine the engine that carries the requests out
   * @param faults the script of faults, or null for none
   * @param throughput the partitions that admit and charge every attempt, or null for no limits
   * @param retryPolicy how a throttled or failed attempt is retried, as the SDK would
   * @return the decorated engine, or {@code engine} if {@code faults} and {@code throughput} are
   *     both null
   * @throws NullPointerException if the engine or the policy is null
   */
  public static Table around(
      Table engine, Faults faults, ThroughputModel throughput, RetryPolicy retryPolicy) {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    if (faults == null && throughput == null) {
      return engine;
    }
    Table table = engine;
    if (throughput != null) {
      table = new PartitionThroughput(table, throughput);
    }
    if (faults != null) {
      table = new FaultInjectingTable(table, faults);
    }
    return new SimulatedSdkRetries(table, retryPolicy);
  }
}
