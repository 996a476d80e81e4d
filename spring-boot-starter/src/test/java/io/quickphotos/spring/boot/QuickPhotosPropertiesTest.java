package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The properties as an IDE and a bare number see them: every default in the configuration
 * metadata, and a duration given as a bare number read in the property's own unit.
 */
class QuickPhotosPropertiesTest {

  @Test
  void everyPropertyHasItsDefaultInTheMetadataButTheSdksOwn() throws Exception {
    JsonNode metadata;
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      metadata = new ObjectMapper().readTree(in);
    }
    List<String> without = new ArrayList<>();
    for (JsonNode property : metadata.get("properties")) {
      if (!property.has("defaultValue")) {
        without.add(property.get("name").asText());
      }
    }
    // The endpoint's and region's defaults are the AWS SDK's (AWS's endpoint, its region chain).
    assertThat(without)
        .containsExactlyInAnyOrder("quickphotos.dynamodb.endpoint", "quickphotos.dynamodb.region");
  }

  @Test
  void aBareNumberIsReadInThePropertysUnit() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(QuickPhotosAutoConfiguration.class))
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.problem-details.retry-after=5",
            "quickphotos.fan-out.mode=hybrid",
            "quickphotos.fan-out.window=7",
            "quickphotos.hot-read-staleness=2",
            "quickphotos.health.interval=30",
            "quickphotos.health.slow-threshold=250",
            "quickphotos.retry.base-delay=20",
            "quickphotos.retry.max-delay=2000",
            "quickphotos.change-feed.interval=200")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              QuickPhotosProperties properties = context.getBean(QuickPhotosProperties.class);
              assertThat(properties.getProblemDetails().getRetryAfter())
                  .isEqualTo(Duration.ofSeconds(5));
              assertThat(properties.getFanOut().getWindow()).isEqualTo(Duration.ofDays(7));
              assertThat(properties.getHotReadStaleness()).isEqualTo(Duration.ofSeconds(2));
              assertThat(properties.getHealth().getInterval()).isEqualTo(Duration.ofSeconds(30));
              assertThat(properties.getHealth().getSlowThreshold())
                  .isEqualTo(Duration.ofMillis(250));
              assertThat(properties.getRetry().getBaseDelay()).isEqualTo(Duration.ofMillis(20));
              assertThat(properties.getRetry().getMaxDelay()).isEqualTo(Duration.ofSeconds(2));
              assertThat(properties.getChangeFeed().getInterval())
                  .isEqualTo(Duration.ofMillis(200));
            });
  }
}
