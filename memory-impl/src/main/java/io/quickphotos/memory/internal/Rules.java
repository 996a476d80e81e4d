package io.quickphotos.memory.internal;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's request limits and the validation messages it answers with (DYNAMODB.md, "Limits"
 * and "Key conditions"), checked before a request touches any data, so a refused request never
 * writes anything. The numbers and message texts live here and nowhere else. Stateless.
 *
 * <p>Where the service's text is known (from the documentation or from emulators checked against
 * the live service) it is used; otherwise the text DynamoDB Local 2.6.1 answers with. The
 * comments mark which texts DynamoDB Local words differently.
 */
final class Rules {

  static final String ITEM_TOO_LARGE = "Item size has exceeded the maximum allowed size";
  static final String UPDATED_ITEM_TOO_LARGE =
      "Item size to update has exceeded the maximum allowed size";

  /**
   * The service's text, "of2048" without a space, as emulators tested against it reproduce it;
   * DynamoDB Local says "Hash primary key values must be under 2048 bytes, and range primary key
   * values must be under 1024 bytes" (for the sort key too).
   */
  static final String PARTITION_KEY_TOO_LONG =
      "One or more parameter values were invalid: "
          + "Size of hashkey has exceeded the maximum size limit of2048 bytes";

  static final String SORT_KEY_TOO_LONG =
      "One or more parameter values were invalid: "
          + "Aggregated size of all range keys has exceeded the size limit of 1024 bytes";

  /**
   * An item whose index key is over its limit, in the service's words (as the service answers
   * for an index hash key over 2048 bytes: "... Size limit exceeded for Index Key qrCode Actual
   * Size: 5028 bytes Max Size: 2048 bytes IndexName: QRCodeIndex"), with {@code InvertedIndex}'s
   * range key limit. DynamoDB Local says only "One or more parameter values were invalid: Size
   * limit exceeded" (dynamo-local's {@code DynamoDbLocalLimitsTest} pins that deviation).
   */
  static final String INDEX_KEY_TOO_LONG =
      "One or more parameter values were invalid: Size limit "
          + "exceeded for Index Key %s Actual Size: %d bytes Max Size: %d bytes IndexName: %s";

  /**
   * The text for a TransactWriteItems over 4 MB. The service refuses it with a
   * ValidationException whose message says the size cannot exceed 4 MB; no public source quotes
   * the whole text, so this one is worded after the API reference ("The aggregate size of the
   * items in the transaction cannot exceed 4 MB"). DynamoDB Local says "Transaction payload size
   * cannot exceed 4MB. Payload Size: " and the size.
   */
  static final String TRANSACTION_TOO_LARGE = "Transaction request size cannot exceed 4 MB.";

  /** DynamoDB Local: "Consistent read cannot be true when querying a GSI". */
  static final String CONSISTENT_READ_ON_INDEX =
      "Consistent reads are not supported on global secondary indexes";

  /** DynamoDB Local answers "The provided starting key does not match the range key predicate". */
  static final String START_KEY_INVALID = "The provided starting key is invalid";

  /** DynamoDB Local answers "The provided starting key does not match the range key predicate". */
  static final String START_KEY_OUTSIDE =
      "The provided starting key is outside query boundaries based on provided conditions";

  /** DynamoDB Local: "Limit must be greater than or equal to 1". */
  static final String LIMIT_TOO_SMALL =
      "1 validation error detected: Value '%d' at 'limit' "
          + "failed to satisfy constraint: Member must have value greater than or equal to 1";

