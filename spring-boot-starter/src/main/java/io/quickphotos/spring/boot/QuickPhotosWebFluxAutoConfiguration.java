package io.quickphotos.spring.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;

/**
 * What a Spring WebFlux application's controllers get: a {@code PageRequest} parameter resolved
 * from {@code cursor} and {@code size} ({@link ReactivePageRequestArgumentResolver}). Boot's
 * {@code @WebFluxTest} includes it, so a controller's slice test resolves pages as the
 * application does.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(WebFluxConfigurer.class)
public class QuickPhotosWebFluxAutoConfiguration {

  /** Created by Spring. */
  public QuickPhotosWebFluxAutoConfiguration() {}

  /**
   * Adds the page argument resolver to WebFlux.
   *
   * @return the configurer; stateless
   */
  @Bean
  @ConditionalOnMissingBean(name = "quickPhotosWebFluxConfigurer")
  WebFluxConfigurer quickPhotosWebFluxConfigurer() {
    return new WebFluxConfigurer() {
      @Override
      public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
        configurer.addCustomResolver(new ReactivePageRequestArgumentResolver());
      }
    };
  }
}
