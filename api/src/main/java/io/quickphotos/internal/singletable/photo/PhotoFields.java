package io.quickphotos.internal.singletable.photo;

import io.quickphotos.PhotoEdit;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.edit.FieldChecks;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.plan.Plans;
import java.util.List;

/**
 * The fields of a photo's edit ({@link PhotoEdit}), declared once: its emptiness check, the
 * argument checks, {@link PhotoPlans#editPhoto}'s clauses and its version rule read this list. A
 * new field of the edit is a component of the record, its builder's setter, and an entry here;
 * {@code EditFieldsTest} fails on a component without an entry. Thread-safe.
 */
public final class PhotoFields {
  /**
   * Every field, in the order the checks judge them and the UpdateItem's clauses are written. An
   * item holds no empty caption and no empty map, so an empty caption is a REMOVE, and so is an
   * empty set of attributes, whose exact size is the bound of single-attribute edits
   * ({@link AttributeEdits#exactBound}).
   */
  public static final List<EditField<PhotoEdit, ?>> ALL =
      List.of(
          new EditField<PhotoEdit, String>(
              "caption",
              Attributes.CAPTION,
              PhotoEdit::caption,
              FieldChecks::caption,
              v ->
                  List.of(
                      v.isEmpty()
                          ? new UpdateAction.Remove(AttributePath.of(Attributes.CAPTION))
                          : Plans.set(Attributes.CAPTION, v)),
              true),
          EditField.appAttributes(PhotoEdit::attributes, "photo"));

  private PhotoFields() {}
}
