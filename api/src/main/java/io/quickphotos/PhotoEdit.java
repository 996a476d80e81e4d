package io.quickphotos;

import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.photo.PhotoFields;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A change to a photo's caption and its application attributes ({@link QuickPhotos#editPhoto});
 * what is absent keeps its value, and the photo's id, location and reaction counters never change
 * this way. Build one with {@link #builder()}.
 *
 * <pre>{@code
 * photos.editPhoto(id, PhotoEdit.builder().set("alt", AppValue.of("A heron")).build());
 * photos.editPhoto(id, PhotoEdit.builder().add("views", 1).build()); // an atomic counter
 * photos.editPhoto(id, PhotoEdit.builder().caption("Mist").expectedVersion(read.version()).build());
 * }</pre>
 *
 * <p>The caption is replaced whole (an empty one removes it). The attributes are changed one of
 * two ways. <b>One at a time</b> ({@link #changes()}: {@link Builder#set}, {@link Builder#remove},
 * {@link Builder#append}, {@link Builder#add}): each change touches only the attribute it names,
 * where it is stored, so two writers of different attributes both land and concurrent additions
 * to one number all count; the attributes it does not name are neither read nor sent. <b>All at
 * once</b> ({@link #attributes()}): the map given replaces all of the photo's (names left out are
 * removed, an empty map removes every one), judged whole before the request. An edit does one or
 * the other. Both keep the photo within its limit ({@link NewPhoto}): see
 * {@link QuickPhotos#editPhoto} for how a change of one attribute is judged without reading the
 * others, and what that costs.
 *
 * <p>An edit may name the version of the photo it was made from ({@link Photo#version()}): it then
 * fails with {@link VersionConflictException}, writing nothing, if the photo holds another, so a
 * read, change and write back never overwrites a change made in between. Without one, the edit
 * applies to whatever the photo holds. Either way the edit advances the version as
 * {@link QuickPhotos} says (Versions).
 *
 * @param caption the new caption, if it changes; empty text removes it
 * @param attributes the attributes that replace all of the photo's, if they change
 * @param expectedVersion the version the photo must hold, if the edit names one
 * @param changes the changes of single attributes, in order; empty if none
 */
public record PhotoEdit(
    Optional<String> caption,
    Optional<Map<String, AppValue>> attributes,
    OptionalLong expectedVersion,
    List<AttributeChange> changes) {

  /**
   * Creates an edit; the attributes and changes are copied (nulls and all: the call judges
   * them).
   *
   * @param caption the new caption, if it changes
   * @param attributes the attributes that replace the photo's, if they change
   * @param expectedVersion the version the photo must hold, if any
   * @param changes the changes of single attributes
   */
  public PhotoEdit {
    if (attributes != null && attributes.isPresent()) {
      attributes = Optional.of(NewPhoto.copy(attributes.get()));
    }
    changes = AttributeChanges.copy(changes);
  }

  /**
   * An edit of the caption and all attributes that names no version.
   *
   * @param caption the new caption, if it changes
   * @param attributes the attributes that replace the photo's, if they change
   */
  public PhotoEdit(Optional<String> caption, Optional<Map<String, AppValue>> attributes) {
    this(caption, attributes, OptionalLong.empty(), List.of());
  }

  /**
   * Starts an empty edit.
   *
   * @return a builder with nothing set
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Whether nothing is set; such an edit is rejected as invalid input.
   *
   * @return true if the edit would change nothing
   */
  public boolean isEmpty() {
    return EditField.noneSet(PhotoFields.ALL, this) && (changes == null || changes.isEmpty());
  }

  /** Collects what to change. Not thread-safe; use one builder per edit. */
  public static final class Builder extends AttributeEditBuilder<Builder> {
    private String caption;
    private Map<String, AppValue> attributes;

    private Builder() {}

    @Override
    Builder self() {
      return this;
    }

    /**
     * Sets the new caption.
     *
     * @param caption at most {@value NewPhoto#MAX_CAPTION} characters; empty removes the caption
     * @return this builder
     */
    public Builder caption(String caption) {
      this.caption = caption;
      return this;
    }

    /**
     * Replaces the photo's application attributes, all of them; an edit that does this changes
     * no single attribute.
     *
     * @param attributes the new attributes, within the limits {@link NewPhoto} lists; empty
     *     removes every one
     * @return this builder
     */
    public Builder attributes(Map<String, AppValue> attributes) {
      this.attributes = attributes;
      return this;
    }

    /**
     * Builds the edit. A part set to {@code null} counts as not set.
     *
     * @return the edit
     */
    public PhotoEdit build() {
      return new PhotoEdit(
          Optional.ofNullable(caption),
          Optional.ofNullable(attributes),
          expectedVersion(),
          changes());
    }
  }
}
