package io.quickphotos.streams.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.quickphotos.streams.ChangeHandler;
import io.quickphotos.streams.Delivery;
import io.quickphotos.streams.internal.Decoder;
import io.quickphotos.streams.internal.ItemChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An AWS Lambda handler for a table's DynamoDB stream event: decodes the batch into the
 * repository's events and hands them to an application's {@link ChangeHandler}. Lambda's event
 * source mapping owns the shards (one batch of a shard at a time, in order), the checkpoints and
 * the retries: that is the fleet's coordination, none of quickphotos' own. Lambda instantiates
 * the class by its no-argument constructor, so an application subclasses it:
 *
 * <pre>{@code
 * public final class Projector extends ChangeFeedHandler {
 *   public Projector() {
 *     super(new MyProjection());
 *   }
 * }
 * }</pre>
 *
 * <p>Configure the event source mapping with the stream's view NEW_AND_OLD_IMAGES, {@code
 * FunctionResponseTypes: ReportBatchItemFailures} and {@code BisectBatchOnFunctionError: false}:
 * a handler that throws makes this class report the batch's first record as failed, and Lambda
 * delivers the batch again from it. A delivery may therefore come twice; the handler applies it
 * once in effect with {@code AppliedMarks} (or the mark written with its effect). An approval
 * whose two records fall into two batches is reported as the request's end ({@code
 * RequestDeclined}) and a follow ({@code Followed}) of the same pair: neither record alone tells
 * an approval, and a lone request's end cannot be held back for the next batch, since a decline is
 * the same record and, with nothing after it, would come back until Lambda's retries ran out
 * ({@code docs/streams.md}).
 *
 * <p>Thread-safe if the handler is; Lambda calls one instance with one event at a time.
 */
public class ChangeFeedHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
  private final ChangeHandler handler;

  /**
   * A handler that hands every batch's events to {@code handler}.
   *
   * @param handler the application's handler
   */
  protected ChangeFeedHandler(ChangeHandler handler) {
    this.handler = Objects.requireNonNull(handler, "handler");
  }

  /**
   * Decodes the event's records (one shard's batch, in order) and calls the handler once with
   * their events, if any. Makes no request of its own.
   *
   * @param event the stream event Lambda delivers
   * @param context Lambda's context (unused)
   * @return no failures if the handler returned; the batch's first record as failed if it
   *     threw, so that Lambda delivers the batch again
   * @throws IllegalArgumentException if a record lacks an image (the view is not
   *     NEW_AND_OLD_IMAGES)
   */
  @Override
  public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
    List<ItemChange> changes = new ArrayList<>(event.getRecords().size());
    for (DynamodbEvent.DynamodbStreamRecord record : event.getRecords()) {
      changes.add(LambdaImages.change(record));
    }
    List<Delivery> batch = Decoder.decode(changes);
    if (!batch.isEmpty()) {
      try {
        handler.handle(batch);
      } catch (Exception e) {
        String first = event.getRecords().get(0).getDynamodb().getSequenceNumber();
        return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(first)));
      }
    }
    return new StreamsEventResponse(List.of());
  }
}