  static final String BATCH_GET_EMPTY =
      "1 validation error detected: Value at "
          + "'requestItems.quick-photos.member.keys' failed to satisfy constraint: Member must have "
          + "length greater than or equal to 1";
  static final String BATCH_GET_TOO_MANY = "Too many items requested for the BatchGetItem call";
  static final String BATCH_GET_DUPLICATES = "Provided list of item keys contains duplicates";
  static final String BATCH_WRITE_SIZE =
      "1 validation error detected: Value at "
          + "'requestItems.quick-photos.member' failed to satisfy constraint: Member must have length "
          + "less than or equal to 25 and greater than or equal to 1";
  static final String BATCH_WRITE_DUPLICATES = "Provided list of item keys contains duplicates";
  static final String TRANSACTION_EMPTY =
      "1 validation error detected: Value '[]' at "
          + "'transactItems' failed to satisfy constraint: Member must have length greater than or "
          + "equal to 1";
  static final String TRANSACTION_TOO_MANY =
      "1 validation error detected: Value at "
          + "'transactItems' failed to satisfy constraint: Member must have length less than or "
          + "equal to 100";
  static final String TRANSACTION_SAME_ITEM =
      "Transaction request cannot include multiple operations on one item";
  static final String CHECK_OUTSIDE_TRANSACTION =
      "A ConditionCheck can only be made inside TransactWriteItems";
  static final String PATH_INVALID_FOR_UPDATE =
      "The document path provided in the update expression is invalid for update";
  static final String OPERAND_WRONG_TYPE =
      "An operand in the update expression has an incorrect data type";

  /** A number of more than 38 significant digits, stored or the result of an addition. */
  static final String NUMBER_PRECISION = "DynamoDB only supports precision up to 38 digits";

  static final String NUMBER_OVERFLOW =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  static final String NUMBER_UNDERFLOW =
      "Number underflow. Attempting to store a number with magnitude smaller than supported range";

  /** A value nested deeper than DynamoDB's 32 levels (the item is the first) in a stored item. */
  static final String NESTING_IN_ITEM =
      "Nesting Levels have exceeded supported limits: "
          + "Attributes in the item have nested levels beyond supported limit";

  /** The same, in the image an update computed (DynamoDB Local 2.6.1's shorter words). */
  static final String NESTING_IN_UPDATE = "Nesting Levels have exceeded supported limits";

  static final String EMPTY_ATTRIBUTE_NAME = "Empty attribute name";

  /**
   * A value of an update or a condition that breaks a rule: DynamoDB's words before the rule's,
   * which DynamoDB Local follows with {@code " for key :v0"}, the placeholder the DynamoDB engine
   * chose; this engine has no placeholders and leaves that out.
   */
  static final String INVALID_EXPRESSION_VALUE =
      "ExpressionAttributeValues contains invalid value: ";

  /**
   * How many maps and lists may nest in one attribute's value: DynamoDB allows 32 levels, and
   * counts the item as the first (DynamoDB Local 2.6.1 stores 31 maps one in another as an
   * attribute, and refuses 32).
   */
  static final int MAX_NESTED_CONTAINERS = 31;

  /** DynamoDB's number range: magnitudes 1E-130 to under 1E+126. */
  private static final int MAX_DIGITS = 38;

  private static final int MAX_EXPONENT = 125;
  private static final int MIN_EXPONENT = -130;

  private Rules() {}

  // --- keys ------------------------------------------------------------------------------------

  /** A primary key as GetItem, BatchGetItem, UpdateItem, DeleteItem and ConditionCheck take it. */
  static void key(Key key) {
    notEmpty(key.pk(), Item.PK);
    notEmpty(key.sk(), Item.SK);
    partitionValueSize(key.pk());
    sortValueSize(key.sk());
  }

  /** The key attributes of an item as PutItem takes it: present, strings, valid. */
  static void itemKey(Item item) {
    keyAttribute(item, Item.PK);
    keyAttribute(item, Item.SK);
    storedKey(item.key());
  }

  /**
   * The key of an item about to be stored (PutItem, UpdateItem): valid as a table key and as the
   * key of its entry in {@code InvertedIndex}, whose sort key {@code PK} may not exceed 1024
   * bytes. DynamoDB Local enforces the index limit on PutItem but not on UpdateItem; the service
   * refuses index key violations on every write, so this engine does too.
   */
  static void storedKey(Key key) {
    key(key);
    if (longerThan(key.pk(), Limits.MAX_SORT_KEY_BYTES)) {
      int indexSortKeyBytes = Utf8.length(key.pk());
      throw invalid(
          String.format(
              java.util.Locale.ROOT,
              INDEX_KEY_TOO_LONG,
              Index.INVERTED.sortAttribute(),
              indexSortKeyBytes,
              Limits.MAX_SORT_KEY_BYTES,
              Index.INVERTED.indexName()));
    }
  }

