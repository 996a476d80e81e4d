package io.quickphotos.internal.repository.activity;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.singletable.activity.InboxItems;
import io.quickphotos.internal.singletable.activity.InboxItems.Entry;
import io.quickphotos.internal.singletable.layout.InboxKeys;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one read of an inbox sees below a position: its marks, its stored entries and the pulled
 * authors' photos as entries, merged newest first and cut where one of them stopped early, so
 * that nothing older than the cut is missing from what is returned.
 *
 * @param readUpTo the inbox's read mark (the epoch if none)
 * @param entries the candidates, newest first, each sort key once
 * @param complete whether every source was read to its end (no entry older than the last is left)
 * @param blockedEitherWay the users the inbox's owner blocked or was blocked by
 */
record InboxWindow(
    Instant readUpTo, List<Entry> entries, boolean complete, Set<String> blockedEitherWay) {

  /** The newest time a key can hold: the upper bound of a first page's pulled photos. */
  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  /**
   * Reads the window: the marks, the entries and the owner's blocks both ways side by side (three
   * strongly consistent Queries), then one eventually consistent Query per pulled author, side by
   * side.
   *
   * @param reads the request layer's reads
   * @param user the inbox's owner
   * @param below the sort key to read below ({@link InboxKeys#AFTER_ENTRIES} for the newest)
   * @param oldest the oldest time shown
   */
  static InboxWindow read(Reads reads, String user, String below, Instant oldest, Meter meter) {
    List<QueryResult> first =
        reads.queryAll(
            List.of(
                InboxItems.marks(user),
                InboxItems.entries(user, below, oldest),
                InboxItems.blocksEitherWay(user)),
            meter);
    List<Item> marks = new ArrayList<>(first.get(0).items());
    if (first.get(0).lastEvaluatedKey().isPresent()) {
      marks.addAll(
          reads.queryToEnd(
              InboxItems.marks(user).startingAfter(first.get(0).lastEvaluatedKey().get()), meter));
    }
    Set<String> blocked = new HashSet<>();
    for (Item block : first.get(2).items()) {
      blocked.add(InboxItems.otherOfBlock(block));
    }
    if (first.get(2).lastEvaluatedKey().isPresent()) {
      QueryPlan rest =
          InboxItems.blocksEitherWay(user).startingAfter(first.get(2).lastEvaluatedKey().get());
      for (Item block : reads.queryToEnd(rest, meter)) {
        blocked.add(InboxItems.otherOfBlock(block));
      }
    }
    Optional<Item> readMark = Optional.empty();
    List<String> pulled = new ArrayList<>();
    for (Item mark : marks) {
      String sk = mark.key().sk();
      if (sk.equals(InboxKeys.READ)) {
        readMark = Optional.of(mark);
      } else if (sk.startsWith(InboxKeys.PULL)) {
        pulled.add(sk.substring(InboxKeys.PULL.length()));
      }
    }
    Map<String, Entry> merged = new LinkedHashMap<>();
    String horizon = "";
    QueryResult stored = first.get(1);
    for (Item item : stored.items()) {
      Entry entry = InboxItems.entry(item);
      if (entry.sortKey().compareTo(below) < 0) {
        merged.put(entry.sortKey(), entry);
      }
    }
    if (stored.lastEvaluatedKey().isPresent()) {
      horizon = stored.lastEvaluatedKey().get().sk();
    }
    if (!pulled.isEmpty()) {
      Instant upTo = below.equals(InboxKeys.AFTER_ENTRIES) ? LATEST : timeOf(below);
      List<QueryPlan> plans = new ArrayList<>(pulled.size());
      for (String author : pulled) {
        plans.add(InboxItems.photos(author, oldest, upTo));
      }
      List<QueryResult> photos = reads.queryAll(plans, meter);
      for (QueryResult page : photos) {
        String last = null;
        for (Item photo : page.items()) {
          Entry entry = InboxItems.pulledEntry(user, KeyLayout.photoIdOf(photo.key()));
          last = entry.sortKey();
          if (entry.sortKey().compareTo(below) < 0) {
            merged.putIfAbsent(entry.sortKey(), entry);
          }
        }
        if (page.lastEvaluatedKey().isPresent() && last != null && last.compareTo(horizon) > 0) {
          horizon = last;
        }
      }
    }
    List<Entry> entries = new ArrayList<>(merged.values());
    entries.sort(Comparator.comparing(Entry::sortKey).reversed());
    boolean complete = horizon.isEmpty();
    if (!complete) {
      String cut = horizon;
      entries.removeIf(e -> e.sortKey().compareTo(cut) < 0);
    }
    return new InboxWindow(InboxItems.readUpTo(readMark), entries, complete, blocked);
  }

  /** The time of an entry's sort key: {@code A#<timestamp>#…}. */
  static Instant timeOf(String sortKey) {
    int start = InboxKeys.ENTRY.length();
    int end = sortKey.indexOf('#', start);
    return KeyLayout.parseTimestamp(sortKey.substring(start, end < 0 ? sortKey.length() : end));
  }
}
