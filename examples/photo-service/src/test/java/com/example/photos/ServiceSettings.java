package com.example.photos;

import io.quickphotos.spring.boot.QuickPhotosProperties;
import io.quickphotos.test.QuickPhotosSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * The repository settings of application.yml, for the test kit: the tests that run without a
 * Spring context ({@code @BothBackends}, {@code @MemoryBackend}) run what production runs.
 */
final class ServiceSettings {
  private ServiceSettings() {}

  /** The fan-out, sharding and retries of application.yml, with the service's cost log. */
  static QuickPhotosSettings fromApplicationYml() {
    QuickPhotosProperties properties;
    try {
      Iterable<PropertySource<?>> yaml =
          new YamlPropertySourceLoader()
              .load("application.yml", new ClassPathResource("application.yml"));
      properties =
          new Binder(ConfigurationPropertySources.from(yaml))
              .bind("quickphotos", QuickPhotosProperties.class)
              .orElseGet(QuickPhotosProperties::new);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    QuickPhotosSettings.Builder settings = QuickPhotosSettings.builder().costListener(new CostLog());
    properties.getFanOut().toFanOut().ifPresent(settings::fanOut);
    properties.getSharding().toSharding().ifPresent(settings::sharding);
    properties.getRetry().toRetryPolicy().ifPresent(settings::retryPolicy);
    return settings.build();
  }
}
