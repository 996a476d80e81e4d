package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.Operation;
import org.junit.jupiter.api.Test;

class RequestTest {
  @Test
  void eachRequestIsTheEngineOperationOfItsName() {
    for (Request request : Request.values()) {
      Operation operation = Operation.valueOf(request.name());
      assertThat(Request.of(operation)).isSameAs(request);
      assertThat(request.writes()).isEqualTo(operation.writes());
    }
  }

  @Test
  void scansAndChecksAreNoRequestsToScript() {
    assertThatThrownBy(() -> Request.of(Operation.SCAN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Request.of(Operation.CONDITION_CHECK))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
