package io.quickphotos.internal.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AppValue;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoEdit;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.validation.Validation;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.photo.PhotoFields;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.Versions;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.user.ProfileFields;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The declared fields of a profile update ({@link ProfileFields}) and of a photo's edit
 * ({@link PhotoFields}) against what reads them: every component of the public record is declared
 * (but the version it names and its changes of single attributes, which are not fields), and each
 * declared field, set alone through the public builder, is read back from the record by its
 * declaration, makes the edit non-empty, passes the argument checks, is written by the entity's
 * plan so that the codec reads the value back and nothing else changed, and advances the version
 * exactly when it is declared to. A field added to a record and not declared, declared and not
 * written, or written under another attribute, fails here.
 */
class EditFieldsTest {
  private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);

  private static final NewUser USER =
      new NewUser(
          "ann",
          "Ann",
          "ann@example.com",
          LocalDate.of(1980, 1, 1),
          "1 Old Road",
          UserStatus.ACTIVE,
          Map.of("team", AppValue.of("blue")),
          Visibility.PUBLIC);

  private static final NewPhoto PHOTO =
      new NewPhoto(
          "ann",
          Instant.parse("2024-06-01T09:30:00Z"),
          "https://x.example.com/p.jpg",
          "Old caption",
          Map.of("alt", AppValue.of("A pond")));

  /** A value of each profile field, other than the base user's. */
  private static final Map<String, Object> PROFILE_SAMPLES =
      Map.of(
          "name",
          "Ann Smith",
          "email",
          "ann@new.example.com",
          "birthdate",
          LocalDate.of(1990, 5, 17),
          "address",
          "2 New Street",
          "status",
          UserStatus.INACTIVE,
          "attributes",
          Map.of("team", AppValue.of("red"), "level", AppValue.of(3)),
          "visibility",
          Visibility.PRIVATE);

  /** A value of each photo field, other than the base photo's. */
  private static final Map<String, Object> PHOTO_SAMPLES =
      Map.of(
          "caption",
          "Mist",
          "attributes",
          Map.of("alt", AppValue.of("A heron"), "w", AppValue.of(4032)));

  /** One entity's edit: its fields, how to build and plan one, and how its item reads back. */
  record Entity<E>(
      Class<E> type,
      List<EditField<E, ?>> fields,
      Map<String, Object> samples,
      Supplier<Object> builder,
      Consumer<E> validation,
      Function<E, WritePlan> plan,
      Item base,
      Function<Item, Record> decode) {}

  private static Entity<ProfileUpdate> profile(List<EditField<ProfileUpdate, ?>> fields) {
    return new Entity<>(
        ProfileUpdate.class,
        fields,
        PROFILE_SAMPLES,
        ProfileUpdate::builder,
        update -> Validation.profileUpdate(update, TODAY),
        update ->
            UserPlans.updateProfile("ann", update, AttributeEdits.none(), Plans.newCallToken()),
        ItemCodec.newUser(USER),
        ItemCodec::user);
  }

  private static Entity<PhotoEdit> photo(List<EditField<PhotoEdit, ?>> fields) {
    return new Entity<>(
        PhotoEdit.class,
        fields,
        PHOTO_SAMPLES,
        PhotoEdit::builder,
        Validation::photoEdit,
        edit -> PhotoPlans.editPhoto(PHOTO.id(), edit, AttributeEdits.none()),
        ItemCodec.newPhoto(PHOTO),
        ItemCodec::photo);
  }

  @Test
  void everyFieldOfAProfileUpdateIsDeclaredAndRoundTripsThroughItsPlan() {
    assertThat(ProfileFields.ALL).hasSize(7);
    assertThat(problems(profile(ProfileFields.ALL))).isEmpty();
  }

  @Test
  void everyFieldOfAPhotoEditIsDeclaredAndRoundTripsThroughItsPlan() {
    assertThat(PhotoFields.ALL).hasSize(2);
    assertThat(problems(photo(PhotoFields.ALL))).isEmpty();
  }

  @Test
  void theCheckCatchesAFieldLeftOutMisreadOrWronglyCountOnly() {
    List<EditField<ProfileUpdate, ?>> broken = new ArrayList<>(ProfileFields.ALL);
    broken.remove(broken.size() - 1); // visibility left out
    EditField<ProfileUpdate, ?> name = broken.get(0);
    // The name read from the email's component.
    broken.set(
        0,
        new EditField<>(
            "name",
            name.attribute(),
            ProfileUpdate::email,
            (checks, v) -> {},
            v -> List.of(Plans.set(name.attribute(), v)),
            true));
    EditField<ProfileUpdate, ?> email = broken.get(1);
    // The email declared count-only, although its plan advances the version.
    broken.set(
        1,
        new EditField<>(
            "email",
            email.attribute(),
            ProfileUpdate::email,
            (checks, v) -> {},
            v -> List.of(Plans.set(email.attribute(), v)),
            false));
    assertThat(problems(profile(broken)))
        .anyMatch(p -> p.startsWith("components"))
        .anyMatch(p -> p.startsWith("name: read"))
        .anyMatch(p -> p.startsWith("email: advances"));
  }

  /** What is wrong with an entity's declared fields, one line each; empty if nothing. */
  static <E> List<String> problems(Entity<E> entity) {
    List<String> problems = new ArrayList<>();
    List<String> components =
        Arrays.stream(entity.type().getRecordComponents())
            .map(RecordComponent::getName)
            .filter(c -> !c.equals("expectedVersion") && !c.equals("changes"))
            .toList();
    List<String> declared = entity.fields().stream().map(EditField::name).toList();
    if (!components.equals(declared)) {
      problems.add("components " + components + " but declared fields " + declared);
    }
    Record before = entity.decode().apply(entity.base());
    for (EditField<E, ?> field : entity.fields()) {
      Object sample = entity.samples().get(field.name());
      if (sample == null) {
        problems.add(field.name() + ": no sample value in this test");
        continue;
      }
      problems.addAll(problems(entity, field, sample, before));
    }
    return problems;
  }

  private static <E> List<String> problems(
      Entity<E> entity, EditField<E, ?> field, Object sample, Record before) {
    List<String> problems = new ArrayList<>();
    String name = field.name();
    E edit = alone(entity, name, sample);
    if (!Optional.of(sample).equals(field.in(edit))) {
      problems.add(name + ": read as " + field.in(edit) + " from an edit that sets it alone");
    }
    for (EditField<E, ?> other : entity.fields()) {
      if (other != field && other.in(edit).isPresent()) {
        problems.add(name + ": set alone, but " + other.name() + " reads " + other.in(edit));
      }
    }
    if (!EditField.noneSet(entity.fields(), edit)) {
      try {
        entity.validation().accept(edit);
      } catch (RuntimeException e) {
        problems.add(name + ": refused by the checks: " + e.getMessage());
      }
    }
    List<UpdateAction> clauses = update(entity.plan().apply(edit)).actions();
    boolean advances = clauses.contains(Versions.advance());
    if (advances != field.advancesVersion()) {
      problems.add(
          name + ": advances the version " + advances + ", declared " + field.advancesVersion());
    }
    if (clauses.stream().noneMatch(c -> top(c).equals(field.attribute()))) {
      problems.add(name + ": no clause writes its attribute " + field.attribute());
    }
    Record after = entity.decode().apply(applied(entity.base(), clauses));
    for (EditField<E, ?> each : entity.fields()) {
      Object was = component(before, each.name());
      Object is = component(after, each.name());
      Object expected = each == field ? sample : was;
      if (!Objects.equals(is, expected)) {
        problems.add(
            name + ": after its plan, " + each.name() + " reads " + is + ", not " + expected);
      }
    }
    return problems;
  }

  /** An edit with one field set, through the public builder's setter of that name. */
  @SuppressWarnings("unchecked")
  private static <E> E alone(Entity<E> entity, String field, Object value) {
    Object builder = entity.builder().get();
    try {
      for (Method setter : builder.getClass().getMethods()) {
        if (setter.getName().equals(field)
            && setter.getParameterCount() == 1
            && setter.getParameterTypes()[0].isInstance(value)) {
          setter.invoke(builder, value);
          return (E) builder.getClass().getMethod("build").invoke(builder);
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("the builder of " + entity.type() + " has no setter " + field);
  }

  /** The one UpdateItem of a plan. */
  private static WriteAction.Update update(WritePlan plan) {
    List<WriteAction.Update> updates =
        plan.actions().stream()
            .filter(WriteAction.Update.class::isInstance)
            .map(WriteAction.Update.class::cast)
            .toList();
    assertThat(updates).hasSize(1);
    return updates.get(0);
  }

  /** The attribute a clause changes: a field's clauses change whole attributes. */
  private static String top(UpdateAction clause) {
    AttributePath path;
    if (clause instanceof UpdateAction.Set set) {
      path = set.path();
    } else if (clause instanceof UpdateAction.Remove remove) {
      path = remove.path();
    } else if (clause instanceof UpdateAction.Add add) {
      path = add.path();
    } else {
      throw new AssertionError("a field's edit has a clause of another kind: " + clause);
    }
    assertThat(path.names()).as("the path of %s", clause).hasSize(1);
    return path.top();
  }

  /** An item with an UpdateItem's clauses applied, as DynamoDB applies them. */
  private static Item applied(Item item, List<UpdateAction> clauses) {
    Map<String, Value> attributes = new HashMap<>(item.attributes());
    for (UpdateAction clause : clauses) {
      String attribute = top(clause);
      if (clause instanceof UpdateAction.Set set) {
        attributes.put(attribute, set.value());
      } else if (clause instanceof UpdateAction.Remove) {
        attributes.remove(attribute);
      } else if (clause instanceof UpdateAction.Add add) {
        long was =
            attributes.get(attribute) instanceof Value.Num n ? n.value().longValueExact() : 0;
        attributes.put(attribute, Value.Num.of(was + add.delta()));
      }
    }
    return new Item(attributes);
  }

  /** A record's component by name. */
  private static Object component(Record record, String name) {
    try {
      return record.getClass().getMethod(name).invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(record.getClass() + " has no component " + name, e);
    }
  }
}
