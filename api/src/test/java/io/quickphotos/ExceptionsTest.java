package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What the exceptions say: each kind set by its type's constructor. {@link ErrorDocsTest} asks
 * every class its kind.
 */
class ExceptionsTest {
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
}
