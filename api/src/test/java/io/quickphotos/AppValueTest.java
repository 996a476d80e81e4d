package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The values of the application's attributes and the records that carry them. */
class AppValueTest {
  private static final PhotoId ID = new PhotoId("ann", Instant.parse("2024-06-01T09:30:00Z"));

  @Test
  void numbersAreEqualWhenNumericallyEqual() {
    assertThat(AppValue.of(new BigDecimal("160.00"))).isEqualTo(AppValue.of(160));
    assertThat(AppValue.of(new BigDecimal("1E+3"))).isEqualTo(AppValue.of(1000));
    assertThat(AppValue.of(new BigDecimal("0.000"))).isEqualTo(AppValue.of(0));
    assertThat(AppValue.of(new BigDecimal("160.00")).hashCode())
        .isEqualTo(AppValue.of(160).hashCode());
    assertThat(AppValue.of(new BigDecimal("1.5")))
        .isNotEqualTo(AppValue.of(new BigDecimal("1.50001")));
  }

  @Test
  void listsAndMapsAreImmutableCopiesThatKeepNullsForTheCallToName() {
    List<AppValue> elements = new ArrayList<>(List.of(AppValue.of("a")));
    AppValue.ListOf list = AppValue.list(elements);
    elements.add(AppValue.of("b"));
    assertThat(list.values()).containsExactly(AppValue.of("a"));
    assertThatThrownBy(() -> list.values().add(AppValue.of("c")))
        .isInstanceOf(UnsupportedOperationException.class);

    Map<String, AppValue> entries = new HashMap<>();
    entries.put("k", null);
    AppValue.MapOf map = AppValue.map(entries);
    entries.put("other", AppValue.of(1));
    assertThat(map.values()).containsOnlyKeys("k");
    assertThat(AppValue.list((AppValue) null).values()).containsExactly((AppValue) null);
    assertThat(AppValue.of((String) null).value()).isNull();
  }

  @Test
  void returnedRecordsSortTheirAttributesAndRefuseNulls() {
    Map<String, AppValue> attributes = new LinkedHashMap<>();
    attributes.put("z", AppValue.of(1));
    attributes.put("a", AppValue.of(true));
    Photo photo = new Photo(ID, "https://x.example.com/p.jpg", Map.of(), "", attributes);
    assertThat(photo.attributes().keySet()).containsExactly("a", "z");
    assertThat(new Photo(ID, "https://x.example.com/p.jpg", Map.of()))
        .isEqualTo(new Photo(ID, "https://x.example.com/p.jpg", Map.of(), "", Map.of()));
    Map<String, AppValue> withNull = new HashMap<>();
    withNull.put("a", null);
    assertThatThrownBy(() -> new Photo(ID, "u", Map.of(), "", withNull))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new Photo(ID, "u", Map.of(), null, Map.of()))
        .isInstanceOf(NullPointerException.class);
    User user =
        new User("ann", "Ann", "a@x.io", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE, 0, 0);
    assertThat(user.attributes()).isEmpty();
  }

  @Test
  void inputRecordsDefaultToNoneAndTellWhetherTheyChangeAnything() {
    NewPhoto photo = new NewPhoto("ann", ID.timestamp(), "https://x.example.com/p.jpg");
    assertThat(photo.caption()).isEmpty();
    assertThat(photo.attributes()).isEmpty();
    assertThat(photo.id()).isEqualTo(ID);
    NewUser user =
        new NewUser("ann", "Ann", "a@x.io", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
    assertThat(user.attributes()).isEmpty();

    assertThat(PhotoEdit.builder().build().isEmpty()).isTrue();
    assertThat(PhotoEdit.builder().caption("").build().isEmpty()).isFalse();
    assertThat(PhotoEdit.builder().attributes(Map.of()).build().attributes()).contains(Map.of());
    assertThat(ProfileUpdate.builder().attributes(Map.of()).build().isEmpty()).isFalse();
    assertThat(
            new ProfileUpdate(
                    Optional.of("Ann"),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty())
                .attributes())
        .isEmpty();
  }
}
