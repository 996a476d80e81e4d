package io.quickphotos.contract;

import io.quickphotos.AccessPattern;

/**
 * Whose capacity numbers a backend reports where they are known to differ. The memory engine and
 * DynamoDB itself bill as the service documents; DynamoDB Local 2.6 reports other numbers for
 * transactions and for queries that read nothing (its quirks are pinned, request by request, in
 * dynamo-local's {@code DynamoDbLocalCapacityTest}). Everything not listed here is billed alike.
 */
public enum Billing {
  /** The service's formulas: what DynamoDB bills, and what the memory engine computes. */
  SERVICE,
  /**
   * DynamoDB Local 2.6: each transaction action billed at four times its single write, actions
   * of equal cost counted once, condition checks billed as write units; a Query that reads
   * nothing billed zero instead of the minimum.
   */
  DYNAMODB_LOCAL;

  /**
   * The capacity one successful, small-item transaction of an access pattern reports.
   *
   * @param pattern UPLOAD_PHOTO, REACT_TO_PHOTO, FOLLOW or UNFOLLOW
   * @return read and write units
   */
  public double[] transaction(AccessPattern pattern) {
    boolean service = this == SERVICE;
    return switch (pattern) {
      // check owner (2 RCU transactional read) + put photo (2 × (table + index))
      case UPLOAD_PHOTO -> service ? new double[] {2, 4} : new double[] {0, 12};
      // check reactor + put reaction + update photo
      case REACT_TO_PHOTO -> service ? new double[] {2, 8} : new double[] {0, 12};
      // put or delete friendship + two counter updates, each 2 × (table + index)
      case FOLLOW, UNFOLLOW -> service ? new double[] {0, 12} : new double[] {0, 8};
      default -> throw new IllegalArgumentException(pattern + " is not a transaction");
    };
  }

  /**
   * The read units of a Query that finds nothing.
   *
   * @param consistent whether the read is strongly consistent
   * @return the minimum charge on the service, zero on DynamoDB Local
   */
  public double emptyQuery(boolean consistent) {
    return this == SERVICE ? (consistent ? 1 : 0.5) : 0;
  }
}
