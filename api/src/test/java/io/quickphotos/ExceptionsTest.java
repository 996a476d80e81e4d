package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the exceptions say: each kind set by its type's constructor, the factories' messages and
 * identifiers, and the same after serialization. {@link ErrorDocsTest} asks every class its kind.
 */
class ExceptionsTest {
  private static final PhotoId PHOTO = new PhotoId("ann", Instant.parse("2024-05-01T12:00:00Z"));

  /** The identifiers of {@link #PHOTO}, as {@link QuickPhotosException#identifiers()} names them. */
  private static Map<String, String> photo() {
    Map<String, String> named = new LinkedHashMap<>();
    named.put("photoOwner", "ann");
    named.put("photoTimestamp", "2024-05-01T12:00:00Z");
    return named;
  }

  private static Map<String, String> reaction(String type) {
    Map<String, String> named = new LinkedHashMap<>();
    named.put("reactor", "bob");
    named.putAll(photo());
    named.put("reactionType", type);
    return named;
  }

  @Test
  void aClassOfAnotherLibrarysMakingIsOfTheKindOfTheTypeItIsBeneath() {
    assertThat(new QuickPhotosException("m") {}.kind())
        .isEqualTo(QuickPhotosException.Kind.INTERNAL);
    assertThat(new InvalidInputException("m") {}.kind())
        .isEqualTo(QuickPhotosException.Kind.INVALID_INPUT);
    assertThat(new NotFoundException("m") {}.kind()).isEqualTo(QuickPhotosException.Kind.NOT_FOUND);
    assertThat(new ConflictException("m", new RuntimeException()) {}.kind())
        .isEqualTo(QuickPhotosException.Kind.CONFLICT);
    assertThat(new ServiceUnavailableException("m") {}.kind())
        .isEqualTo(QuickPhotosException.Kind.UNAVAILABLE);
    assertThat(new TableConfigurationException("m") {}.kind())
        .isEqualTo(QuickPhotosException.Kind.MISCONFIGURED);
    assertThat(new NotFoundException("m") {}.identifiers()).isEmpty();
  }

  @Test
  void eachFactoryWritesItsMessageAndIdentifiers() {
    UserNotFoundException userMissing = UserNotFoundException.of("ann");
    assertThat(userMissing).hasMessage("user ann does not exist");
    assertThat(userMissing.username()).isEqualTo("ann");
    assertThat(userMissing.identifiers()).containsExactly(Map.entry("username", "ann"));

    UserAlreadyExistsException userTaken = UserAlreadyExistsException.of("ann");
    assertThat(userTaken).hasMessage("user ann already exists");
    assertThat(userTaken.username()).isEqualTo("ann");
    assertThat(userTaken.identifiers()).containsExactly(Map.entry("username", "ann"));

    PhotoNotFoundException photoMissing = PhotoNotFoundException.of(PHOTO);
    assertThat(photoMissing).hasMessage("photo ann@2024-05-01T12:00:00Z does not exist");
    assertThat(photoMissing.photo()).isEqualTo(PHOTO);
    assertThat(photoMissing.identifiers()).containsExactlyEntriesOf(photo());

    PhotoAlreadyExistsException photoTaken = PhotoAlreadyExistsException.of(PHOTO);
    assertThat(photoTaken).hasMessage("photo ann@2024-05-01T12:00:00Z already exists");
    assertThat(photoTaken.photo()).isEqualTo(PHOTO);
    assertThat(photoTaken.identifiers()).containsExactlyEntriesOf(photo());

    NotFollowingException notFollowing = NotFollowingException.of("bob", "ann");
    assertThat(notFollowing).hasMessage("bob does not follow ann");
    assertThat(List.of(notFollowing.follower(), notFollowing.followed()))
        .containsExactly("bob", "ann");
    assertThat(notFollowing.identifiers())
        .containsExactly(Map.entry("follower", "bob"), Map.entry("followed", "ann"));

    AlreadyFollowingException following = AlreadyFollowingException.of("bob", "ann");
    assertThat(following).hasMessage("bob already follows ann");
    assertThat(List.of(following.follower(), following.followed())).containsExactly("bob", "ann");
    assertThat(following.identifiers())
        .containsExactly(Map.entry("follower", "bob"), Map.entry("followed", "ann"));

    ReactionNotFoundException noReaction =
        ReactionNotFoundException.of("bob", PHOTO, ReactionType.SMILEY);
    assertThat(noReaction)
        .hasMessage("bob has no smiley reaction on photo ann@2024-05-01T12:00:00Z");
    assertThat(List.of(noReaction.reactor(), noReaction.photo(), noReaction.type()))
        .containsExactly("bob", PHOTO, ReactionType.SMILEY);
    assertThat(noReaction.identifiers()).containsExactlyEntriesOf(reaction("smiley"));

    AlreadyReactedException reacted = AlreadyReactedException.of("bob", PHOTO, ReactionType.HEART);
    assertThat(reacted).hasMessage("bob already reacted heart to photo ann@2024-05-01T12:00:00Z");
    assertThat(List.of(reacted.reactor(), reacted.photo(), reacted.type()))
        .containsExactly("bob", PHOTO, ReactionType.HEART);
    assertThat(reacted.identifiers()).containsExactlyEntriesOf(reaction("heart"));
  }

