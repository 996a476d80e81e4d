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
   * @param pattern UPLOAD_PHOTO, EDIT_PHOTO, REACT_TO, FOLLOW or UNFOLLOW
   * @return read and write units
   */
  public double[] transaction(AccessPattern pattern) {
    boolean service = this == SERVICE;
    return switch (pattern) {
      // check owner (2 RCU transactional read) + put photo (2 × (table + index))
      case UPLOAD_PHOTO -> service ? new double[] {2, 4} : new double[] {0, 12};
      // check owner + update the photo's caption or attributes: billed as the upload
      case EDIT_PHOTO -> service ? new double[] {2, 4} : new double[] {0, 12};
      // check reactor + check owner (2 RCU each) + put reaction + update photo
      case REACT_TO -> service ? new double[] {4, 8} : new double[] {0, 12};
      // put or delete friendship + two counter updates, each 2 × (table + index)
      case FOLLOW, UNFOLLOW -> service ? new double[] {0, 12} : new double[] {0, 8};
      default -> throw new IllegalArgumentException(pattern + " is not a transaction");
    };
  }

  /**
   * The capacity a reaction to one's own photo reports: the reactor's check stands for the
   * owner's, so the transaction has one condition check fewer than {@link #transaction} of
   * REACT_TO.
   *
   * @return read and write units
   */
  public double[] reactionToOwnPhoto() {
    // check reactor + put reaction + update photo; Local bills it like the four-action one
    return this == SERVICE ? new double[] {2, 8} : new double[] {0, 12};
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

  /** Calls of the lifecycle patterns whose capacity the contract pins. */
  public enum Lifecycle {
    /** removeReaction: delete the reaction + the counter −1. */
    REMOVE_REACTION,
    /** removeReaction whose photo is gone: a cancelled transaction, then delete + check. */
    REMOVE_REACTION_OF_GONE_PHOTO,
    /** deletePhoto without reactions: the mark, then a DeleteItem. */
    DELETE_PHOTO_WITHOUT_REACTIONS,
    /** deletePhoto with three reactions: the mark, an index Query, one transaction of four. */
    DELETE_PHOTO_WITH_THREE_REACTIONS,
    /** deleteUser of an account with nothing: the mark, seven empty Queries, the DeleteItem. */
    DELETE_EMPTY_USER
  }

  /**
   * The capacity one lifecycle call reports, on small items.
   *
   * @param call which call
   * @return read and write units
   */
  public double[] lifecycle(Lifecycle call) {
    boolean service = this == SERVICE;
    return switch (call) {
      // delete reaction + update photo, each 2 × (table + index)
      case REMOVE_REACTION -> service ? new double[] {0, 8} : new double[] {0, 8};
      // the cancelled transaction bills nothing; delete (4) + check of a missing photo (2 RCU);
      // Local bills the second transaction like reactTo's, 12 write units
      case REMOVE_REACTION_OF_GONE_PHOTO -> service ? new double[] {2, 4} : new double[] {0, 12};
      // UpdateItem (table + index) + DeleteItem (table + index)
      case DELETE_PHOTO_WITHOUT_REACTIONS -> new double[] {0, 4};
      // mark (2) + index Query (0.5) + four transactional deletes of table and index (16);
      // Local counts the four equal deletes once, at four times a single delete's 2 (8)
      case DELETE_PHOTO_WITH_THREE_REACTIONS ->
          service ? new double[] {0.5, 18} : new double[] {0.5, 10};
      // mark (2) + four empty strongly consistent reaction Queries, the photos and followers
      // Queries (1 each) and the empty index Query (0.5) + DeleteItem (2)
      case DELETE_EMPTY_USER -> service ? new double[] {6.5, 4} : new double[] {0, 4};
    };
  }
}
