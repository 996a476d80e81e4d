package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AppValue;
import io.quickphotos.Page;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The starter's Jackson 3 module (Boot 4's JSON): every kind of {@link AppValue} written as its
 * plain JSON value and read back equal (numbers with all their digits, also inside a record), and
 * a page's cursor a string. Not compiled for Boot 3.5 (spring-boot-starter-boot3), which has no
 * Jackson 3.
 */
class QuickPhotosJackson3Test {
  private static final BigDecimal PRECISE = QuickPhotosJacksonTest.PRECISE;
  private static final AppValue EVERY_KIND = QuickPhotosJacksonTest.EVERY_KIND;

  /** What an application's request or response might hold. */
  record Profile(String username, Map<String, AppValue> attributes, AppValue.Num score) {}

  private final JsonMapper jackson3 =
      JsonMapper.builder().addModule(new QuickPhotosJacksonModule()).build();

  @Test
  void jackson3WritesPlainValuesAndReadsThemBackExactly() {
    String json = jackson3.writeValueAsString(EVERY_KIND);

    assertThat(json)
        .startsWith("{\"text\":\"née \\\"quoted\\\"\",\"int\":42,")
        .contains("\"precise\":12345678901234567890.123456789012345678")
        .contains("\"yes\":true")
        .contains("\"list\":[\"a\",1,[]]")
        .doesNotContain("\"value\"");
    assertThat(jackson3.readValue(json, AppValue.class)).isEqualTo(EVERY_KIND);
    Profile profile =
        new Profile("ann", ((AppValue.MapOf) EVERY_KIND).values(), AppValue.of(PRECISE));
    assertThat(jackson3.readValue(jackson3.writeValueAsString(profile), Profile.class))
        .isEqualTo(profile);
    assertThat(jackson3.readValue("7", AppValue.class)).isEqualTo(AppValue.of(7));
    assertThatThrownBy(() -> jackson3.readValue("\"seven\"", AppValue.Num.class))
        .hasMessageContaining("Num");
  }

  @Test
  void aPagesCursorIsAString() throws Exception {
    Page<String> next = new Page<>(List.of("a", "b"), Optional.of("eyJrIjoxfQ"));
    Page<String> last = new Page<>(List.of(), Optional.empty());

    assertThat(jackson3.writeValueAsString(next))
        .isEqualTo("{\"items\":[\"a\",\"b\"],\"nextCursor\":\"eyJrIjoxfQ\"}");
    assertThat(jackson3.writeValueAsString(last)).isEqualTo("{\"items\":[],\"nextCursor\":null}");
  }

  @Test
  void aPageIsReadBackWithItsItemsType() throws Exception {
    Page<Profile> page =
        new Page<>(
            List.of(new Profile("ann", Map.of("k", AppValue.of(PRECISE)), AppValue.of(1))),
            Optional.of("eyJrIjoxfQ"));
    String json = jackson3.writeValueAsString(page);

    Page<Profile> read = jackson3.readValue(json, new TypeReference<Page<Profile>>() {});
    assertThat(read).isEqualTo(page);
    assertThat(read.items().get(0)).isInstanceOf(Profile.class);
    assertThat(
            jackson3.readValue(
                "{\"items\":[],\"nextCursor\":null,\"later\":{\"x\":[1]}}",
                new TypeReference<Page<Profile>>() {}))
        .as("the last page; a field of a later version skipped")
        .isEqualTo(new Page<Profile>(List.of(), Optional.empty()));
    // A response record that holds a page, as a client of the API reads it.
    record Feed(String owner, Page<Profile> page) {}
    Feed feed = new Feed("ann", page);
    assertThat(jackson3.readValue(jackson3.writeValueAsString(feed), Feed.class)).isEqualTo(feed);
  }
}
