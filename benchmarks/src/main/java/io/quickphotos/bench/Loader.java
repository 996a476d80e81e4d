package io.quickphotos.bench;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.singletable.AttributePath;
import io.quickphotos.singletable.Item;
import io.quickphotos.singletable.ItemCodec;
import io.quickphotos.singletable.ItemCondition;
import io.quickphotos.singletable.KeyLayout;
import io.quickphotos.singletable.Plans;
import io.quickphotos.singletable.Table;
import io.quickphotos.singletable.UpdateAction;
import io.quickphotos.singletable.Value;
import io.quickphotos.singletable.WriteAction;
import io.quickphotos.singletable.WritePlan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Loads a data set as its final items, one write per item. Going through the repository would
 * make the same items, but with a transaction per follow and per reaction that rewrites the
 * users' and photos' counters each time: a minute for 10⁶ items in memory, and one HTTP round
 * trip per call on DynamoDB Local. So the items come from the design's own codec
 * ({@link ItemCodec}), with each counter set to its final value along the attribute path the
 * design's plans ({@link Plans#follow}, {@link Plans#reactTo}) update; a test checks that this
 * gives exactly the items the repository writes.
 */
final class Loader {
  /** BatchWriteItem takes at most 25 puts. */
  private static final int BATCH_WRITE_ITEMS = 25;

  private Loader() {
  }

  /**
   * The items loading a data set through the repository would leave in the table: every user
   * (the two benchmark users included) with its follow counters, every photo with its reaction
   * counters, every friendship and every reaction.
   *
   * @param data the data set
   * @return the items, users first
   */
  static List<Item> items(DataSet data) {
    Instant now = DataSet.CLOCK.instant();
    Map<String, Integer> followers = new HashMap<>();
    Map<String, Integer> following = new HashMap<>();
    List<Item> items = new ArrayList<>(data.itemCount());
    List<Item> friendships = new ArrayList<>(data.follows.size());
    for (Follow follow : data.follows) {
      followers.merge(follow.followed(), 1, Integer::sum);
      following.merge(follow.follower(), 1, Integer::sum);
      friendships.add(ItemCodec.friendship(follow));
    }
    // Which attributes count followers and following: the ones the follow plan adds to.
    WritePlanPaths follow = WritePlanPaths.of(Plans.follow(new Follow("a", "b", now)));
    List<NewUser> users = new ArrayList<>(data.users);
    users.add(data.follower);
    users.add(data.reactor);
    for (NewUser user : users) {
      Item item = ItemCodec.newUser(user);
      item = withCounter(item, follow.paths.get(1), followers.getOrDefault(user.username(), 0));
      item = withCounter(item, follow.paths.get(2), following.getOrDefault(user.username(), 0));
      items.add(item);
    }

    Map<PhotoId, Map<ReactionType, Integer>> reactionCounts = new HashMap<>();
    List<Item> reactions = new ArrayList<>(data.reactions.size());
    for (Reaction reaction : data.reactions) {
      reactionCounts.computeIfAbsent(reaction.photo(), id -> new EnumMap<>(ReactionType.class))
          .merge(reaction.type(), 1, Integer::sum);
      reactions.add(ItemCodec.reaction(reaction));
    }
    Map<ReactionType, AttributePath> reactionPaths = new EnumMap<>(ReactionType.class);
    PhotoId somePhoto = new PhotoId("a", now);
    for (ReactionType type : ReactionType.values()) {
      reactionPaths.put(type, WritePlanPaths.of(Plans.reactTo(
          new Reaction("b", somePhoto, type, now))).paths.get(2));
    }
    for (int i = 0; i < data.photos.size(); i++) {
      PhotoId id = data.photos.get(i);
      Item item = ItemCodec.newPhoto(id, data.locations.get(i));
      for (Map.Entry<ReactionType, Integer> count
          : reactionCounts.getOrDefault(id, Map.of()).entrySet()) {
        item = withCounter(item, reactionPaths.get(count.getKey()), count.getValue());
      }
      items.add(item);
    }
    items.addAll(friendships);
    items.addAll(reactions);
    return items;
  }

