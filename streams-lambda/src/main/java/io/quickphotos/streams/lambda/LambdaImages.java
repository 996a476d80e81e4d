package io.quickphotos.streams.lambda;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import io.quickphotos.streams.internal.ItemChange;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Lambda's stream records as {@link ItemChange}s. Stateless, thread-safe. */
final class LambdaImages {
  private LambdaImages() {}

  static ItemChange change(DynamodbEvent.DynamodbStreamRecord record) {
    StreamRecord r = record.getDynamodb();
    Map<String, AttributeValue> keys = r.getKeys();
    Instant at =
        r.getApproximateCreationDateTime() == null
            ? Instant.EPOCH
            : r.getApproximateCreationDateTime().toInstant();
    return new ItemChange(
        record.getEventName(),
        new Key(keys.get(Item.PK).getS(), keys.get(Item.SK).getS()),
        image(r.getOldImage()),
        image(r.getNewImage()),
        r.getSequenceNumber(),
        at);
  }

  private static Item image(Map<String, AttributeValue> image) {
    if (image == null || image.isEmpty()) {
      return null;
    }
    Map<String, Value> values = new HashMap<>(image.size() * 2);
    image.forEach((name, value) -> values.put(name, value(value)));
    return new Item(values);
  }

  private static Value value(AttributeValue v) {
    if (v.getS() != null) {
      return new Value.Str(v.getS());
    }
    if (v.getN() != null) {
      return new Value.Num(new BigDecimal(v.getN()));
    }
    if (v.getBOOL() != null) {
      return new Value.Bool(v.getBOOL());
    }
    if (v.getNULL() != null) {
      return new Value.Null();
    }
    if (v.getM() != null) {
      Map<String, Value> m = new HashMap<>();
      v.getM().forEach((k, e) -> m.put(k, value(e)));
      return new Value.MapValue(m);
    }
    if (v.getL() != null) {
      List<Value> l = new ArrayList<>();
      v.getL().forEach(e -> l.add(value(e)));
      return new Value.ListValue(l);
    }
    throw new IllegalArgumentException("an attribute type quickphotos never writes: " + v);
  }
}
