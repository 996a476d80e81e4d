package io.quickphotos;

import java.util.Map;
import java.util.Optional;

/**
 * A change to a photo's caption, its application attributes or both
 * ({@link QuickPhotos#editPhoto}); what is absent keeps its value, and the photo's id, location
 * and reaction counters never change this way. Build one with {@link #builder()}.
 *
 * <p>Each part replaces what the photo holds, whole: a caption replaces the caption (an empty one
 * removes it), attributes replace all of the photo's attributes (names left out are removed, an
 * empty map removes every one). Replacing, not merging, is what lets the call judge the photo's
 * size before its request: each part has its own limit ({@link NewPhoto}), and together with the
 * layout's own attributes they stay under DynamoDB's 400 KB whatever the photo held before. To
 * change one attribute, pass the map read from {@link Photo#attributes()} with that one changed.
 *
 * @param caption the new caption, if it changes; empty text removes it
 * @param attributes the attributes that replace all of the photo's, if they change
 */
public record PhotoEdit(Optional<String> caption, Optional<Map<String, AppValue>> attributes) {

  /**
   * Creates an edit; the attributes are copied (nulls and all: the call judges them).
   *
   * @param caption the new caption, if it changes
   * @param attributes the attributes that replace the photo's, if they change
   */
  public PhotoEdit {
    if (attributes != null && attributes.isPresent()) {
      attributes = Optional.of(NewPhoto.copy(attributes.get()));
    }
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
    return caption.isEmpty() && attributes.isEmpty();
  }

  /** Collects what to change. Not thread-safe; use one builder per edit. */
  public static final class Builder {
    private String caption;
    private Map<String, AppValue> attributes;

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
     * Replaces the photo's application attributes, all of them.
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
      return new PhotoEdit(Optional.ofNullable(caption), Optional.ofNullable(attributes));
    }
  }
}
