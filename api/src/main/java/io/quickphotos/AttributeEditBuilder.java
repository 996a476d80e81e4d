package io.quickphotos;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the builders of a photo's edit ({@link PhotoEdit.Builder}) and of a profile's update
 * ({@link ProfileUpdate.Builder}) share: the changes of single application attributes, each
 * touching only the attribute it names (so two writers of different attributes both land), and
 * the version the change was made from. The holder is the photo or the profile being changed.
 *
 * <p>Changes are kept in the order given; the call judges them (names, sizes, the holder's
 * attribute kinds) and refuses a bad one with {@link InvalidInputException}, writing nothing. An
 * edit that sets, removes or appends advances the holder's version by one; one of additions alone
 * does not, as a reaction or a follow does not. Not thread-safe; use one builder per change.
 *
 * @param <B> the builder itself, so that every method chains
 */
public abstract sealed class AttributeEditBuilder<B extends AttributeEditBuilder<B>>
    permits PhotoEdit.Builder, ProfileUpdate.Builder {
  private final List<AttributeChange> changes = new ArrayList<>();
  private OptionalLong expectedVersion = OptionalLong.empty();

  AttributeEditBuilder() {}

  /** This builder, as its own type. */
  abstract B self();

  /**
   * Sets one attribute, whatever it held, leaving the others as they are.
   *
   * @param name the attribute (1 to 64 ASCII letters, digits, {@code _} and {@code -}, starting
   *     with a letter)
   * @param value its new value
   * @return this builder
   */
  public B set(String name, AppValue value) {
    changes.add(new AttributeChange.Set(name, Optional.empty(), value));
    return self();
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
  public B set(String name, String key, AppValue value) {
    changes.add(new AttributeChange.Set(name, Optional.ofNullable(key), value));
    return self();
  }

  /**
   * Removes one attribute; removing one the holder does not hold is no error.
   *
   * @param name the attribute
   * @return this builder
   */
  public B remove(String name) {
    changes.add(new AttributeChange.Remove(name, Optional.empty()));
    return self();
  }

  /**
   * Removes one key of a map attribute, which must exist and be a map.
   *
   * @param name the map attribute
   * @param key the key inside it
   * @return this builder
   */
  public B remove(String name, String key) {
    changes.add(new AttributeChange.Remove(name, Optional.ofNullable(key)));
    return self();
  }

  /**
   * Appends values at the end of a list attribute, which starts empty if the holder has none.
   *
   * @param name the list attribute
   * @param values the values, at least one, in order
   * @return this builder
   */
  public B append(String name, AppValue... values) {
    changes.add(
        new AttributeChange.Append(
            name, Optional.empty(), values == null ? null : Arrays.asList(values)));
    return self();
  }

  /**
   * Adds to a number attribute, which starts at zero if the holder has none: an atomic counter,
   * every concurrent addition counted. A change of additions alone does not advance the holder's
   * version.
   *
   * @param name the number attribute
   * @param amount what is added, negative to subtract
   * @return this builder
   */
  public B add(String name, long amount) {
    return add(name, BigDecimal.valueOf(amount));
  }

  /**
   * Adds to a number attribute, which starts at zero if the holder has none.
   *
   * @param name the number attribute
   * @param amount what is added: at most 38 significant digits, in DynamoDB's range
   * @return this builder
   */
  public B add(String name, BigDecimal amount) {
    changes.add(new AttributeChange.Add(name, Optional.empty(), amount));
    return self();
  }

  /**
   * Names the version the change was made from: it then applies only if the holder still holds
   * that version ({@link Photo#version()}, {@link User#version()} as read), and fails with
   * {@link VersionConflictException}, writing nothing, otherwise.
   *
   * @param version the version as read; 0 or more
   * @return this builder
   */
  public B expectedVersion(long version) {
    this.expectedVersion = OptionalLong.of(version);
    return self();
  }

  /** The changes collected, in order, as an unmodifiable copy. */
  final List<AttributeChange> changes() {
    return List.copyOf(changes);
  }

  /** The version named, if any. */
  final OptionalLong expectedVersion() {
    return expectedVersion;
  }
}
