package io.quickphotos.test.spring;

/**
 * A table the kit made for a test context, emptied when the context's repository is reset.
 * Implemented for DynamoDB Local only: a memory repository is simply built again.
 */
interface TestTable {
  /** Deletes every item. */
  void empty();
}