  /** The repository sets the cause of a failed condition after the plan's factory built it. */
  @Test
  void aFactoryLeavesTheCauseToBeSet() {
    RuntimeException cause = new RuntimeException("ConditionalCheckFailed");
    assertThat(AlreadyFollowingException.of("bob", "ann").initCause(cause)).hasCause(cause);
    assertThat(UserNotFoundException.of("ann").getCause()).isNull();
  }

  @Test
  void theFactoriesRefuseAMissingIdentifier() {
    assertThatNullPointerException().isThrownBy(() -> UserNotFoundException.of(null));
    assertThatNullPointerException().isThrownBy(() -> PhotoAlreadyExistsException.of(null));
    assertThatNullPointerException().isThrownBy(() -> NotFollowingException.of("bob", null));
    assertThatNullPointerException()
        .isThrownBy(() -> AlreadyReactedException.of(null, PHOTO, ReactionType.HEART));
  }

  @Test
  void kindIdentifiersAndCauseSurviveSerialization() throws Exception {
    RuntimeException cause = new RuntimeException("underneath");
    List<QuickPhotosException> each =
        List.of(
            new QuickPhotosException("internal", cause),
            new InvalidCursorException("bad cursor"),
            ReactionNotFoundException.of("bob", PHOTO, ReactionType.SMILEY),
            (QuickPhotosException) PhotoAlreadyExistsException.of(PHOTO).initCause(cause),
            new ServiceUnavailableException(
                "throttled",
                ServiceUnavailableException.Reason.THROTTLED,
                ServiceUnavailableException.Written.PARTLY,
                cause),
            new TableConfigurationException("no table"));
    for (QuickPhotosException e : each) {
      QuickPhotosException copy = roundTrip(e);
      assertThat(copy).isExactlyInstanceOf(e.getClass()).hasMessage(e.getMessage());
      assertThat(copy.kind()).isEqualTo(e.kind());
      assertThat(copy.identifiers()).containsExactlyEntriesOf(e.identifiers());
      assertThat(copy.getCause() == null).isEqualTo(e.getCause() == null);
    }
    ReactionNotFoundException reaction = (ReactionNotFoundException) roundTrip(each.get(2));
    assertThat(reaction.photo()).isEqualTo(PHOTO);
    assertThat(reaction.type()).isEqualTo(ReactionType.SMILEY);
    ServiceUnavailableException unavailable = (ServiceUnavailableException) roundTrip(each.get(4));
    assertThat(unavailable.written()).isEqualTo(ServiceUnavailableException.Written.PARTLY);
  }

  private static QuickPhotosException roundTrip(QuickPhotosException e)
      throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(e);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (QuickPhotosException) in.readObject();
    }
  }
}
