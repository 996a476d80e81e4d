package io.quickphotos.bench.floors;

import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.LocalTable;
import io.quickphotos.bench.floors.FloorKeys.Key;
import io.quickphotos.bench.patterns.BenchmarkTarget;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The access patterns written by hand against the SDK's {@link DynamoDbClient}: the requests the
 * design prescribes (same keys, same key conditions, same condition and update expressions, same
 * consistency, {@code ReturnConsumedCapacity=TOTAL}), with the attribute maps read straight into
 * the records and nothing else: no validation, no plans, no engine-neutral items, no cursors
 * worth the name. What dynamo-impl adds on top of this is its mapping overhead. The key strings,
 * key attribute names and index name are the design's ({@link FloorKeys}), kept as a hand-written
 * client would keep its own copy of the layout.
 *
 * <p>Also sends the erasing writes that undo the benchmarked ones (those are not counted). Not
 * thread-safe: one benchmark thread.
 */
public final class RawSdk implements BenchmarkTarget {
  private static final String TABLE = LocalTable.NAME;
  private static final String INDEX = FloorKeys.INVERTED_INDEX;
  private static final AttributeValue ZERO = AttributeValue.fromN("0");
  private static final AttributeValue ONE = AttributeValue.fromN("1");
  private static final AttributeValue MINUS_ONE = AttributeValue.fromN("-1");
  private static final AttributeValue NO_REACTIONS = AttributeValue.fromM(noReactions());
  private static final String EXISTS = "attribute_exists(" + FloorKeys.PK + ")";
  private static final String ABSENT = "attribute_not_exists(" + FloorKeys.PK + ")";
  private static final String COUNTER = "#c = if_not_exists(#c, :zero) + :d";

  /** A user who exists and is not closing the account. */
  private static final String ACTIVE = "(" + EXISTS + ") AND (NOT (#s = :closing))";

  private static final Map<String, String> ACTIVE_NAMES = Map.of("#s", "status");
  private static final Map<String, AttributeValue> ACTIVE_VALUES =
      Map.of(":closing", AttributeValue.fromS("CLOSING"));

  private final DynamoDbClient client;
  private final Runnable release;
  private final CostTally costs = new CostTally();
  private final AttributeValue now =
      AttributeValue.fromS(FloorKeys.timestamp(DataSet.CLOCK.instant()));
  private final Map<PhotoId, Map<String, AttributeValue>> loadedPhotos = new HashMap<>();

  /**
   * Sends requests through a client and reports what they cost.
   *
   * @param client the client of the endpoint holding the table
   * @param release what {@link #close()} does
   */
  public RawSdk(DynamoDbClient client, Runnable release) {
    this.client = client;
    this.release = release;
  }

  /**
   * Starts DynamoDB Local and loads the data set (through the repository, uncounted).
   *
   * @param data the data set
   * @return the baseline on that table; closing it stops DynamoDB Local
   */
  public static RawSdk onDynamoDbLocal(DataSet data) {
    LocalTable table = LocalTable.load(data, CostListener.NONE);
    try {
      RawSdk raw = new RawSdk(table.client(), table::close);
      raw.rememberPhotos(data);
      return raw;
    } catch (RuntimeException e) {
      table.close();
      throw e;
    }
  }

  // --- the access patterns -----------------------------------------------------------------

  @Override
  public Optional<User> getUser(String username) {
    return get(FloorKeys.user(username)).map(RawSdk::user);
  }

