package io.quickphotos.internal.singletable.edit;

import io.quickphotos.AppValue;
import io.quickphotos.UserStatus;
import java.time.LocalDate;
import java.util.Map;

/**
 * The argument rules a field of an edit can be judged by ({@link EditField#check()}), one method a
 * rule. The rules themselves are the repository's argument checks, which implement this; the
 * single-table layer, which may not reach them, names them here, so that a field declares its
 * rule where it is declared and a field with a rule of a new kind does not compile until the
 * checks have it. Each method returns normally for a valid value.
 */
public interface FieldChecks {
  /**
   * A display name.
   *
   * @param value the name
   * @throws io.quickphotos.InvalidInputException if it is not valid
   */
  void name(String value);

  /**
   * A contact address.
   *
   * @param value the address
   * @throws io.quickphotos.InvalidInputException if it is not valid
   */
  void email(String value);

  /**
   * A date of birth.
   *
   * @param value the date
   * @throws io.quickphotos.InvalidInputException if it is not valid
   */
  void birthdate(LocalDate value);

  /**
   * A postal address.
   *
   * @param value the address
   * @throws io.quickphotos.InvalidInputException if it is not valid
   */
  void address(String value);

  /**
   * An account's status, set by an update.
   *
   * @param value the status
   * @throws io.quickphotos.InvalidInputException if it is not valid
   */
  void status(UserStatus value);

  /**
   * A photo's caption.
   *
   * @param value the caption
   * @throws io.quickphotos.InvalidInputException if it is not valid
   */
  void caption(String value);

  /**
   * A set of application attributes that replaces all of a holder's.
   *
   * @param holder {@code user} or {@code photo}, as messages name it
   * @param value the attributes
   * @throws io.quickphotos.InvalidInputException if they are not valid
   */
  void attributes(String holder, Map<String, AppValue> value);

  /**
   * A value of which every one is valid (an enum the update may set to any of its constants):
   * nothing to judge beyond its presence, which the checks of the edit judge for every field.
   *
   * @param value the value
   */
  default void any(Object value) {}
}
