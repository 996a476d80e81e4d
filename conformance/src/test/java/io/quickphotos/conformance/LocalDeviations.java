package io.quickphotos.conformance;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.QueryResult;

/**
 * Where DynamoDB Local is known to report other numbers than the service, which the memory engine
 * follows. Each deviation is pinned request by request, with Local's own numbers, in
 * dynamo-local's {@code DynamoDbLocalCapacityTest}; the properties expect Local's number only
 * where one of these applies.
 */
final class LocalDeviations {
  private LocalDeviations() {}

  /**
   * DynamoDB Local bills a Query that reads no item zero units; the service bills the minimum
   * (one unit, half when eventually consistent), as the memory engine does.
   *
   * @param memory the page as the memory engine read it
   * @return the capacity DynamoDB Local reports for the same page
   */
  static Capacity queryCapacityOnLocal(QueryResult memory) {
    return memory.items().isEmpty() ? Capacity.ZERO : memory.consumed();
  }
}
