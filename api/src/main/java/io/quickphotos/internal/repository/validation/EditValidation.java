package io.quickphotos.internal.repository.validation;

import io.quickphotos.AppValue;
import io.quickphotos.UserStatus;
import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.edit.FieldChecks;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The argument rules of the fields of a photo's edit and a profile's update
 * ({@link FieldChecks}), each the rule the same field of a new photo or user is judged by, and
 * the checks of an edit's fields in the order they are declared. Thread-safe.
 */
final class EditValidation implements FieldChecks {
  private final LocalDate todayUtc;

  /**
   * The rules as of a day.
   *
   * @param todayUtc today's date in UTC, the latest birth date allowed; {@code null} for a
   *     photo's edit, which has no date to judge
   */
  EditValidation(LocalDate todayUtc) {
    this.todayUtc = todayUtc;
  }

  /**
   * Checks an edit's fields: each present (not a record built with a null), then the edit not
   * empty, then each value by its rule, in the order the fields are declared; the first failure
   * is the one reported.
   *
   * @param edit the edit's name in messages ({@code update}, {@code edit})
   * @param fields the entity's fields
   * @param value the edit, not {@code null}
   * @param isEmpty whether the edit changes nothing, asked once every field is present
   * @param whenEmpty the message for an edit that changes nothing
   * @param <E> the edit
   * @throws io.quickphotos.InvalidInputException if a field or the whole edit is not valid
   */
  <E> void check(
      String edit, List<EditField<E, ?>> fields, E value, Predicate<E> isEmpty, String whenEmpty) {
    for (EditField<E, ?> field : fields) {
      Validation.notNull(edit + "." + field.name(), field.in(value));
    }
    if (isEmpty.test(value)) {
      throw Validation.invalid(whenEmpty);
    }
    for (EditField<E, ?> field : fields) {
      field.check(value, this);
    }
  }

  @Override
  public void name(String value) {
    Validation.text("name", value, 1, Validation.MAX_NAME);
  }

  @Override
  public void email(String value) {
    Validation.email(value);
  }

  @Override
  public void birthdate(LocalDate value) {
    Validation.birthdate(value, todayUtc);
  }

  @Override
  public void address(String value) {
    Validation.text("address", value, 0, Validation.MAX_ADDRESS);
  }

  @Override
  public void status(UserStatus value) {
    Validation.status(value);
  }

  @Override
  public void caption(String value) {
    Validation.caption(value);
  }

  @Override
  public void attributes(String holder, Map<String, AppValue> value) {
    AppValueValidation.attributes(holder, value);
  }
}
