package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.RetryPolicy;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.Table;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Request;
import io.quickphotos.memory.Throughput;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** How the decorators are composed, and the bridge the fault layer reads its script through. */
class DynamoDbFailuresTest {
  private final MemoryTable engine = new MemoryTable();
  private final Clock clock = Clock.systemUTC();

  @Test
  void withoutFaultsOrLimitsTheEngineRunsBare() {
    assertThat(DynamoDbFailures.around(engine, null, null, clock, RetryPolicy.noDelay()))
        .isSameAs(engine);
  }

  @Test
  void faultsAndLimitsAreRetriedAsTheSdkRetries() {
    Table table =
        DynamoDbFailures.around(
            engine, Faults.create(), Throughput.onDemand(), clock, RetryPolicy.noDelay());
    assertThat(table).isInstanceOf(SimulatedSdkRetries.class);
    assertThat(table.indexMayLag()).isFalse();
  }

  @Test
  void theEngineReadsAScriptThroughTheBridge() {
    Faults faults = Faults.create();
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.transactionConflict());

    assertThat(FaultScripts.decide(faults, Operation.TRANSACT_WRITE_ITEMS))
        .isEqualTo(
            new ScriptedFault(ScriptedFault.Kind.TRANSACTION_CANCELLED, 0, "TransactionConflict"));
    assertThat(FaultScripts.decide(faults, Operation.TRANSACT_WRITE_ITEMS)).isNull();
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(2);
    assertThatThrownBy(() -> FaultScripts.decide(faults, Operation.SCAN))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theBridgeIsSetOnce() {
    Faults.create();
    assertThatThrownBy(() -> FaultScripts.register((script, operation) -> null))
        .isInstanceOf(IllegalStateException.class);
  }
}
