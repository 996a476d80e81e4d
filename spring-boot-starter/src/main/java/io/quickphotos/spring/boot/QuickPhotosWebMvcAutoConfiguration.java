package io.quickphotos.spring.boot;

import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * What a Spring MVC application's controllers get: a {@code PageRequest} parameter resolved from
 * {@code cursor} and {@code size} ({@link PageRequestArgumentResolver}). Boot's {@code
 * @WebMvcTest} includes it, so a controller's slice test resolves pages as the application does.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(WebMvcConfigurer.class)
public class QuickPhotosWebMvcAutoConfiguration {

  /** Created by Spring. */
  public QuickPhotosWebMvcAutoConfiguration() {}

  /**
   * Adds the page argument resolver to Spring MVC.
   *
   * @return the configurer; stateless
   */
  @Bean
  @ConditionalOnMissingBean(name = "quickPhotosWebMvcConfigurer")
  WebMvcConfigurer quickPhotosWebMvcConfigurer() {
    return new WebMvcConfigurer() {
      @Override
      public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new PageRequestArgumentResolver());
      }
    };
  }
}
