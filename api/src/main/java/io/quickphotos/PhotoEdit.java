package io.quickphotos;

import java.math.BigDecimal;
import java.util.Arrays;
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
 * applies to whatever the photo holds. Either way an edit of the caption or the attributes
 * advances the version by one.
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
    return caption.isEmpty() && attributes.isEmpty() && (changes == null || changes.isEmpty());
  }

  /** Collects what to change. Not thread-safe; use one builder per edit. */
  public static final class Builder {
    private String caption;
    private Map<String, AppValue> attributes;
    private OptionalLong expectedVersion = OptionalLong.empty();
    private final AttributeChanges changes = new AttributeChanges();

    private Builder() {}

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
     * Sets one attribute, whatever it held, leaving the others as they are.
     *
     * @param name the attribute (1 to 64 ASCII letters, digits, {@code _} and {@code -},
     *     starting with a letter)
     * @param value its new value
     * @return this builder
     */
    public Builder set(String name, AppValue value) {
      changes.set(name, Optional.empty(), value);
      return this;
    }

    /**
     * Sets one key of a map attribute, which must exist and be a map, leaving its other keys and
     * the other attributes as they are.
     *
     * @param name the map attribute
     * @param key the key inside it (1 to 255 characters)
     * @param value the key's new value
     * @return this builder
     */
    public Builder set(String name, String key, AppValue value) {
      changes.set(name, Optional.ofNullable(key), value);
      return this;
    }

    /**
     * Removes one attribute; removing one the photo does not hold is no error.
     *
     * @param name the attribute
     * @return this builder
     */
    public Builder remove(String name) {
      changes.remove(name, Optional.empty());
      return this;
    }

    /**
     * Removes one key of a map attribute, which must exist and be a map.
     *
     * @param name the map attribute
     * @param key the key inside it
     * @return this builder
     */
    public Builder remove(String name, String key) {
      changes.remove(name, Optional.ofNullable(key));
      return this;
    }

    /**
     * Appends values at the end of a list attribute, which starts empty if the photo has none.
     *
     * @param name the list attribute
     * @param values the values, at least one, in order
     * @return this builder
     */
    public Builder append(String name, AppValue... values) {
      changes.append(name, values == null ? null : Arrays.asList(values));
      return this;
    }

    /**
     * Adds to a number attribute, which starts at zero if the photo has none: an atomic counter,
     * every concurrent addition counted. An edit of additions alone does not advance the photo's
     * version, as a reaction does not.
     *
     * @param name the number attribute
     * @param amount what is added, negative to subtract
     * @return this builder
     */
    public Builder add(String name, long amount) {
      changes.add(name, BigDecimal.valueOf(amount));
      return this;
    }

    /**
     * Adds to a number attribute, which starts at zero if the photo has none.
     *
     * @param name the number attribute
     * @param amount what is added: at most 38 significant digits, in DynamoDB's range
     * @return this builder
     */
    public Builder add(String name, BigDecimal amount) {
      changes.add(name, amount);
      return this;
    }

    /**
     * Names the version the edit was made from: the edit then applies only if the photo still
     * holds it, and fails with {@link VersionConflictException} otherwise.
     *
     * @param version the photo's {@link Photo#version()} as read; 0 or more
     * @return this builder
     */
    public Builder expectedVersion(long version) {
      this.expectedVersion = OptionalLong.of(version);
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
          expectedVersion,
          changes.list());
    }
  }
}
