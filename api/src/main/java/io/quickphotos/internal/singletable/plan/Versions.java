package io.quickphotos.internal.singletable.plan;

import static io.quickphotos.internal.singletable.layout.Attributes.VERSION;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The version of a photo or profile: the one place where a change the application makes to the
 * item advances it, and where a change that names the version it was made from is checked.
 * Stateless and thread-safe.
 *
 * <p><b>Stored</b> as {@code version} (N) on the item, absent until the first change: an item as
 * uploaded, created, imported or written by an earlier version is at version 0 and byte for byte
 * what it was. Each change adds one in its own UpdateItem ({@code SET version =
 * if_not_exists(version, :zero) + :one}), so concurrent changes each count and the version never
 * repeats while the item lives (a photo deleted and uploaded again starts at 0: the version tells
 * changes of one incarnation apart, the cascades' markers tell incarnations apart).
 *
 * <p><b>What advances it</b> is the public rule, stated once under Versions in {@link
 * io.quickphotos.QuickPhotos}' Javadoc: a photo's edit and a profile's update (the switch of an
 * account to private among them) add {@link #advance()} to their clauses through {@link
 * #advanced}, but for one whose every change is an addition to a number (as the fields declared
 * in {@code ProfileFields} and {@code PhotoFields} say: {@code EditField#countsOnly}), so a hot
 * photo's hearts or views do not make its owner's caption edit conflict.
 * What the layout counts on the item (reactions, followers, the shards, the markers of a
 * deletion or a closing) never does. A change that names a version is checked with
 * {@link #is} in the same condition as the rest of its write.
 */
public final class Versions {

  private static final AttributePath PATH = AttributePath.of(VERSION);

  /** Asked of every photo and profile read: remembered per set of names. */
  private static final Item.Name NAME = new Item.Name(VERSION);

  private static final UpdateAction ADVANCE = new UpdateAction.Add(PATH, 1);
  private static final ItemCondition UNCHANGED =
      ItemCondition.not(new ItemCondition.AttributeExists(PATH));

  private Versions() {}

  /**
   * The clause that advances the version by one.
   *
   * @return {@code SET version = if_not_exists(version, :zero) + :one}
   */
  public static UpdateAction advance() {
    return ADVANCE;
  }

  /**
   * The clauses of a change with the version advanced.
   *
   * @param clauses the change's own clauses
   * @return them and {@link #advance()}
   */
  public static List<UpdateAction> advanced(List<UpdateAction> clauses) {
    List<UpdateAction> all = new ArrayList<>(clauses.size() + 1);
    all.addAll(clauses);
    all.add(ADVANCE);
    return all;
  }

  /**
   * The condition that the item holds a version: {@code version = :v}, or for 0 {@code NOT
   * attribute_exists(version)} (an item never changed holds none).
   *
   * @param version the version, 0 or more
   * @return the condition
   */
  public static ItemCondition is(long version) {
    return version == 0
        ? UNCHANGED
        : new ItemCondition.AttributeEquals(PATH, Value.Num.of(version));
  }

  /**
   * A condition with the version check added, if the change names a version: one flat AND, so
   * the request reads as the unversioned one with a term added.
   *
   * @param condition the write's own condition
   * @param expected the version the change names, if any
   * @return the condition
   */
  public static ItemCondition checked(ItemCondition condition, OptionalLong expected) {
    return expected.isEmpty() ? condition : ItemCondition.and(condition, is(expected.getAsLong()));
  }

  /**
   * The version of an item.
   *
   * @param item a photo or profile item
   * @return its version, 0 if it holds none
   */
  public static long of(Item item) {
    BigDecimal version = item.numberOrNull(NAME);
    return version == null ? 0 : version.longValueExact();
  }
}
