package io.quickphotos.internal.singletable.user;

import io.quickphotos.ProfileUpdate;
import io.quickphotos.Visibility;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.edit.FieldChecks;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.LocalDate;
import java.util.List;

/**
 * The fields of a profile update ({@link ProfileUpdate}), declared once: its emptiness check,
 * the argument checks, {@link UserPlans#updateProfile}'s clauses and its version rule read this
 * list. A new field of the update is a component of the record, its builder's setter, and an
 * entry here; {@code EditFieldsTest} fails on a component without an entry. Thread-safe.
 */
public final class ProfileFields {
  /**
   * Every field, in the order the checks judge them and the UpdateItem's clauses are written.
   * The whole set of application attributes is a SET of the {@code app} map (a REMOVE when
   * empty) with its exact size as the bound of single-attribute edits
   * ({@link AttributeEdits#exactBound}); the visibility is {@code SET private = true} or
   * {@code REMOVE private} ({@link PrivacyPlans#visibility}).
   */
  public static final List<EditField<ProfileUpdate, ?>> ALL =
      List.of(
          EditField.text("name", Attributes.NAME, ProfileUpdate::name, FieldChecks::name, v -> v),
          EditField.text(
              "email", Attributes.EMAIL, ProfileUpdate::email, FieldChecks::email, v -> v),
          EditField.text(
              "birthdate",
              Attributes.BIRTHDATE,
              ProfileUpdate::birthdate,
              FieldChecks::birthdate,
              LocalDate::toString),
          EditField.text(
              "address", Attributes.ADDRESS, ProfileUpdate::address, FieldChecks::address, v -> v),
          EditField.text(
              "status", Attributes.STATUS, ProfileUpdate::status, FieldChecks::status, Enum::name),
          EditField.appAttributes(ProfileUpdate::attributes, "user"),
          new EditField<ProfileUpdate, Visibility>(
              "visibility",
              Attributes.PRIVATE,
              ProfileUpdate::visibility,
              FieldChecks::any,
              v -> List.of(PrivacyPlans.visibility(v == Visibility.PRIVATE)),
              true));

  private ProfileFields() {}
}