  /** The design's shape: one item more than the page, and the profile by GetItem if unreached. */
  @Override
  public UserPhotos userWithPhotos(String username) {
    QueryResponse response =
        client.query(
            r ->
                r.tableName(TABLE)
                    .keyConditionExpression(
                        FloorKeys.PK + " = :pk AND " + FloorKeys.SK + " BETWEEN :profile AND :end")
                    .expressionAttributeValues(
                        Map.of(
                            ":pk", AttributeValue.fromS(FloorKeys.userPartition(username)),
                            ":profile", AttributeValue.fromS(FloorKeys.METADATA + username),
                            ":end", AttributeValue.fromS(FloorKeys.AFTER_ALL_PHOTOS)))
                    .scanIndexForward(false)
                    .limit(DataSet.PAGE_SIZE + 2)
                    .consistentRead(true)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    read(response.consumedCapacity());
    if (response.items().isEmpty()) {
      throw UserNotFoundException.of(username);
    }
    Optional<User> user = Optional.empty();
    List<Photo> photos = new ArrayList<>(response.items().size());
    for (Map<String, AttributeValue> item : response.items()) {
      if ("USER".equals(item.get("entity").s())) {
        user = Optional.of(user(item));
      } else {
        photos.add(photo(item));
      }
    }
    Optional<String> next = Optional.empty();
    if (photos.size() > DataSet.PAGE_SIZE) {
      photos = photos.subList(0, DataSet.PAGE_SIZE);
      Photo last = photos.get(DataSet.PAGE_SIZE - 1);
      next =
          Optional.of(FloorKeys.userPartition(username) + "|" + FloorKeys.photoSortKey(last.id()));
    }
    if (user.isEmpty()) {
      user = getUser(username);
    }
    return new UserPhotos(user, new Page<>(photos, next));
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    return get(FloorKeys.photo(id)).map(RawSdk::photo);
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId id) {
    QueryResponse response =
        client.query(
            r ->
                r.tableName(TABLE)
                    .indexName(INDEX)
                    .keyConditionExpression(FloorKeys.SK + " = :photo")
                    .expressionAttributeValues(
                        Map.of(":photo", AttributeValue.fromS(FloorKeys.photoSortKey(id))))
                    .scanIndexForward(false)
                    .limit(DataSet.PAGE_SIZE)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    read(response.consumedCapacity());
    if (response.items().isEmpty()) {
      throw PhotoNotFoundException.of(id);
    }
    Optional<Photo> photo = Optional.empty();
    List<Reaction> reactions = new ArrayList<>(response.items().size());
    for (Map<String, AttributeValue> item : response.items()) {
      if ("PHOTO".equals(item.get("entity").s())) {
        photo = Optional.of(photo(item));
      } else {
        reactions.add(reaction(item));
      }
    }
    return new PhotoReactions(photo, new Page<>(reactions, cursor(response)));
  }

  @Override
  public Page<Follow> followersOf(String username) {
    QueryResponse response =
        client.query(
            r ->
                r.tableName(TABLE)
                    .keyConditionExpression(
                        FloorKeys.PK + " = :pk AND begins_with(" + FloorKeys.SK + ", :friend)")
                    .expressionAttributeValues(
                        Map.of(
                            ":pk", AttributeValue.fromS(FloorKeys.userPartition(username)),
                            ":friend", AttributeValue.fromS(FloorKeys.FRIEND)))
                    .limit(DataSet.PAGE_SIZE)
                    .consistentRead(true)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    read(response.consumedCapacity());
    List<Follow> follows = new ArrayList<>(response.items().size());
    for (Map<String, AttributeValue> item : response.items()) {
      follows.add(follow(item));
    }
    return new Page<>(follows, cursor(response));
  }

  /** Inverted-index Query, then one BatchGetItem of the profiles (the design's shape). */
  @Override
  public Page<User> followedBy(String username) {
    QueryResponse friendships = followedFriendships(username);
    List<String> followed = followedUsernames(friendships);
    return new Page<>(batchGetUsers(followed), cursor(friendships));
  }

  @Override
  public User createUser(NewUser user) {
    Map<String, AttributeValue> item = new HashMap<>(key(FloorKeys.user(user.username())));
    item.put("entity", AttributeValue.fromS("USER"));
    item.put("username", AttributeValue.fromS(user.username()));
    item.put("name", AttributeValue.fromS(user.name()));
    item.put("email", AttributeValue.fromS(user.email()));
    item.put("birthdate", AttributeValue.fromS(user.birthdate().toString()));
    item.put("address", AttributeValue.fromS(user.address()));
    item.put("status", AttributeValue.fromS(user.status().name()));
    item.put("followers", ZERO);
    item.put("following", ZERO);
    PutItemResponse response =
        client.putItem(
            r ->
                r.tableName(TABLE)
                    .item(item)
                    .conditionExpression(ABSENT)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    write(response.consumedCapacity());
    return new User(
        user.username(),
        user.name(),
        user.email(),
        user.birthdate(),
        user.address(),
        user.status(),
        0,
        0);
  }

  @Override
  public Photo uploadPhoto(PhotoId id, String location) {
    Map<String, AttributeValue> item = new HashMap<>(key(FloorKeys.photo(id)));
    item.put("entity", AttributeValue.fromS("PHOTO"));
    item.put("username", AttributeValue.fromS(id.owner()));
    item.put("timestamp", AttributeValue.fromS(FloorKeys.timestamp(id.timestamp())));
    item.put("location", AttributeValue.fromS(location));
    item.put("reactions", NO_REACTIONS);
    transaction(
        client.transactWriteItems(
            r ->
                r.transactItems(
                        TransactWriteItem.builder()
                            .conditionCheck(
                                c ->
                                    c.tableName(TABLE)
                                        .key(key(FloorKeys.user(id.owner())))
                                        .conditionExpression(ACTIVE)
                                        .expressionAttributeNames(ACTIVE_NAMES)
                                        .expressionAttributeValues(ACTIVE_VALUES))
                            .build(),
                        TransactWriteItem.builder()
                            .put(p -> p.tableName(TABLE).item(item).conditionExpression(ABSENT))
                            .build())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    Map<ReactionType, Long> none = new EnumMap<>(ReactionType.class);
    for (ReactionType type : ReactionType.values()) {
      none.put(type, 0L);
    }
    return new Photo(id, location, none);
  }

  @Override
  public Reaction reactTo(String reactor, PhotoId photo, ReactionType type) {
    String typeName = type.storedName();
    Map<String, AttributeValue> item = new HashMap<>(key(FloorKeys.reaction(reactor, type, photo)));
    item.put("entity", AttributeValue.fromS("REACTION"));
    item.put("reactingUser", AttributeValue.fromS(reactor));
    item.put("photoOwner", AttributeValue.fromS(photo.owner()));
    item.put("photoTimestamp", AttributeValue.fromS(FloorKeys.timestamp(photo.timestamp())));
    item.put("reactionType", AttributeValue.fromS(typeName));
    item.put("timestamp", now);
    List<TransactWriteItem> actions = new ArrayList<>();
    actions.add(
        TransactWriteItem.builder()
            .conditionCheck(
                c ->
                    c.tableName(TABLE)
                        .key(key(FloorKeys.user(reactor)))
                        .conditionExpression(ACTIVE)
                        .expressionAttributeNames(ACTIVE_NAMES)
                        .expressionAttributeValues(ACTIVE_VALUES))
            .build());
    if (!photo.owner().equals(reactor)) {
      // The repository refuses a closing owner's photo too; one item may appear once only.
      actions.add(
          TransactWriteItem.builder()
              .conditionCheck(
                  c ->
                      c.tableName(TABLE)
                          .key(key(FloorKeys.user(photo.owner())))
                          .conditionExpression(ACTIVE)
                          .expressionAttributeNames(ACTIVE_NAMES)
                          .expressionAttributeValues(ACTIVE_VALUES))
              .build());
    }
    actions.add(
        TransactWriteItem.builder()
            .put(p -> p.tableName(TABLE).item(item).conditionExpression(ABSENT))
            .build());
    actions.add(
        TransactWriteItem.builder()
            .update(
                u ->
                    u.tableName(TABLE)
                        .key(key(FloorKeys.photo(photo)))
                        .updateExpression("SET #r.#t = if_not_exists(#r.#t, :zero) + :d")
                        .conditionExpression("(" + EXISTS + ") AND (NOT (attribute_exists(#del)))")
                        .expressionAttributeNames(
                            Map.of("#r", "reactions", "#t", typeName, "#del", "deleting"))
                        .expressionAttributeValues(Map.of(":zero", ZERO, ":d", ONE)))
            .build());
    transaction(
        client.transactWriteItems(
            r -> r.transactItems(actions).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    return new Reaction(reactor, photo, type, DataSet.CLOCK.instant());
  }

  @Override
  public Follow follow(String follower, String followed) {
    Map<String, AttributeValue> item = new HashMap<>(key(FloorKeys.friendship(followed, follower)));
    item.put("entity", AttributeValue.fromS("FRIENDSHIP"));
    item.put("followedUser", AttributeValue.fromS(followed));
    item.put("followingUser", AttributeValue.fromS(follower));
    item.put("timestamp", now);
    transaction(
        client.transactWriteItems(
            r ->
                r.transactItems(
                        activeCounter(followed, "followers", ONE),
                        activeCounter(follower, "following", ONE),
                        TransactWriteItem.builder()
                            .put(p -> p.tableName(TABLE).item(item).conditionExpression(ABSENT))
                            .build())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    return new Follow(follower, followed, DataSet.CLOCK.instant());
  }

  @Override
  public void unfollow(String follower, String followed) {
    transaction(
        client.transactWriteItems(
            r ->
                r.transactItems(
                        TransactWriteItem.builder()
                            .delete(
                                d ->
                                    d.tableName(TABLE)
                                        .key(key(FloorKeys.friendship(followed, follower)))
                                        .conditionExpression(EXISTS))
                            .build(),
                        counter(followed, "followers", MINUS_ONE),
                        counter(follower, "following", MINUS_ONE))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
  }

  // --- the data's lifecycle ------------------------------------------------------------------

  @Override
  public boolean isFollowing(String follower, String followed) {
    return get(FloorKeys.friendship(followed, follower)).isPresent();
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    QueryResponse response =
        client.query(
            r ->
                r.tableName(TABLE)
                    .indexName(INDEX)
                    .keyConditionExpression(
                        FloorKeys.SK + " = :photo AND begins_with(" + FloorKeys.PK + ", :reactor)")
                    .expressionAttributeValues(
                        Map.of(
                            ":photo", AttributeValue.fromS(FloorKeys.photoSortKey(photo)),
                            ":reactor", AttributeValue.fromS(FloorKeys.REACTION + reactor + "#")))
                    .limit(ReactionType.values().length)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    read(response.consumedCapacity());
    Set<ReactionType> types = EnumSet.noneOf(ReactionType.class);
    for (Map<String, AttributeValue> item : response.items()) {
      types.add(reaction(item).type());
    }
    return types;
  }

  /** The common case: the photo exists, so one transaction. */
  @Override
  public void removeReaction(String reactor, PhotoId photo, ReactionType type) {
    transaction(
        client.transactWriteItems(
            r ->
                r.transactItems(
                        TransactWriteItem.builder()
                            .delete(
                                d ->
                                    d.tableName(TABLE)
                                        .key(key(FloorKeys.reaction(reactor, type, photo)))
                                        .conditionExpression(EXISTS))
                            .build(),
                        TransactWriteItem.builder()
                            .update(
                                u ->
                                    u.tableName(TABLE)
                                        .key(key(FloorKeys.photo(photo)))
                                        .updateExpression(
                                            "SET #r.#t = if_not_exists(#r.#t, :zero) + :d")
                                        .conditionExpression("#r.#t >= :one")
                                        .expressionAttributeNames(
                                            Map.of("#r", "reactions", "#t", type.storedName()))
                                        .expressionAttributeValues(
                                            Map.of(":zero", ZERO, ":d", MINUS_ONE, ":one", ONE)))
                            .build())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
  }

  /** The mark, then the DeleteItem on condition that no counter is positive. */
  @Override
  public void deletePhoto(PhotoId id) {
    UpdateItemResponse marked =
        client.updateItem(
            r ->
                r.tableName(TABLE)
                    .key(key(FloorKeys.photo(id)))
                    .updateExpression("SET #del = :true")
                    .conditionExpression(EXISTS)
                    .expressionAttributeNames(Map.of("#del", "deleting"))
                    .expressionAttributeValues(Map.of(":true", AttributeValue.fromBool(true)))
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    write(marked.consumedCapacity());
    Map<String, String> names = new HashMap<>(Map.of("#r", "reactions"));
    List<String> clauses = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      String alias = "#" + type.storedName();
      names.put(alias, type.storedName());
      clauses.add("(NOT (#r." + alias + " >= :one))");
    }
    DeleteItemResponse deleted =
        client.deleteItem(
            r ->
                r.tableName(TABLE)
                    .key(key(FloorKeys.photo(id)))
                    .conditionExpression(String.join(" AND ", clauses))
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(Map.of(":one", ONE))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    write(deleted.consumedCapacity());
  }

  /** The mark, the seven Queries that find nothing, the DeleteItem of the profile. */
  @Override
  public void deleteUser(String username) {
    UpdateItemResponse marked =
        client.updateItem(
            r ->
                r.tableName(TABLE)
                    .key(key(FloorKeys.user(username)))
                    .updateExpression("SET #s = :closing")
                    .conditionExpression(EXISTS)
                    .expressionAttributeNames(Map.of("#s", "status"))
                    .expressionAttributeValues(Map.of(":closing", AttributeValue.fromS("CLOSING")))
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    write(marked.consumedCapacity());
    userPartitionQuery(username, FloorKeys.PHOTO, 100);
    for (ReactionType type : ReactionType.values()) {
      String partition = FloorKeys.REACTION + username + "#" + type.storedName();
      read(
          client
              .query(
                  r ->
                      r.tableName(TABLE)
                          .keyConditionExpression(FloorKeys.PK + " = :pk")
                          .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))
                          .limit(49)
                          .consistentRead(true)
                          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
              .consumedCapacity());
    }
    userPartitionQuery(username, FloorKeys.FRIEND, 49);
    read(
        client
            .query(
                r ->
                    r.tableName(TABLE)
                        .indexName(INDEX)
                        .keyConditionExpression(FloorKeys.SK + " = :friend")
                        .expressionAttributeValues(
                            Map.of(
                                ":friend",
                                AttributeValue.fromS(FloorKeys.followingPartition(username))))
                        .limit(49)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity());
    DeleteItemResponse deleted =
        client.deleteItem(
            r ->
                r.tableName(TABLE)
                    .key(key(FloorKeys.user(username)))
                    .conditionExpression(
                        "(#s = :closing) AND (NOT (#f >= :one)) AND (NOT (#g >= :one))")
                    .expressionAttributeNames(
                        Map.of("#s", "status", "#f", "followers", "#g", "following"))
                    .expressionAttributeValues(
                        Map.of(":closing", AttributeValue.fromS("CLOSING"), ":one", ONE))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    write(deleted.consumedCapacity());
  }

  private void userPartitionQuery(String username, String prefix, int limit) {
    read(
        client
            .query(
                r ->
                    r.tableName(TABLE)
                        .keyConditionExpression(
                            FloorKeys.PK + " = :pk AND begins_with(" + FloorKeys.SK + ", :prefix)")
                        .expressionAttributeValues(
                            Map.of(
                                ":pk",
                                AttributeValue.fromS(FloorKeys.userPartition(username)),
                                ":prefix",
                                AttributeValue.fromS(prefix)))
                        .limit(limit)
                        .consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity());
  }

  // --- undoing the benchmarked writes (not counted) ------------------------------------------

  /** Reads the photos the reaction benchmark reacts to as they were loaded, to put them back. */
  private void rememberPhotos(DataSet data) {
    for (PhotoId id : data.photoRing) {
      loadedPhotos.computeIfAbsent(
          id,
          photo ->
              client
                  .getItem(
                      r -> r.tableName(TABLE).key(key(FloorKeys.photo(photo))).consistentRead(true))
                  .item());
    }
  }

  @Override
  public void eraseUser(String username) {
    client.deleteItem(r -> r.tableName(TABLE).key(key(FloorKeys.user(username))));
  }

  @Override
  public void erasePhoto(PhotoId id) {
    client.deleteItem(r -> r.tableName(TABLE).key(key(FloorKeys.photo(id))));
  }

  @Override
  public void eraseReaction(Reaction reaction) {
    Map<String, AttributeValue> photo = loadedPhotos.get(reaction.photo());
    client.transactWriteItems(
        r ->
            r.transactItems(
                TransactWriteItem.builder()
                    .delete(
                        d ->
                            d.tableName(TABLE)
                                .key(
                                    key(
                                        FloorKeys.reaction(
                                            reaction.reactor(),
                                            reaction.type(),
                                            reaction.photo()))))
                    .build(),
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(photo)).build()));
  }

  @Override
  public CostTally costs() {
    return costs;
  }

  @Override
  public void close() {
    release.run();
  }

  // --- requests and records ----------------------------------------------------------------

  /** A strongly consistent GetItem. */
  private Optional<Map<String, AttributeValue>> get(Key key) {
    GetItemResponse response =
        client.getItem(
            r ->
                r.tableName(TABLE)
                    .key(key(key))
                    .consistentRead(true)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    read(response.consumedCapacity());
    return response.hasItem() && !response.item().isEmpty()
        ? Optional.of(response.item())
        : Optional.empty();
  }

  private QueryResponse followedFriendships(String username) {
    QueryResponse response =
        client.query(
            r ->
                r.tableName(TABLE)
                    .indexName(INDEX)
                    .keyConditionExpression(FloorKeys.SK + " = :friend")
                    .expressionAttributeValues(
                        Map.of(
                            ":friend",
                            AttributeValue.fromS(FloorKeys.followingPartition(username))))
                    .limit(DataSet.PAGE_SIZE)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    read(response.consumedCapacity());
    return response;
  }

  private static List<String> followedUsernames(QueryResponse friendships) {
    List<String> followed = new ArrayList<>(friendships.items().size());
    for (Map<String, AttributeValue> item : friendships.items()) {
      followed.add(item.get("followedUser").s());
    }
    return followed;
  }

  /** One BatchGetItem of the profiles, repeated for unprocessed keys; in the given order. */
  private List<User> batchGetUsers(List<String> usernames) {
    if (usernames.isEmpty()) {
      return List.of();
    }
    List<Map<String, AttributeValue>> keys = new ArrayList<>(usernames.size());
    for (String username : usernames) {
      keys.add(key(FloorKeys.user(username)));
    }
    Map<String, User> found = new HashMap<>();
    Map<String, KeysAndAttributes> pending =
        Map.of(TABLE, KeysAndAttributes.builder().keys(keys).consistentRead(true).build());
    while (!pending.isEmpty()) {
      Map<String, KeysAndAttributes> request = pending;
      BatchGetItemResponse response =
          client.batchGetItem(
              r -> r.requestItems(request).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
      read(response.consumedCapacity());
      for (Map<String, AttributeValue> item : response.responses().getOrDefault(TABLE, List.of())) {
        User user = user(item);
        found.put(user.username(), user);
      }
      pending = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
    }
    List<User> users = new ArrayList<>(usernames.size());
    for (String username : usernames) {
      User user = found.get(username);
      if (user != null) {
        users.add(user);
      }
    }
    return users;
  }

  private static TransactWriteItem counter(String username, String counter, AttributeValue delta) {
    return TransactWriteItem.builder()
        .update(
            u ->
                u.tableName(TABLE)
                    .key(key(FloorKeys.user(username)))
                    .updateExpression("SET " + COUNTER)
                    .conditionExpression(EXISTS)
                    .expressionAttributeNames(Map.of("#c", counter))
                    .expressionAttributeValues(Map.of(":zero", ZERO, ":d", delta)))
        .build();
  }

  private static TransactWriteItem activeCounter(
      String username, String counter, AttributeValue delta) {
    return TransactWriteItem.builder()
        .update(
            u ->
                u.tableName(TABLE)
                    .key(key(FloorKeys.user(username)))
                    .updateExpression("SET " + COUNTER)
                    .conditionExpression(ACTIVE)
                    .expressionAttributeNames(Map.of("#c", counter, "#s", "status"))
                    .expressionAttributeValues(
                        Map.of(
                            ":zero",
                            ZERO,
                            ":d",
                            delta,
                            ":closing",
                            AttributeValue.fromS("CLOSING"))))
        .build();
  }

  private static Map<String, AttributeValue> key(Key key) {
    return Map.of(
        FloorKeys.PK, AttributeValue.fromS(key.pk()), FloorKeys.SK, AttributeValue.fromS(key.sk()));
  }

  private static Map<String, AttributeValue> noReactions() {
    Map<String, AttributeValue> counters = new HashMap<>();
    for (ReactionType type : ReactionType.values()) {
      counters.put(type.storedName(), ZERO);
    }
    return counters;
  }

  private static Optional<String> cursor(QueryResponse response) {
    if (!response.hasLastEvaluatedKey() || response.lastEvaluatedKey().isEmpty()) {
      return Optional.empty();
    }
    Map<String, AttributeValue> last = response.lastEvaluatedKey();
    return Optional.of(last.get(FloorKeys.PK).s() + "|" + last.get(FloorKeys.SK).s());
  }

  private static User user(Map<String, AttributeValue> item) {
    return new User(
        item.get("username").s(),
        item.get("name").s(),
        item.get("email").s(),
        LocalDate.parse(item.get("birthdate").s()),
        item.get("address").s(),
        UserStatus.valueOf(item.get("status").s()),
        Long.parseLong(item.get("followers").n()),
        Long.parseLong(item.get("following").n()));
  }

  private static Photo photo(Map<String, AttributeValue> item) {
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    item.get("reactions")
        .m()
        .forEach(
            (type, count) ->
                counts.put(
                    ReactionType.valueOf(type.toUpperCase(Locale.ROOT)),
                    Long.parseLong(count.n())));
    PhotoId id = new PhotoId(item.get("username").s(), Instant.parse(item.get("timestamp").s()));
    return new Photo(id, item.get("location").s(), counts);
  }

  private static Reaction reaction(Map<String, AttributeValue> item) {
    return new Reaction(
        item.get("reactingUser").s(),
        new PhotoId(item.get("photoOwner").s(), Instant.parse(item.get("photoTimestamp").s())),
        ReactionType.valueOf(item.get("reactionType").s().toUpperCase(Locale.ROOT)),
        Instant.parse(item.get("timestamp").s()));
  }

  private static Follow follow(Map<String, AttributeValue> item) {
    return new Follow(
        item.get("followingUser").s(),
        item.get("followedUser").s(),
        Instant.parse(item.get("timestamp").s()));
  }

  private void read(ConsumedCapacity consumed) {
    costs.request(units(consumed, consumed == null ? null : consumed.readCapacityUnits()), 0);
  }

  private void read(List<ConsumedCapacity> consumed) {
    double units = 0;
    for (ConsumedCapacity c : consumed) {
      units += units(c, c.readCapacityUnits());
    }
    costs.request(units, 0);
  }

  private void write(ConsumedCapacity consumed) {
    costs.request(0, units(consumed, consumed == null ? null : consumed.writeCapacityUnits()));
  }

  private void transaction(TransactWriteItemsResponse response) {
    double read = 0;
    double write = 0;
    for (ConsumedCapacity c : response.consumedCapacity()) {
      if (c.readCapacityUnits() != null || c.writeCapacityUnits() != null) {
        read += c.readCapacityUnits() == null ? 0 : c.readCapacityUnits();
        write += c.writeCapacityUnits() == null ? 0 : c.writeCapacityUnits();
      } else {
        write += c.capacityUnits() == null ? 0 : c.capacityUnits();
      }
    }
    costs.request(read, write);
  }

  /** The split figure where DynamoDB gives one, else the total, as dynamo-impl counts it. */
  private static double units(ConsumedCapacity consumed, Double split) {
    if (consumed == null) {
      return 0;
    }
    if (split != null) {
      return split;
    }
    return consumed.capacityUnits() == null ? 0 : consumed.capacityUnits();
  }
}
