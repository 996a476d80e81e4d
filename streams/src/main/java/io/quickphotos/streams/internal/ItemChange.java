package io.quickphotos.streams.internal;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import java.time.Instant;

/**
 * One stream record, whatever carried it (the SDK's {@code Record}, Lambda's event), in the
 * engine's terms.
 *
 * @param eventName INSERT, MODIFY or REMOVE
 * @param key the item's key
 * @param oldImage the item before, null if none or not in the stream's view
 * @param newImage the item after, null if none or not in the stream's view
 * @param sequenceNumber the record's sequence number
 * @param at the record's approximate creation time
 */
public record ItemChange(
    String eventName, Key key, Item oldImage, Item newImage, String sequenceNumber, Instant at) {}
