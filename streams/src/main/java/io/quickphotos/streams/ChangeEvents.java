package io.quickphotos.streams;

import io.quickphotos.streams.internal.Decoder;
import io.quickphotos.streams.internal.Images;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Decodes a table's DynamoDB stream records into the repository's {@link ChangeEvent}s. The
 * stream's view must be NEW_AND_OLD_IMAGES: a profile or photo MODIFY is an event only if more
 * than its counters changed, which takes both images. Stateless, thread-safe.
 */
public final class ChangeEvents {
  private ChangeEvents() {}

  /**
   * Decodes one batch of records of one shard (a GetRecords page), in order. Internal items give
   * no event; an approval (the request's REMOVE and the friendship's INSERT in one batch) gives
   * one {@link ChangeEvent.RequestApproved}.
   *
   * @param records the records, in the shard's order
   * @return the deliveries, in the records' order
   * @throws IllegalArgumentException if a record lacks an image its event needs
   */
  public static List<Delivery> decode(List<Record> records) {
    List<io.quickphotos.streams.internal.ItemChange> changes = new ArrayList<>(records.size());
    for (Record record : records) {
      changes.add(Images.of(record));
    }
    return Decoder.decode(changes);
  }

  /**
   * How many records of a page to deliver now so that no approval is split between two batches:
   * all of them, or up to the last request's end whose friendship may be on the next page.
   *
   * @param records a page of one shard
   * @return the number to deliver; the rest are to be delivered with the next page
   */
  static int deliverable(List<Record> records) {
    List<io.quickphotos.streams.internal.ItemChange> changes = new ArrayList<>(records.size());
    for (Record record : records) {
      changes.add(Images.of(record));
    }
    return Decoder.deliverable(changes);
  }
}
