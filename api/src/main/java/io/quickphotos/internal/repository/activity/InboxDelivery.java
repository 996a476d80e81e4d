package io.quickphotos.internal.repository.activity;

import io.quickphotos.ActivityNotice;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.singletable.activity.InboxItems;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.InboxKeys;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes events into inboxes. Every item it writes has a key made of its event, so writing a
 * notice again writes the same items: delivery is exactly once in effect with no marks of what
 * was delivered.
 *
 * <p><b>A new photo</b> goes into each follower's inbox while its author has fewer than
 * {@link #PUSH_LIMIT} followers. From there on the author is <em>pulled</em>: a mark on the
 * author ({@link InboxKeys#pulled}), written once, and a pull mark in each follower's inbox
 * ({@link InboxKeys#pull}), which a page of that inbox follows to the author's photos. The switch
 * comes with the first follow (or photo) delivered that finds the author at the limit, so it
 * writes about {@link #PUSH_LIMIT} pull marks once; every later follow of the author writes one.
 * A follow delivered while the author is being switched is not missed: the switch puts the
 * author's mark first, then lists the followers, and a follow's delivery reads the mark after
 * the follow landed, so either the delivery sees the mark or the listing sees the follow.
 */
final class InboxDelivery {
  /** Authors with this many followers are pulled at read time rather than pushed. */
  static final int PUSH_LIMIT = 1_000;

  private final Reads reads;
  private final Batches batches;

  InboxDelivery(Requests requests) {
    this.reads = requests.reads();
    this.batches = requests.batches();
  }

  int deliver(List<ActivityNotice> notices, Meter meter) {
    // Keyed, so that a notice twice in one batch is one put (BatchWriteItem refuses a key twice).
    Map<Key, Item> puts = new LinkedHashMap<>();
    // The authors found pulled (or switched) by this call: a batch's many follows of one
    // celebrity read its mark once, not once a follow.
    Set<String> pulled = new HashSet<>();
    for (ActivityNotice notice : notices) {
      if (!Inbox.tells(notice)) {
        continue;
      }
      switch (notice.kind()) {
        case NEW_PHOTO -> newPhoto(notice, puts, pulled, meter);
        case FOLLOWED -> {
          put(puts, InboxItems.entry(notice.recipient(), notice, expires(notice)));
          followOf(notice.actor(), notice.recipient(), puts, pulled, meter);
        }
        case APPROVED -> {
          put(puts, InboxItems.entry(notice.recipient(), notice, expires(notice)));
          followOf(notice.recipient(), notice.actor(), puts, pulled, meter);
        }
        case REQUESTED, REACTED ->
            put(puts, InboxItems.entry(notice.recipient(), notice, expires(notice)));
      }
    }
    batches.batchWriteAll(new ArrayList<>(puts.values()), meter);
    return puts.size();
  }

  /**
   * A follow of an author: a pull mark if the author is pulled; the switch if the author has
   * reached the limit (one strongly consistent BatchGetItem of the author's mark and profile,
   * unless this call found the author pulled already).
   */
  private void followOf(
      String follower, String author, Map<Key, Item> puts, Set<String> pulled, Meter meter) {
    if (pulled.contains(author)) {
      put(puts, InboxItems.mark(InboxKeys.pull(follower, author)));
      return;
    }
    Key mark = InboxKeys.pulled(author);
    Key profile = KeyLayout.user(author);
    Map<Key, Item> found = batches.batchGet(List.of(mark, profile), meter);
    if (found.containsKey(mark)) {
      pulled.add(author);
      put(puts, InboxItems.mark(InboxKeys.pull(follower, author)));
      return;
    }
    Item authorProfile = found.get(profile);
    if (authorProfile != null
        && (Shards.isSharded(authorProfile)
            || ItemCodec.user(authorProfile).followers() >= PUSH_LIMIT)) {
      switchToPull(author, meter);
      pulled.add(author);
    }
  }

  /** A new photo: pushed to each follower, or nothing if its author is (or now becomes) pulled. */
  private void newPhoto(
      ActivityNotice notice, Map<Key, Item> puts, Set<String> pulled, Meter meter) {
    String author = notice.actor();
    if (pulled.contains(author)
        || !batches.batchGet(List.of(InboxKeys.pulled(author)), meter).isEmpty()) {
      pulled.add(author);
      return;
    }
    QueryResult followers = reads.query(FollowPlans.followersOf(author, PUSH_LIMIT), meter);
    if (followers.lastEvaluatedKey().isPresent()) {
      switchToPull(author, meter);
      pulled.add(author);
      return;
    }
    for (Item friendship : followers.items()) {
      String follower = ItemCodec.friendship(friendship).follower();
      put(puts, InboxItems.entry(follower, notice, expires(notice)));
    }
  }

  /**
   * Makes an author pulled: its mark first, then a pull mark for every follower it has (one
   * strongly consistent Query per 1,000, BatchWriteItem per 25 marks). Idempotent.
   */
  private void switchToPull(String author, Meter meter) {
    batches.batchWrite(List.of(InboxItems.mark(InboxKeys.pulled(author))), meter);
    List<Item> marks = new ArrayList<>();
    for (Item friendship : reads.queryToEnd(FollowPlans.followersOf(author, PUSH_LIMIT), meter)) {
      marks.add(
          InboxItems.mark(InboxKeys.pull(ItemCodec.friendship(friendship).follower(), author)));
    }
    batches.batchWriteAll(marks, meter);
  }

  private static void put(Map<Key, Item> puts, Item item) {
    puts.put(item.key(), item);
  }

  private static java.time.Instant expires(ActivityNotice notice) {
    return notice.at().plus(Inbox.RETENTION);
  }
}