  /**
   * For each follow, a copy of the followed user's profile item under
   * {@code USER#<followed>}, {@code #FOLLOWS#<follower>}: the denormalized shape of "users a
   * user follows" (see {@link QueryShapes}).
   *
   * @param data the data set
   * @param items its items, from {@link #items}
   * @return the copies
   */
  static List<Item> profileCopies(DataSet data, List<Item> items) {
    Map<String, Item> profiles = new HashMap<>();
    for (Item item : items) {
      if (ItemCodec.entityOf(item) == ItemCodec.Entity.USER) {
        profiles.put(item.key().pk(), item);
      }
    }
    List<Item> copies = new ArrayList<>(data.follows.size());
    for (Follow follow : data.follows) {
      Map<String, Value> copy = new HashMap<>(
          profiles.get(KeyLayout.userPartition(follow.followed())).attributes());
      copy.put(Item.SK, new Value.Str(RawSdk.FOLLOWS_COPY + follow.follower()));
      copies.add(new Item(copy));
    }
    return copies;
  }

  /**
   * Puts items into an engine, one PutItem each.
   *
   * @param table the engine
   * @param items the items
   */
  static void put(Table table, List<Item> items) {
    for (Item item : items) {
      table.write(new WriteAction.Put(item, ItemCondition.NONE));
    }
  }

  /**
   * Puts items into a DynamoDB table, 25 to a BatchWriteItem, resending unprocessed ones.
   *
   * @param client the client
   * @param tableName the table
   * @param items the items
   */
  static void put(DynamoDbClient client, String tableName, List<Item> items) {
    for (int from = 0; from < items.size(); from += BATCH_WRITE_ITEMS) {
      List<WriteRequest> batch = new ArrayList<>(BATCH_WRITE_ITEMS);
      for (Item item : items.subList(from, Math.min(items.size(), from + BATCH_WRITE_ITEMS))) {
        batch.add(WriteRequest.builder()
            .putRequest(PutRequest.builder().item(attributes(item.attributes())).build())
            .build());
      }
      Map<String, List<WriteRequest>> pending = Map.of(tableName, batch);
      while (!pending.isEmpty()) {
        Map<String, List<WriteRequest>> request = pending;
        BatchWriteItemResponse response = client.batchWriteItem(r -> r.requestItems(request));
        pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
      }
    }
  }

  /**
   * Reports a finished load on standard output, which JMH shows with the trial.
   *
   * @param backend where the data went
   * @param items how many items
   * @param startNanos when loading started, from {@link System#nanoTime()}
   */
  static void loaded(String backend, int items, long startNanos) {
    System.out.printf(Locale.ROOT, "Loaded %,d items into %s in %.1f s%n", items, backend,
        (System.nanoTime() - startNanos) / 1e9);
  }

  private static Item withCounter(Item item, AttributePath path, long value) {
    Map<String, Value> attributes = new HashMap<>(item.attributes());
    String top = path.names().get(0);
    if (path.names().size() == 1) {
      attributes.put(top, Value.Num.of(value));
    } else {
      Map<String, Value> map = new HashMap<>(((Value.MapValue) attributes.get(top)).value());
      map.put(path.names().get(1), Value.Num.of(value));
      attributes.put(top, new Value.MapValue(map));
    }
    return new Item(attributes);
  }

  private static Map<String, AttributeValue> attributes(Map<String, Value> values) {
    Map<String, AttributeValue> converted = new HashMap<>();
    values.forEach((name, value) -> converted.put(name, attribute(value)));
    return converted;
  }

  private static AttributeValue attribute(Value value) {
    if (value instanceof Value.Str s) {
      return AttributeValue.fromS(s.value());
    }
    if (value instanceof Value.Num n) {
      return AttributeValue.fromN(n.value().toPlainString());
    }
    if (value instanceof Value.Bool b) {
      return AttributeValue.fromBool(b.value());
    }
    if (value instanceof Value.MapValue m) {
      return AttributeValue.fromM(attributes(m.value()));
    }
    if (value instanceof Value.ListValue l) {
      return AttributeValue.fromL(l.value().stream().map(Loader::attribute).toList());
    }
    return AttributeValue.fromNul(true);
  }

  /** The attribute paths a write plan's update actions change, one per action (null if none). */
  private record WritePlanPaths(List<AttributePath> paths) {
    static WritePlanPaths of(WritePlan plan) {
      List<AttributePath> paths = new ArrayList<>();
      for (WriteAction action : plan.actions()) {
        paths.add(action instanceof WriteAction.Update update
            && update.actions().get(0) instanceof UpdateAction.Add add ? add.path() : null);
      }
      return new WritePlanPaths(paths);
    }
  }
}
