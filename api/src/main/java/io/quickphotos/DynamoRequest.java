package io.quickphotos;

import java.util.Objects;

/**
 * One DynamoDB request a repository call made, in words, for logging and debugging. Both
 * backends describe the same request alike: the memory backend executes the very request the
 * DynamoDB backend would send.
 *
 * <p>The description names the operation, the index if any, the key values and conditions,
 * direction, limit and read consistency, e.g.
 * {@code Query InvertedIndex SK = #FRIEND#ann, forwards, Limit 10, eventually consistent} or
 * {@code PutItem PK = USER#ann, SK = #METADATA#ann if attribute_not_exists(PK)}. A
 * TransactWriteItems lists its actions after {@code "all or nothing: "}, separated by
 * {@code "; "}; a batch names its first keys and how many there are. The exact wording is for
 * people and may change between releases; do not parse it.
 *
 * @param operation the DynamoDB operation: {@code GetItem}, {@code Query}, {@code BatchGetItem},
 *     {@code BatchWriteItem}, {@code PutItem}, {@code UpdateItem}, {@code DeleteItem} or
 *     {@code TransactWriteItems}
 * @param description the request in words, starting with the operation
 */
public record DynamoRequest(String operation, String description) {

  /**
   * Checks the components.
   *
   * @param operation the DynamoDB operation
   * @param description the request in words
   * @throws NullPointerException if either is null
   */
  public DynamoRequest {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(description, "description");
  }

  /**
   * The description.
   *
   * @return {@link #description()}
   */
  @Override
  public String toString() {
    return description;
  }
}