  private static void keyAttribute(Item item, String name) {
    if (item.stringOrNull(name) != null) {
      return;
    }
    Value value = item.get(name).orElse(null);
    if (value == null) {
      throw invalid(
          "One or more parameter values were invalid: Missing the key " + name + " in the item");
    }
    if (!(value instanceof Value.Str)) {
      throw invalid(
          "One or more parameter values were invalid: Type mismatch for key "
              + name
              + " expected: S actual: "
              + typeName(value));
    }
  }

  private static void notEmpty(String value, String attribute) {
    if (value.isEmpty()) {
      throw invalid(emptyKeyMessage(attribute));
    }
  }

  private static String emptyKeyMessage(String attribute) {
    return "One or more parameter values are not valid. The AttributeValue for a key attribute "
        + "cannot contain an empty string value. Key: "
        + attribute;
  }

  private static void partitionValueSize(String value) {
    if (longerThan(value, Limits.MAX_PARTITION_KEY_BYTES)) {
      throw invalid(PARTITION_KEY_TOO_LONG);
    }
  }

  private static void sortValueSize(String value) {
    if (longerThan(value, Limits.MAX_SORT_KEY_BYTES)) {
      throw invalid(SORT_KEY_TOO_LONG);
    }
  }

  /**
   * Whether {@code value} takes more than {@code bytes} bytes in UTF-8. A UTF-16 unit takes at
   * most 3 bytes (a surrogate pair 4 for its two), so a key of up to a third of the limit in
   * units is within it without counting: every key a repository writes is, and counting its
   * bytes was a tenth of a write's time in the engine.
   */
  private static boolean longerThan(String value, int bytes) {
    return value.length() > bytes / 3 && Utf8.length(value) > bytes;
  }

  // --- items -----------------------------------------------------------------------------------

  /** The whole item of a PutItem. */
  static void putItem(Item item) {
    itemKey(item);
    values(item);
    if (item.size() > Limits.MAX_ITEM_BYTES) {
      throw invalid(ITEM_TOO_LARGE);
    }
  }

