package io.quickphotos.internal.singletable.edit;

import io.quickphotos.AppValue;
import io.quickphotos.AttributeChange;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.Versions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One field an application may change on a photo or a profile, declared once with all that the
 * layers need to know of it: the edit's emptiness check, the argument checks, the clauses of the
 * UpdateItem and the version rule ({@link Versions}) each read the entity's list of these
 * ({@code ProfileFields.ALL}, {@code PhotoFields.ALL}) rather than a list of their own, so a field
 * cannot be added to one and forgotten by another. The changes of single attributes are not
 * fields: {@link AttributeEdits} sends them, under its budget, after every field's clauses.
 * Immutable and thread-safe.
 *
 * @param name the field as the public record and its builder name it, and as messages name it
 * @param attribute the item attribute its clauses write
 * @param value how it is read from the edit: empty if the edit leaves it as it is ({@code null}
 *     only if the application built the record with a null, which the argument checks refuse)
 * @param check how a value is judged, in the vocabulary of {@link FieldChecks}
 * @param clauses the UpdateItem clauses that write a value, already judged
 * @param advancesVersion whether setting it advances the item's version; false only for a field
 *     the layout counts, as it counts reactions
 * @param <E> the edit: {@code ProfileUpdate} or {@code PhotoEdit}
 * @param <T> the field's value
 */
public record EditField<E, T>(
    String name,
    String attribute,
    Function<E, Optional<T>> value,
    BiConsumer<FieldChecks, T> check,
    Function<T, List<UpdateAction>> clauses,
    boolean advancesVersion) {

  /**
   * A field stored as one string attribute ({@code SET attribute = :text}) that advances the
   * version: the common kind.
   *
   * @param name the field's name
   * @param attribute the attribute
   * @param value how it is read from the edit
   * @param check how a value is judged
   * @param text the value as the item stores it
   * @param <E> the edit
   * @param <T> the field's value
   * @return the field
   */
  public static <E, T> EditField<E, T> text(
      String name,
      String attribute,
      Function<E, Optional<T>> value,
      BiConsumer<FieldChecks, T> check,
      Function<T, String> text) {
    return new EditField<>(
        name, attribute, value, check, v -> List.of(Plans.set(attribute, text.apply(v))), true);
  }

  /**
   * The application's attributes as a whole, the same field on a photo and a profile: the one
   * {@code app} map replaced (or removed when empty) with the bound of single-attribute edits set
   * to its exact size; advances the version.
   *
   * @param value how it is read from the edit
   * @param entity the entity's name in messages ({@code photo}, {@code user})
   * @param <E> the edit
   * @return the field
   */
  public static <E> EditField<E, Map<String, AppValue>> appAttributes(
      Function<E, Optional<Map<String, AppValue>>> value, String entity) {
    return new EditField<>(
        "attributes",
        ItemCodec.APP,
        value,
        (checks, v) -> checks.attributes(entity, v),
        v -> List.of(AttributeEdits.setAttributes(v), AttributeEdits.exactBound(v)),
        true);
  }

  /**
   * The field's value in an edit.
   *
   * @param edit the edit
   * @return the value, empty if the edit leaves the field as it is; {@code null} if the record
   *     holds one
   */
  public Optional<T> in(E edit) {
    return value.apply(edit);
  }

  /**
   * Judges the field's value in an edit, if it has one.
   *
   * @param edit the edit, its field not {@code null}
   * @param checks the checks of the argument rules
   * @throws io.quickphotos.InvalidInputException if the value breaks a rule
   */
  public void check(E edit, FieldChecks checks) {
    in(edit).ifPresent(v -> check.accept(checks, v));
  }

  /**
   * Adds the clauses that write the field's value in an edit, if it has one.
   *
   * @param edit the edit, already validated
   * @param to where the clauses go, in the order of the fields
   */
  public void addClauses(E edit, List<UpdateAction> to) {
    in(edit).ifPresent(v -> to.addAll(clauses.apply(v)));
  }

  /**
   * Whether an edit sets none of the fields (its changes of single attributes aside).
   *
   * @param fields the entity's fields
   * @param edit the edit, its fields not {@code null}
   * @param <E> the edit
   * @return true if every field is left as it is
   */
  public static <E> boolean noneSet(List<EditField<E, ?>> fields, E edit) {
    for (EditField<E, ?> field : fields) {
      if (field.in(edit).isPresent()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The clauses of every field an edit sets, in the order of the fields.
   *
   * @param fields the entity's fields
   * @param edit the edit, already validated
   * @param to where the clauses go
   * @param <E> the edit
   */
  public static <E> void addClauses(List<EditField<E, ?>> fields, E edit, List<UpdateAction> to) {
    for (EditField<E, ?> field : fields) {
      field.addClauses(edit, to);
    }
  }

  /**
   * The version rule: whether an edit leaves the version as it is, because it sets no field that
   * advances it and its changes of single attributes, if any, only add to numbers
   * ({@link AttributeEdits#countsOnly}).
   *
   * @param fields the entity's fields
   * @param edit the edit, already validated
   * @param changes its changes of single attributes
   * @param <E> the edit
   * @return true if its UpdateItem goes without {@link Versions#advance()}
   */
  public static <E> boolean countsOnly(
      List<EditField<E, ?>> fields, E edit, List<AttributeChange> changes) {
    boolean anySet = false;
    for (EditField<E, ?> field : fields) {
      if (field.in(edit).isPresent()) {
        if (field.advancesVersion()) {
          return false;
        }
        anySet = true;
      }
    }
    return changes.isEmpty() ? anySet : AttributeEdits.countsOnly(changes);
  }
}
