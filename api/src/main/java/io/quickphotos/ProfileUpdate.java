package io.quickphotos;

import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.user.ProfileFields;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A change to some profile fields of an existing user; absent fields keep their value. The
 * username and the follow counters cannot be changed this way. Build one with {@link #builder()}.
 *
 * <p>The application's attributes are changed one at a time ({@link #changes()}:
 * {@link Builder#set}, {@link Builder#remove}, {@link Builder#append}, {@link Builder#add}, each
 * touching only the attribute it names, so two writers of different attributes both land) or all
 * at once ({@link #attributes()}, replacing every one); an update does one or the other, as
 * {@link PhotoEdit} says.
 *
 * <p>An update may name the version of the profile it was made from ({@link User#version()}): it
 * then fails with {@link VersionConflictException}, writing nothing, if the profile holds
 * another. Either way the update advances the version as {@link QuickPhotos} says (Versions).
 *
 * @param name the new display name, if it changes
 * @param email the new contact address, if it changes
 * @param birthdate the new date of birth, if it changes
 * @param address the new postal address, if it changes
 * @param status the new status, if it changes
 * @param attributes the application's attributes that replace all of the profile's, if they
 *     change (an empty map removes them all)
 * @param visibility whether the account becomes public or private, if it changes
 *     ({@code docs/privacy.md})
 * @param expectedVersion the version the profile must hold, if the update names one
 * @param changes the changes of single attributes, in order; empty if none
 */
public record ProfileUpdate(
    Optional<String> name,
    Optional<String> email,
    Optional<LocalDate> birthdate,
    Optional<String> address,
    Optional<UserStatus> status,
    Optional<Map<String, AppValue>> attributes,
    Optional<Visibility> visibility,
    OptionalLong expectedVersion,
    List<AttributeChange> changes) {

  /**
   * Creates an update; the attributes are copied (nulls and all: the call judges them).
   *
   * @param name the new display name, if it changes
   * @param email the new contact address, if it changes
   * @param birthdate the new date of birth, if it changes
   * @param address the new postal address, if it changes
   * @param status the new status, if it changes
   * @param attributes the attributes that replace the profile's, if they change
   * @param visibility public or private, if it changes
   * @param expectedVersion the version the profile must hold, if any
   * @param changes the changes of single attributes
   */
  public ProfileUpdate {
    if (attributes != null && attributes.isPresent()) {
      attributes = Optional.ofNullable(NewPhoto.copy(attributes.get()));
    }
    changes = AttributeChanges.copy(changes);
  }

  /**
   * An update that leaves the visibility as it is and names no version.
   *
   * @param name the new display name, if it changes
   * @param email the new contact address, if it changes
   * @param birthdate the new date of birth, if it changes
   * @param address the new postal address, if it changes
   * @param status the new status, if it changes
   * @param attributes the attributes that replace the profile's, if they change
   */
  public ProfileUpdate(
      Optional<String> name,
      Optional<String> email,
      Optional<LocalDate> birthdate,
      Optional<String> address,
      Optional<UserStatus> status,
      Optional<Map<String, AppValue>> attributes) {
    this(
        name,
        email,
        birthdate,
        address,
        status,
        attributes,
        Optional.empty(),
        OptionalLong.empty(),
        List.of());
  }

  /**
   * An update of the fixed fields alone, as updates were before profiles had attributes.
   *
   * @param name the new display name, if it changes
   * @param email the new contact address, if it changes
   * @param birthdate the new date of birth, if it changes
   * @param address the new postal address, if it changes
   * @param status the new status, if it changes
   */
  public ProfileUpdate(
      Optional<String> name,
      Optional<String> email,
      Optional<LocalDate> birthdate,
      Optional<String> address,
      Optional<UserStatus> status) {
    this(name, email, birthdate, address, status, Optional.empty());
  }

  /**
   * Starts an empty update.
   *
   * @return a builder with no field set
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Whether no field is set; such an update is rejected as invalid input.
   *
   * @return true if the update would change nothing
   */
  public boolean isEmpty() {
    return EditField.noneSet(ProfileFields.ALL, this) && (changes == null || changes.isEmpty());
  }

  /** Collects the fields to change. Not thread-safe; use one builder per update. */
  public static final class Builder extends AttributeEditBuilder<Builder> {
    private String name;
    private String email;
    private LocalDate birthdate;
    private String address;
    private UserStatus status;
    private Map<String, AppValue> attributes;
    private Visibility visibility;

    private Builder() {}

    @Override
    Builder self() {
      return this;
    }

    /**
     * Sets the new display name.
     *
     * @param name 1 to 256 characters
     * @return this builder
     */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /**
     * Sets the new contact address.
     *
     * @param email 3 to 254 characters with an {@code @}
     * @return this builder
     */
    public Builder email(String email) {
      this.email = email;
      return this;
    }

    /**
     * Sets the new date of birth.
     *
     * @param birthdate between year 1 and 9999
     * @return this builder
     */
    public Builder birthdate(LocalDate birthdate) {
      this.birthdate = birthdate;
      return this;
    }

    /**
     * Sets the new postal address.
     *
     * @param address at most 1024 characters; may be empty
     * @return this builder
     */
    public Builder address(String address) {
      this.address = address;
      return this;
    }

    /**
     * Sets the new status.
     *
     * @param status whether the account is in use
     * @return this builder
     */
    public Builder status(UserStatus status) {
      this.status = status;
      return this;
    }

    /**
     * Replaces the profile's application attributes, all of them: names left out are removed,
     * and an empty map removes every one. To change one attribute and leave the others, use
     * {@link #set}, {@link #remove}, {@link #append} or {@link #add} instead; an update does one
     * or the other.
     *
     * @param attributes the new attributes, within the limits {@link NewUser} lists
     * @return this builder
     */
    public Builder attributes(Map<String, AppValue> attributes) {
      this.attributes = attributes;
      return this;
    }

    /**
     * Makes the account public or private. Going private keeps the followers it has; going
     * public approves every pending request ({@link QuickPhotos#updateProfile} says how).
     *
     * @param visibility the new visibility
     * @return this builder
     */
    public Builder visibility(Visibility visibility) {
      this.visibility = visibility;
      return this;
    }

    /**
     * Builds the update. A field set to {@code null} counts as not set.
     *
     * @return the update
     */
    public ProfileUpdate build() {
      return new ProfileUpdate(
          Optional.ofNullable(name),
          Optional.ofNullable(email),
          Optional.ofNullable(birthdate),
          Optional.ofNullable(address),
          Optional.ofNullable(status),
          Optional.ofNullable(attributes),
          Optional.ofNullable(visibility),
          expectedVersion(),
          changes());
    }
  }
}