  /**
   * The new image an UpdateItem computed: its size, and the nesting of the attributes the update
   * wrote; DynamoDB words these refusals differently from Put's.
   */
  static void updatedItem(Item image, List<UpdateAction> actions) {
    if (image.size() > Limits.MAX_ITEM_BYTES) {
      throw invalid(UPDATED_ITEM_TOO_LARGE);
    }
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      // Only a clause that writes a map or a list can nest deeper (a counter's never does).
      if (insertsContainer(action)) {
        Value written = image.get(action.path().top()).orElse(null);
        if (written != null && nesting(written) > MAX_NESTED_CONTAINERS) {
          throw invalid(NESTING_IN_UPDATE);
        }
      }
    }
  }

  private static boolean insertsContainer(UpdateAction action) {
    Value value =
        action instanceof UpdateAction.Set set
            ? set.value()
            : action instanceof UpdateAction.SetIfAbsent ifAbsent ? ifAbsent.value() : null;
    return action instanceof UpdateAction.Append
        || value instanceof Value.MapValue
        || value instanceof Value.ListValue;
  }

  /**
   * Every attribute of an item as DynamoDB takes it: names not empty (map keys included),
   * numbers of at most 38 significant digits in DynamoDB's range, maps and lists nested at most
   * 32 levels counting the item. A BatchWriteItem, a PutItem and a transaction's Put are all
   * refused alike.
   */
  static void values(Item item) {
    item.forEachNameAndStructuredValue(
        (name, value) -> {
          if (name.isEmpty()) {
            throw invalid(EMPTY_ATTRIBUTE_NAME);
          }
          String refusal = value == null ? null : refusal(value, 0, MAX_NESTED_CONTAINERS);
          if (refusal != null) {
            throw invalid(refusal);
          }
        });
  }

  /**
   * Why DynamoDB refuses a value held {@code depth} maps and lists deep in an attribute, or null
   * if it takes it.
   */
  private static String refusal(Value value, int depth, int maxDepth) {
    if (value instanceof Value.Num number) {
      return numberRefusal(number.value());
    }
    if (value instanceof Value.MapValue map) {
      if (depth + 1 > maxDepth) {
        return NESTING_IN_ITEM;
      }
      for (Map.Entry<String, Value> e : map.value().entrySet()) {
        if (e.getKey().isEmpty()) {
          return EMPTY_ATTRIBUTE_NAME;
        }
        String refusal = refusal(e.getValue(), depth + 1, maxDepth);
        if (refusal != null) {
          return refusal;
        }
      }
    } else if (value instanceof Value.ListValue list) {
      if (depth + 1 > maxDepth) {
        return NESTING_IN_ITEM;
      }
      for (Value element : list.value()) {
        String refusal = refusal(element, depth + 1, maxDepth);
        if (refusal != null) {
          return refusal;
        }
      }
    }
    return null;
  }

  /**
   * Why DynamoDB refuses a number, or null if it stores it: more than 38 significant digits, or
   * a magnitude outside 1E-130 to under 1E+126.
   *
   * @param value the number, in canonical form (no trailing zeros)
   * @return the refusal's text, or null
   */
  static String numberRefusal(BigDecimal value) {
    if (value.signum() == 0) {
      return null;
    }
    int precision = value.precision();
    if (precision > MAX_DIGITS) {
      return NUMBER_PRECISION;
    }
    // The power of ten of the leading digit: 1E+125 is 125, 0.001 is -3.
    long exponent = (long) precision - value.scale() - 1;
    if (exponent > MAX_EXPONENT) {
      return NUMBER_OVERFLOW;
    }
    return exponent < MIN_EXPONENT ? NUMBER_UNDERFLOW : null;
  }

  /** How many maps and lists nest in a value: 0 for a scalar, 1 for a flat map or list. */
  private static int nesting(Value value) {
    int inner = 0;
    if (value instanceof Value.MapValue map) {
      for (Value v : map.value().values()) {
        inner = Math.max(inner, nesting(v));
      }
      return inner + 1;
    }
    if (value instanceof Value.ListValue list) {
      for (Value v : list.value()) {
        inner = Math.max(inner, nesting(v));
      }
      return inner + 1;
    }
    return 0;
  }

  /**
   * The values an update or a condition carries, as DynamoDB checks its expression attribute
   * values before it reads the item: each must be a value it could store.
   */
  private static void expressionValues(WriteAction action) {
    if (action instanceof WriteAction.Update update) {
      List<UpdateAction> clauses = update.actions();
      for (int i = 0; i < clauses.size(); i++) {
        UpdateAction clause = clauses.get(i);
        if (clause instanceof UpdateAction.Set set) {
          expressionValue(set.value());
        } else if (clause instanceof UpdateAction.SetIfAbsent ifAbsent) {
          expressionValue(ifAbsent.value());
        } else if (clause instanceof UpdateAction.AddNumber add) {
          expressionValue(new Value.Num(add.delta()));
        } else if (clause instanceof UpdateAction.Append append) {
          expressionValue(new Value.ListValue(append.values()));
        }
      }
    }
    conditionValues(action.condition());
  }

  private static void conditionValues(ItemCondition condition) {
    if (condition instanceof ItemCondition.AttributeEquals equals) {
      expressionValue(equals.value());
    } else if (condition instanceof ItemCondition.Not not) {
      conditionValues(not.condition());
    } else if (condition instanceof ItemCondition.And and) {
      List<ItemCondition> parts = and.conditions();
      for (int i = 0; i < parts.size(); i++) {
        conditionValues(parts.get(i));
      }
    }
  }

  private static void expressionValue(Value value) {
    // Scalars other than numbers need no look (most clauses set a string or a counter).
    if (value instanceof Value.Str || value instanceof Value.Bool) {
      return;
    }
    // A value stands at the top of its own item here, one level above an attribute's (DynamoDB
    // Local takes 32 maps one in another as a value, and refuses them only in the item).
    String refusal = refusal(value, 0, MAX_NESTED_CONTAINERS + 1);
    if (refusal != null) {
      throw invalid(INVALID_EXPRESSION_VALUE + refusal);
    }
  }

  // --- writes ----------------------------------------------------------------------------------

  /**
   * What can be checked about a write without reading the item: its key, the put item, and the
   * update expression's paths (no key attribute, no two overlapping paths).
   */
  static void action(WriteAction action) {
    if (action instanceof WriteAction.Put put) {
      putItem(put.item());
    } else if (action instanceof WriteAction.Update update) {
      storedKey(update.key());
      updatePaths(update.actions());
    } else {
      key(action.key());
    }
    expressionValues(action);
  }

  private static void updatePaths(List<UpdateAction> actions) {
    // Indexed loops over the clause lists (a counter's update has two: the counter and the
    // item's revision), as in every check of a write here: they run on every write.
    for (int i = 0; i < actions.size(); i++) {
      String top = actions.get(i).path().top();
      if (top.equals(Item.PK) || top.equals(Item.SK)) {
        throw invalid(
            "One or more parameter values were invalid: Cannot update attribute "
                + top
                + ". This attribute is part of the key");
      }
    }
    for (int i = 0; i < actions.size(); i++) {
      for (int j = i + 1; j < actions.size(); j++) {
        AttributePath one = actions.get(i).path();
        AttributePath two = actions.get(j).path();
        if (overlap(one, two)) {
          throw invalid(
              "Invalid UpdateExpression: Two document paths overlap with each other; "
                  + "must remove or rewrite one of these paths; path one: "
                  + one.names()
                  + ", path two: "
                  + two.names());
        }
      }
    }
  }

  /** Two paths overlap when one is a prefix of the other ({@code a} and {@code a.b}, or equal). */
  private static boolean overlap(AttributePath one, AttributePath two) {
    List<String> a = one.names();
    List<String> b = two.names();
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      if (!a.get(i).equals(b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** A single write: any of Put, Update, Delete, but never a ConditionCheck. */
  static void singleWrite(WriteAction action) {
    if (action instanceof WriteAction.Check) {
      throw invalid(CHECK_OUTSIDE_TRANSACTION);
    }
    action(action);
  }

  /** TransactWriteItems: 1 to 100 valid actions, no two on the same item, at most 4 MB. */
  static void transaction(List<WriteAction> actions) {
    if (actions.isEmpty()) {
      throw invalid(TRANSACTION_EMPTY);
    }
    if (actions.size() > Limits.MAX_TRANSACTION_ACTIONS) {
      throw invalid(TRANSACTION_TOO_MANY);
    }
    // Most transactions carry two to four actions: comparing each key with the ones before it
    // is cheaper there than hashing them into a set.
    Set<Key> seen = actions.size() > SMALL_TRANSACTION ? new HashSet<>() : null;
    Key[] keys = seen == null ? new Key[actions.size()] : null;
    long bytes = 0;
    for (int i = 0; i < actions.size(); i++) {
      WriteAction action = actions.get(i);
      action(action);
      Key key = action.key();
      if (seen != null ? !seen.add(key) : contains(keys, i, key)) {
        throw invalid(TRANSACTION_SAME_ITEM);
      }
      if (keys != null) {
        keys[i] = key;
      }
      bytes += transactionBytes(action, false);
    }
    if (bytes > Limits.MAX_TRANSACTION_BYTES) {
      bytes = 0;
      for (WriteAction action : actions) {
        bytes += transactionBytes(action, true);
      }
      if (bytes > Limits.MAX_TRANSACTION_BYTES) {
        throw invalid(TRANSACTION_TOO_LARGE);
      }
    }
  }

  private static final int SMALL_TRANSACTION = 8;

  /** Up to this many keys are compared pairwise, which is cheaper there than hashing them. */
  private static final int SMALL_BATCH = 16;

  private static boolean hasDuplicates(List<Key> keys) {
    for (int i = 1; i < keys.size(); i++) {
      Key key = keys.get(i);
      for (int j = 0; j < i; j++) {
        if (keys.get(j).equals(key)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean contains(Key[] keys, int count, Key key) {
    for (int i = 0; i < count; i++) {
      if (keys[i].equals(key)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What one action adds to a transaction's size: a Put its item, any other action its key. A
   * key is at most 2048 + 1024 bytes and its attribute names 4, so 100 actions of keys alone
   * stay far below 4 MB: a key's exact size matters only beside large puts, and the bound (3
   * bytes a unit) is used unless the bound of the whole transaction exceeds the limit.
   */
  private static long transactionBytes(WriteAction action, boolean exact) {
    if (action instanceof WriteAction.Put put) {
      return put.item().size();
    }
    Key key = action.key();
    if (!exact) {
      return KEY_NAMES_BYTES + 3L * (key.pk().length() + key.sk().length());
    }
    return KEY_NAMES_BYTES + Utf8.length(key.pk()) + Utf8.length(key.sk());
  }

  private static final int KEY_NAMES_BYTES = Utf8.length(Item.PK) + Utf8.length(Item.SK);

  // --- reads -----------------------------------------------------------------------------------

  /** BatchGetItem: 1 to 100 valid keys, no duplicates. */
  static void batchGet(List<Key> keys) {
    if (keys.isEmpty()) {
      throw invalid(BATCH_GET_EMPTY);
    }
    if (keys.size() > Limits.MAX_BATCH_GET_KEYS) {
      throw invalid(BATCH_GET_TOO_MANY);
    }
    keys.forEach(Rules::key);
    if (keys.size() > SMALL_BATCH
        ? new HashSet<>(keys).size() != keys.size()
        : hasDuplicates(keys)) {
      throw invalid(BATCH_GET_DUPLICATES);
    }
  }

  /** TransactGetItems: 1 to 100 valid keys, no two the same item. */
  static void transactGet(List<Key> keys) {
    if (keys.isEmpty()) {
      throw invalid(TRANSACTION_EMPTY);
    }
    if (keys.size() > Limits.MAX_TRANSACTION_ACTIONS) {
      throw invalid(TRANSACTION_TOO_MANY);
    }
    keys.forEach(Rules::key);
    if (new HashSet<>(keys).size() != keys.size()) {
      throw invalid(TRANSACTION_SAME_ITEM);
    }
  }

  /** BatchWriteItem: 1 to 25 puts of valid items with distinct keys. */
  static void batchWrite(List<Item> items) {
    if (items.isEmpty() || items.size() > Limits.MAX_BATCH_WRITE_ITEMS) {
      throw invalid(BATCH_WRITE_SIZE);
    }
    Set<Key> keys = new HashSet<>();
    for (Item item : items) {
      singleWrite(new WriteAction.Put(item, ItemCondition.NONE));
      if (!keys.add(item.key())) {
        throw invalid(BATCH_WRITE_DUPLICATES);
      }
    }
  }

  /**
   * Query: the limit, the read mode, the key condition's operands, and the start key, which must
   * lie in the queried partition and inside the sort-key condition. A partition value over 2048
   * bytes is not refused (DynamoDB Local simply finds nothing); a sort operand over 1024 bytes
   * is.
   */
  static void query(QueryPlan plan) {
    if (plan.limit() < 1) {
      throw invalid(String.format(java.util.Locale.ROOT, LIMIT_TOO_SMALL, plan.limit()));
    }
    Index index = plan.index();
    if (plan.consistentRead() && index != Index.TABLE) {
      throw invalid(CONSISTENT_READ_ON_INDEX);
    }
    conditionOperand(plan.partitionValue(), index, index.partitionAttribute());
    plan.sortCondition().ifPresent(condition -> sortCondition(condition, index));
    plan.exclusiveStart()
        .ifPresent(
            start -> {
              if (start.pk().isEmpty() || start.sk().isEmpty()) {
                throw invalid(
                    START_KEY_INVALID
                        + ": "
                        + emptyKeyMessage(start.pk().isEmpty() ? Item.PK : Item.SK));
              }
              if (!start.partitionOn(index).equals(plan.partitionValue())) {
                throw invalid(START_KEY_INVALID);
              }
              if (plan.sortCondition().map(c -> !c.matches(start.sortOn(index))).orElse(false)) {
                throw invalid(START_KEY_OUTSIDE);
              }
            });
  }

  private static void sortCondition(SortKeyCondition condition, Index index) {
    conditionOperand(condition.value(), index, index.sortAttribute());
    sortValueSize(condition.value());
    if (condition.operator() == SortKeyCondition.Operator.BETWEEN) {
      conditionOperand(condition.upper(), index, index.sortAttribute());
      sortValueSize(condition.upper());
      if (Utf8.compare(condition.value(), condition.upper()) > 0) {
        throw invalid(
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound "
                + "to be greater than or equal to lower bound; lower bound operand: AttributeValue: "
                + "{S:"
                + condition.value()
                + "}, upper bound operand: AttributeValue: {S:"
                + condition.upper()
                + "}");
      }
    }
  }

  /** A key condition operand may not be empty; on an index the message names the index. */
  private static void conditionOperand(String value, Index index, String attribute) {
    if (!value.isEmpty()) {
      return;
    }
    if (index == Index.TABLE) {
      throw invalid(emptyKeyMessage(attribute));
    }
    throw invalid(
        "One or more parameter values are not valid. A value specified for a secondary "
            + "index key is not supported. The AttributeValue for a key attribute cannot contain an "
            + "empty string value. IndexName: "
            + index.indexName()
            + ", IndexKey: "
            + attribute);
  }

  // --- helpers ---------------------------------------------------------------------------------

  static TableRequestRefusedException invalid(String message) {
    return new TableRequestRefusedException(message, null);
  }

  /** DynamoDB's name for a value's type, as its messages print it. */
  static String typeName(Value value) {
    if (value instanceof Value.Str) {
      return "S";
    } else if (value instanceof Value.Num) {
      return "N";
    } else if (value instanceof Value.Bool) {
      return "BOOL";
    } else if (value instanceof Value.Null) {
      return "NULL";
    } else if (value instanceof Value.MapValue) {
      return "M";
    }
    return "L";
  }

  /**
   * Whether a page that stopped at {@code Limit} on the item with sort value {@code sortValue}
   * stopped on the inclusive bound that ends the range in the read direction — the upper bound of
   * {@code <=} or BETWEEN read forwards, the lower bound of {@code >=} or BETWEEN read backwards —
   * so that nothing further can match. DynamoDB Local 2.6.1 then returns no last evaluated key
   * on the table (but still does for {@code =}, {@code begins_with} and the exclusive operators,
   * and always on the index, whose sort key is the table's {@code PK}); the memory
   * engine follows it (conformance's {@code LimitAtRangeEndTest}). The service documentation only
   * says that a page cut by Limit carries a last evaluated key; this case is not documented.
   */
  static boolean endsAtInclusiveBound(QueryPlan plan, String sortValue) {
    if (plan.index() != Index.TABLE) {
      return false;
    }
    return plan.sortCondition()
        .map(
            c ->
                switch (c.operator()) {
                  case LE -> plan.forward() && sortValue.equals(c.value());
                  case GE -> !plan.forward() && sortValue.equals(c.value());
                  case BETWEEN -> sortValue.equals(plan.forward() ? c.upper() : c.value());
                  default -> false;
                })
        .orElse(false);
  }
}
