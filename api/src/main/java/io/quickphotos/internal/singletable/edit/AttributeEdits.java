package io.quickphotos.internal.singletable.edit;

import static io.quickphotos.internal.singletable.layout.Attributes.APP_BYTES;

import io.quickphotos.AppValue;
import io.quickphotos.AttributeChange;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.AppAttributes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.edit.Budget.Charged;
import io.quickphotos.internal.singletable.edit.Budget.Measured;
import io.quickphotos.internal.singletable.edit.Budget.Unbounded;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.Versions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Changes of single application attributes ({@link AttributeChange}) as clauses of the photo's or
 * profile's one UpdateItem, and how such an edit keeps the item within its limit without reading
 * it first. Stateless and thread-safe.
 *
 * <p><b>Clauses.</b> An attribute lives in the item's {@code app} map, so a change of attribute
 * {@code n} is a clause on {@code app.n}, and of key {@code k} inside it on {@code app.n.k}:
 * {@code SET app.n = :v}, {@code REMOVE app.n}, {@code SET app.n = list_append(if_not_exists(
 * app.n, :empty), :values)}, {@code SET app.n = if_not_exists(app.n, :zero) + :amount}. DynamoDB
 * applies them to the item as it is when the request lands, so two edits of different attributes
 * both land, and additions to one number all count.
 *
 * <p><b>The size, without a read.</b> A whole set of attributes is judged exactly before the
 * request (at most {@link AppValue#MAX_ATTRIBUTES_BYTES}, which keeps the item under 400 KB with
 * the layout's own attributes at their largest). A partial edit cannot know the attributes it does
 * not name, so the item keeps a bound of what {@code app} takes: {@code appBytes} (N), set to the
 * exact figure by an edit of all attributes and by a measure (below), and absent from an item
 * uploaded or created with its attributes, so that such an item is what it was before this
 * bound existed. Each partial edit adds to it the most its clauses can add — a set its
 * name, its value and one byte; an append its name, an empty list's 4 bytes and each value and a
 * byte; an addition its name and a byte and 21, the largest number; a removal nothing — and
 * requires, in the same condition, that the bound stays within the limit ({@code
 * attribute_exists(appBytes) AND NOT (appBytes >= :room)}), so nothing past the limit is ever
 * written and the request costs what it did (the bound adds about 12 bytes to the item). A set
 * that replaces a value, or an addition to a number that does not grow, counts bytes that were
 * already there, so the bound only overstates: the condition fails early, never late. When it
 * fails — or the item has no bound yet (written whole: uploaded, created, edited whole, imported,
 * or by an earlier version) — the item comes back with the failure at no cost, the edit is
 * applied to it here ({@link #applied}) and judged exactly: over the limit, it is
 * {@link io.quickphotos.InvalidInputException} and nothing is written; within it, the edit is sent
 * again as the whole new map and the exact figure ({@code SET app = :after, appBytes = :bytes}) on
 * condition that {@code app} is still what was read ({@code app = :before}), so the exact figure
 * is the truth. A counter named {@code views} is charged 27 bytes an addition: a small photo's
 * bound fills after about 14,000 additions and is measured again by the next edit, one request
 * more (two under contention); the first partial edit of an item uploaded or created with its
 * attributes, or written by an earlier version, pays the same one request once.
 */
public final class AttributeEdits {
  /** The most bytes DynamoDB takes for a number: 38 digits in 20 pairs, and a byte. */
  static final int MAX_NUMBER_BYTES = 21;

  /** What a list that starts empty adds to a map beside its name: its 3 bytes and the entry's 1. */
  private static final int NEW_LIST_BYTES = 4;

  private static final AttributePath APP_PATH = AttributePath.of(ItemCodec.APP);
  private static final AttributePath BOUND = AttributePath.of(APP_BYTES);

  private AttributeEdits() {}

  /**
   * The budget of an edit without single-attribute changes.
   *
   * @return the budget
   */
  public static Budget none() {
    return new Unbounded();
  }

  /**
   * The budget of the first attempt of a partial edit: charged against the item's bound.
   *
   * @param changes the changes, already validated
   * @return the budget
   */
  public static Budget charged(List<AttributeChange> changes) {
    return new Charged(charge(changes));
  }

  /**
   * Whether a charged attempt may be sent to an item as read: it holds a bound with room for the
   * charge (what a writer does after another's exact measure landed first).
   *
   * @param item the photo or profile as it was read
   * @param changes the changes
   * @return true if a charged attempt would pass its size condition
   */
  public static boolean hasRoom(Item item, List<AttributeChange> changes) {
    long charge = charge(changes);
    if (charge == 0) {
      return item.get(ItemCodec.APP).isPresent();
    }
    BigDecimal bound = item.numberOrNull(APP_BYTES);
    return bound != null && bound.longValue() + charge <= AppValue.MAX_ATTRIBUTES_BYTES;
  }

  /**
   * The budget of an edit measured on the item as it was read: the changes applied to its
   * {@code app} and its exact size, or a refusal if that is over the limit.
   *
   * @param item the photo or profile as it was read (with a failed condition)
   * @param changes the changes, already validated
   * @param entity "photo" or "user", for the message
   * @return the budget
   * @throws io.quickphotos.InvalidInputException if the attributes after the changes would take
   *     more than {@link AppValue#MAX_ATTRIBUTES_BYTES}; nothing is written
   */
  public static Budget measured(Item item, List<AttributeChange> changes, String entity) {
    Optional<Value> before = item.get(ItemCodec.APP);
    Optional<Value.MapValue> after = applied(before.orElse(null), changes);
    int bytes = after.map(m -> Utf8.length(ItemCodec.APP) + m.size()).orElse(0);
    if (bytes > AppValue.MAX_ATTRIBUTES_BYTES) {
      throw new io.quickphotos.InvalidInputException(
          String.format(
              java.util.Locale.ROOT,
              "%s attributes would take %,d bytes as DynamoDB counts them after this edit, over"
                  + " the %,d they may take together; the largest is '%s'",
              entity,
              bytes,
              AppValue.MAX_ATTRIBUTES_BYTES,
              largest(after.get())));
    }
    return new Measured(before, after, bytes);
  }

  private static String largest(Value.MapValue app) {
    String largest = null;
    int most = -1;
    for (Map.Entry<String, Value> e : app.value().entrySet()) {
      int bytes = Utf8.length(e.getKey()) + e.getValue().size() + 1;
      if (bytes > most) {
        largest = e.getKey();
        most = bytes;
      }
    }
    return largest;
  }

  /**
   * The most bytes changes can add to {@code app}: see the class comment.
   *
   * @param changes the changes, already validated
   * @return the charge
   */
  public static long charge(List<AttributeChange> changes) {
    long bytes = 0;
    for (AttributeChange change : changes) {
      int name = Utf8.length(change.key().orElse(change.name()));
      if (change instanceof AttributeChange.Set set) {
        bytes += name + AppAttributes.value(set.value()).size() + 1;
      } else if (change instanceof AttributeChange.Append append) {
        bytes += name + NEW_LIST_BYTES;
        for (AppValue value : append.values()) {
          bytes += AppAttributes.value(value).size() + 1;
        }
      } else if (change instanceof AttributeChange.Add) {
        bytes += name + 1 + MAX_NUMBER_BYTES;
      }
    }
    return bytes;
  }

  /**
   * Whether an edit's changes only add to numbers: such an edit (a views counter) does not
   * advance the item's version ({@link Versions}).
   *
   * @param changes the changes
   * @return true if there is at least one and all are additions
   */
  public static boolean countsOnly(List<AttributeChange> changes) {
    if (changes.isEmpty()) {
      return false;
    }
    for (AttributeChange change : changes) {
      if (!(change instanceof AttributeChange.Add)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The clauses and the condition term of an edit's changes under a budget.
   *
   * @param changes the changes, already validated
   * @param budget how they are sent
   * @param clauses where their clauses go
   * @return the condition term, {@link ItemCondition#NONE} for none
   */
  public static ItemCondition addClauses(
      List<AttributeChange> changes, Budget budget, List<UpdateAction> clauses) {
    if (budget instanceof Charged charged) {
      clauses.addAll(clauses(changes));
      if (charged.bytes() == 0) {
        // Removals only: they need the map, and cannot grow it.
        return new ItemCondition.AttributeExists(APP_PATH);
      }
      clauses.add(new UpdateAction.Add(BOUND, charged.bytes()));
      return ItemCondition.and(
          new ItemCondition.AttributeExists(BOUND),
          ItemCondition.not(
              new ItemCondition.AtLeast(
                  BOUND, AppValue.MAX_ATTRIBUTES_BYTES - charged.bytes() + 1)));
    }
    if (budget instanceof Measured measured) {
      if (measured.after().isEmpty()) {
        clauses.addAll(clauses(changes));
      } else if (!measured.after().get().value().isEmpty()) {
        clauses.add(new UpdateAction.Set(APP_PATH, measured.after().get()));
        clauses.add(new UpdateAction.Set(BOUND, Value.Num.of(measured.bytes())));
      } else if (measured.before().isPresent()) {
        // Every attribute removed: the item of one that never had them.
        clauses.add(new UpdateAction.Remove(APP_PATH));
        clauses.add(new UpdateAction.Remove(BOUND));
      }
      return measured.before().isPresent()
          ? new ItemCondition.AttributeEquals(APP_PATH, measured.before().get())
          : ItemCondition.not(new ItemCondition.AttributeExists(APP_PATH));
    }
    return ItemCondition.NONE;
  }

  /**
   * The clause that sets the bound of an edit replacing every attribute to their exact size, so
   * that the next partial edit is charged against it without a measure; with no attributes left,
   * the bound goes with them.
   *
   * @param attributes the attributes that replace the item's, already validated
   * @return {@code SET appBytes = :bytes}, or {@code REMOVE appBytes}
   */
  public static UpdateAction exactBound(Map<String, AppValue> attributes) {
    return attributes.isEmpty()
        ? new UpdateAction.Remove(BOUND)
        : new UpdateAction.Set(
            BOUND,
            Value.Num.of(Utf8.length(ItemCodec.APP) + ItemCodec.appAttributes(attributes).size()));
  }

  /**
   * The changes as clauses on {@code app}.
   *
   * @param changes the changes, already validated
   * @return one clause each, in order
   */
  public static List<UpdateAction> clauses(List<AttributeChange> changes) {
    List<UpdateAction> clauses = new ArrayList<>(changes.size() + 1);
    for (AttributeChange change : changes) {
      AttributePath path =
          change
              .key()
              .map(key -> AttributePath.of(ItemCodec.APP, change.name(), key))
              .orElseGet(() -> AttributePath.of(ItemCodec.APP, change.name()));
      if (change instanceof AttributeChange.Set set) {
        clauses.add(new UpdateAction.Set(path, AppAttributes.value(set.value())));
      } else if (change instanceof AttributeChange.Remove) {
        clauses.add(new UpdateAction.Remove(path));
      } else if (change instanceof AttributeChange.Append append) {
        List<Value> values = new ArrayList<>(append.values().size());
        for (AppValue value : append.values()) {
          values.add(AppAttributes.value(value));
        }
        clauses.add(new UpdateAction.Append(path, values));
      } else {
        clauses.add(new UpdateAction.AddNumber(path, ((AttributeChange.Add) change).amount()));
      }
    }
    return clauses;
  }

  /**
   * The changes applied to an item's {@code app} map as DynamoDB applies their clauses.
   *
   * @param app the map as read, or null if the item has none
   * @param changes the changes, already validated
   * @return the map after them (empty if every attribute is gone), or empty if DynamoDB would
   *     refuse them there: a key inside an attribute that is no map, an append to one that is no
   *     list, an addition to one that is no number or that makes a number it cannot store
   */
  public static Optional<Value.MapValue> applied(Value app, List<AttributeChange> changes) {
    if (app != null && !(app instanceof Value.MapValue)) {
      return Optional.empty();
    }
    Map<String, Value> map =
        app == null ? new HashMap<>() : new HashMap<>(((Value.MapValue) app).value());
    for (AttributeChange change : changes) {
      if (change.key().isEmpty()) {
        if (!apply(map, change.name(), change)) {
          return Optional.empty();
        }
      } else {
        if (!(map.get(change.name()) instanceof Value.MapValue inner)) {
          return Optional.empty();
        }
        Map<String, Value> entries = new HashMap<>(inner.value());
        if (!apply(entries, change.key().get(), change)) {
          return Optional.empty();
        }
        map.put(change.name(), new Value.MapValue(entries));
      }
    }
    return Optional.of(new Value.MapValue(map));
  }

  /** Applies one change at {@code name} of {@code map}; false where DynamoDB would refuse it. */
  private static boolean apply(Map<String, Value> map, String name, AttributeChange change) {
    Value old = map.get(name);
    if (change instanceof AttributeChange.Set set) {
      map.put(name, AppAttributes.value(set.value()));
    } else if (change instanceof AttributeChange.Remove) {
      map.remove(name);
    } else if (change instanceof AttributeChange.Append append) {
      if (old != null && !(old instanceof Value.ListValue)) {
        return false;
      }
      List<Value> joined = new ArrayList<>();
      if (old != null) {
        joined.addAll(((Value.ListValue) old).value());
      }
      for (AppValue value : append.values()) {
        joined.add(AppAttributes.value(value));
      }
      map.put(name, new Value.ListValue(joined));
    } else {
      if (old != null && !(old instanceof Value.Num)) {
        return false;
      }
      BigDecimal amount = ((AttributeChange.Add) change).amount();
      Value.Num sum = new Value.Num(old == null ? amount : ((Value.Num) old).value().add(amount));
      if (!storable(sum.value())) {
        return false;
      }
      map.put(name, sum);
    }
    return true;
  }

  /** Whether DynamoDB stores a number: at most 38 significant digits, within its range. */
  private static boolean storable(BigDecimal canonical) {
    if (canonical.signum() == 0) {
      return true;
    }
    long exponent = (long) canonical.precision() - canonical.scale() - 1;
    return canonical.precision() <= 38 && exponent >= -130 && exponent <= 125;
  }

  /**
   * What a failed condition of a partial edit means once the item is there, open and at the
   * version named: the budget failed, and the edit must be measured on the item.
   *
   * @param budget the budget the failed attempt was sent with
   * @param item the item as it was when the condition failed
   * @return the sign to measure again, empty for an edit without single-attribute changes
   */
  public static Optional<StepOutcome> measureAgain(Budget budget, Item item) {
    if (budget instanceof Charged) {
      return Optional.of(new StepOutcome.SendAgain(StepOutcome.Why.MEASURE, item));
    }
    if (budget instanceof Measured) {
      return Optional.of(new StepOutcome.SendAgain(StepOutcome.Why.MEASURE_AFTER_CONTENTION, item));
    }
    return Optional.empty();
  }

  /**
   * The update that replaces an item's application attributes: SET of the one map that holds
   * them, or REMOVE of it when there are none.
   *
   * @param attributes the attributes, already validated
   * @return the action
   */
  public static UpdateAction setAttributes(Map<String, AppValue> attributes) {
    AttributePath app = AttributePath.of(ItemCodec.APP);
    return attributes.isEmpty()
        ? new UpdateAction.Remove(app)
        : new UpdateAction.Set(app, ItemCodec.appAttributes(attributes));
  }
}
