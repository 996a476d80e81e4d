package io.quickphotos.bench.latency;

import io.quickphotos.AccessPattern;
import io.quickphotos.ActivityNotice;
import io.quickphotos.PageRequest;
import io.quickphotos.Reaction;
import io.quickphotos.bench.DataSet;
import java.util.List;
import java.util.Map;

/**
 * The activity inbox's probes: a page and the unread count of a reacted-to photo owner's inbox,
 * the read mark, and the delivery of one reaction (the change feed's handler's call), each alone.
 */
final class ActivityProbes {
  private ActivityProbes() {}

  /**
   * Adds the inbox's four probes.
   *
   * @param probes the probes by pattern
   * @param data the data set loaded into the table
   */
  static void addTo(Map<AccessPattern, LatencyProbe> probes, DataSet data) {
    probes.put(
        AccessPattern.DELIVER_ACTIVITY,
        LatencyProbe.alone(
            AccessPattern.DELIVER_ACTIVITY,
            (photos, slot) -> {
              Reaction told = data.reactions.get(slot % data.reactions.size());
              return photos.deliverActivity(List.of(ActivityNotice.reacted(told)));
            }));
    probes.put(
        AccessPattern.ACTIVITY,
        LatencyProbe.alone(
            AccessPattern.ACTIVITY,
            (photos, slot) ->
                photos.activity(ownerOf(data, slot), PageRequest.first(PageRequest.DEFAULT_SIZE))));
    probes.put(
        AccessPattern.UNREAD_ACTIVITY,
        LatencyProbe.alone(
            AccessPattern.UNREAD_ACTIVITY,
            (photos, slot) -> photos.unreadActivity(ownerOf(data, slot))));
    probes.put(
        AccessPattern.MARK_ACTIVITY_READ,
        LatencyProbe.alone(
            AccessPattern.MARK_ACTIVITY_READ,
            (photos, slot) -> {
              photos.markActivityRead(ownerOf(data, slot));
              return null;
            }));
  }

  private static String ownerOf(DataSet data, int slot) {
    return data.reactions.get(slot % data.reactions.size()).photo().owner();
  }
}
