package io.quickphotos.test;

import java.util.Collections;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Cancels the next transactions sent to DynamoDB Local as a conflicting transaction in flight
 * would, which DynamoDB Local cannot be made to do on cue: the DynamoDB Local counterpart of
 * {@code Fault.transactionConflict()}. Registered for every SDK client of the test JVM through
 * {@code software/amazon/awssdk/global/handlers/execution.interceptors}; it does nothing until a
 * test calls {@link #next(int)}.
 */
public final class ConflictingTransactions implements ExecutionInterceptor {
  private static final AtomicInteger REMAINING = new AtomicInteger();

  /** Made by the SDK, from the resource file. */
  public ConflictingTransactions() {}

  /** Cancels the next {@code count} TransactWriteItems requests, before they are sent. */
  static void next(int count) {
    REMAINING.set(count);
  }

  /** Forgets what is left, so that one test's conflicts never reach the next. */
  static void clear() {
    REMAINING.set(0);
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    if (context.request() instanceof TransactWriteItemsRequest request
        && REMAINING.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      CancellationReason conflict =
          CancellationReason.builder()
              .code("TransactionConflict")
              .message("Transaction is ongoing for the item")
              .build();
      throw TransactionCanceledException.builder()
          .message(
              "Transaction cancelled, please refer cancellation reasons for specific reasons"
                  + " [TransactionConflict]")
          .cancellationReasons(Collections.nCopies(request.transactItems().size(), conflict))
          .build();
    }
  }
}
