package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quickphotos.AppValue;
import io.quickphotos.Page;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.ClassUtils;

/**
 * The starter's Jackson 2 module (Boot 3.5's JSON): every kind of {@link AppValue} written as its
 * plain JSON value and read back equal (numbers with all their digits, also inside a record), a
 * page's cursor a string; and the module of each Jackson present registered as a bean for Boot to
 * add to its mapper. {@link QuickPhotosJackson3Test} does the same on Jackson 3.
 */
class QuickPhotosJacksonTest {
  /** 38 significant digits, DynamoDB's most; a double keeps about 17. */
  static final BigDecimal PRECISE = new BigDecimal("12345678901234567890.123456789012345678");

  static final AppValue EVERY_KIND =
      AppValue.map(
          mapOf(
              "text", AppValue.of("née \"quoted\""),
              "int", AppValue.of(42),
              "precise", AppValue.of(PRECISE),
              "small", AppValue.of(new BigDecimal("-0.000000000000000000000000000001")),
              "large", AppValue.of(new BigDecimal("1E+100")),
              "yes", AppValue.of(true),
              "no", AppValue.of(false),
              "list", AppValue.list(AppValue.of("a"), AppValue.of(1), AppValue.list()),
              "map", AppValue.map(mapOf("nested", AppValue.map(Map.of())))));

  private static Map<String, AppValue> mapOf(Object... keysAndValues) {
    Map<String, AppValue> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], (AppValue) keysAndValues[i + 1]);
    }
    return map;
  }

  /** What an application's request or response might hold. */
  record Profile(String username, Map<String, AppValue> attributes, AppValue.Num score) {}

  private final ObjectMapper jackson2 =
      new ObjectMapper().registerModule(new QuickPhotosJackson2Module());

  @Test
  void jackson2WritesPlainValuesAndReadsThemBackExactly() throws Exception {
    String json = jackson2.writeValueAsString(EVERY_KIND);

    assertThat(json)
        .startsWith("{\"text\":\"née \\\"quoted\\\"\",\"int\":42,")
        .contains("\"precise\":12345678901234567890.123456789012345678")
        .doesNotContain("\"value\"");
    assertThat(jackson2.readValue(json, AppValue.class)).isEqualTo(EVERY_KIND);
    Profile profile =
        new Profile("ann", ((AppValue.MapOf) EVERY_KIND).values(), AppValue.of(PRECISE));
    assertThat(jackson2.readValue(jackson2.writeValueAsString(profile), Profile.class))
        .isEqualTo(profile);
    assertThatThrownBy(() -> jackson2.readValue("\"seven\"", AppValue.Num.class))
        .hasMessageContaining("Num");
  }

  @Test
  void aPagesCursorIsAString() throws Exception {
    Page<String> next = new Page<>(List.of("a", "b"), Optional.of("eyJrIjoxfQ"));
    Page<String> last = new Page<>(List.of(), Optional.empty());

    assertThat(jackson2.writeValueAsString(next))
        .isEqualTo("{\"items\":[\"a\",\"b\"],\"nextCursor\":\"eyJrIjoxfQ\"}");
    assertThat(jackson2.writeValueAsString(last)).isEqualTo("{\"items\":[],\"nextCursor\":null}");
  }

  @Test
  void aPageIsReadBackWithItsItemsType() throws Exception {
    Page<Profile> page =
        new Page<>(
            List.of(new Profile("ann", Map.of("k", AppValue.of(PRECISE)), AppValue.of(1))),
            Optional.of("eyJrIjoxfQ"));
    String json = jackson2.writeValueAsString(page);

    Page<Profile> read = jackson2.readValue(json, new TypeReference<Page<Profile>>() {});
    assertThat(read).isEqualTo(page);
    assertThat(read.items().get(0)).isInstanceOf(Profile.class);
    assertThat(
            jackson2.readValue(
                "{\"items\":[],\"nextCursor\":null,\"later\":{\"x\":[1]}}",
                new TypeReference<Page<Profile>>() {}))
        .as("the last page; a field of a later version skipped")
        .isEqualTo(new Page<Profile>(List.of(), Optional.empty()));
    // A response record that holds a page, as a client of the API reads it.
    record Feed(String owner, Page<Profile> page) {}
    Feed feed = new Feed("ann", page);
    assertThat(jackson2.readValue(jackson2.writeValueAsString(feed), Feed.class)).isEqualTo(feed);
  }

  @Test
  void theStarterRegistersTheModuleOfEachJacksonPresent() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(QuickPhotosAutoConfiguration.class))
        .withPropertyValues("quickphotos.backend=memory")
        .run(
            context -> {
              assertThat(context).hasSingleBean(QuickPhotosJackson2Module.class);
              assertThat(context.getBeansOfType(com.fasterxml.jackson.databind.Module.class))
                  .hasSize(1);
              // Jackson 3 on Boot 4's class path; not on Boot 3.5's, and then no module for it.
              boolean jackson3 =
                  ClassUtils.isPresent("tools.jackson.databind.JacksonModule", null)
                      && "4".equals(System.getProperty("quickphotos.expectedSpringBoot"));
              // By name: the class of the Jackson 3 module cannot be loaded without Jackson 3.
              assertThat(context.containsBean("quickPhotosJacksonModule")).isEqualTo(jackson3);
            });
  }
}
