package io.quickphotos.streams.internal;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/** The SDK's stream records as {@link ItemChange}s. Stateless, thread-safe. */
public final class Images {
  private Images() {}

  /**
   * One SDK record.
   *
   * @param record the record
   * @return the change
   */
  public static ItemChange of(Record record) {
    StreamRecord r = record.dynamodb();
    Map<String, AttributeValue> keys = r.keys();
    Key key = new Key(keys.get(Item.PK).s(), keys.get(Item.SK).s());
    Instant at =
        r.approximateCreationDateTime() == null ? Instant.EPOCH : r.approximateCreationDateTime();
    return new ItemChange(
        record.eventNameAsString(),
        key,
        r.hasOldImage() ? item(r.oldImage()) : null,
        r.hasNewImage() ? item(r.newImage()) : null,
        r.sequenceNumber(),
        at);
  }

  /**
   * An image as an item.
   *
   * @param image the attributes
   * @return the item
   */
  public static Item item(Map<String, AttributeValue> image) {
    Map<String, Value> values = new HashMap<>(image.size() * 2);
    image.forEach((name, value) -> values.put(name, value(value)));
    return new Item(values);
  }

  private static Value value(AttributeValue value) {
    return switch (value.type()) {
      case S -> new Value.Str(value.s());
      case N -> new Value.Num(new BigDecimal(value.n()));
      case BOOL -> new Value.Bool(value.bool());
      case NUL -> new Value.Null();
      case M -> {
        Map<String, Value> m = new HashMap<>();
        value.m().forEach((k, v) -> m.put(k, value(v)));
        yield new Value.MapValue(m);
      }
      case L -> {
        List<Value> l = new ArrayList<>();
        value.l().forEach(v -> l.add(value(v)));
        yield new Value.ListValue(l);
      }
      default -> throw new IllegalArgumentException("unexpected type " + value.type());
    };
  }
}
