package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.TableItems;
import io.quickphotos.contract.TableItemsContract;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** {@code TableItems} on the memory backend. */
class MemoryTableItemsContractTest extends TableItemsContract {
  @Override
  protected QuickPhotos newRepository(Clock clock) {
    return MemoryQuickPhotos.builder().clock(clock).retryPolicy(RetryPolicy.noDelay()).build();
  }

  @Test
  void theToolsGoBelowTheRepositorysFaultsAndThroughputModel() {
    Clock clock = Clock.fixed(Instant.parse("2024-06-01T12:00:00Z"), ZoneOffset.UTC);
    InMemoryTable table = InMemoryTable.create();
    Faults faults = Faults.create();
    Throughput.Model model = Throughput.perPartition(1, 1).model(clock);
    QuickPhotos failing =
        MemoryQuickPhotos.builder()
            .table(table)
            .faults(faults)
            .throughput(model)
            .clock(clock)
            .retryPolicy(RetryPolicy.noDelay(1))
            .build();
    faults.onAnyRequest().always(Fault.internalServerError());
    String line = "{\"Item\":{\"PK\":{\"S\":\"USER#ann\"},\"SK\":{\"S\":\"#METADATA#ann\"}}}";

    assertThat(TableItems.load(failing, new StringReader(line))).isEqualTo(1);
    // An item without an entity: counted, as a kind this version does not know.
    assertThat(TableItems.export(failing, new StringWriter()).get(TableItems.Kind.OTHER))
        .isEqualTo(new TableItems.Tally(1, "PKUSER#annSK#METADATA#ann".length()));
    assertThat(TableItems.usernames(failing)).isEmpty();
    assertThat(faults.injected()).isEmpty();
    assertThat(model.partitions()).isEmpty();
    assertThatThrownBy(() -> failing.getUser("ann"))
        .isInstanceOf(ServiceUnavailableException.class);
  }
}
