package io.quickphotos.memory.internal;

import io.quickphotos.contract.ConditionCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Condition expressions beyond the item's existence, on the memory engine: the shared
 * {@link ConditionCases}, which dynamo-local's {@code DynamoTableTest} runs against DynamoDB Local.
 */
class ConditionTest {
  private final MemoryTable table = new MemoryTable();

  @ParameterizedTest
  @MethodSource("io.quickphotos.contract.ConditionCases#cases")
  void aConditionHoldsExactlyWhenDynamoDbSaysSo(ConditionCases.Case c) {
    ConditionCases.check(table, c);
  }
}
