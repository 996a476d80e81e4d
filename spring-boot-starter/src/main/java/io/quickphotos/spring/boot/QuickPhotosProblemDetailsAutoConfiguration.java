package io.quickphotos.spring.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Repository exceptions answered as problem details ({@link QuickPhotosProblemDetails}) in a
 * Spring MVC or WebFlux application, unless {@code quickphotos.problem-details.enabled} is false
 * or the application declares its own bean of that type. A separate auto-configuration so that
 * Boot's web slices ({@code @WebMvcTest}, {@code @WebFluxTest}) include it without the repository:
 * a controller's slice test answers as the application will.
 */
@AutoConfiguration
@ConditionalOnWebApplication
@ConditionalOnClass(name = "org.springframework.http.ProblemDetail")
@ConditionalOnProperty(
    prefix = "quickphotos.problem-details",
    name = "enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties(QuickPhotosProperties.class)
public class QuickPhotosProblemDetailsAutoConfiguration {

  /** Created by Spring. */
  public QuickPhotosProblemDetailsAutoConfiguration() {}

  /**
   * The advice.
   *
   * @param properties the {@code quickphotos.*} properties
   * @return the advice; stateless
   */
  @Bean
  @ConditionalOnMissingBean
  public QuickPhotosProblemDetails quickPhotosProblemDetails(QuickPhotosProperties properties) {
    return new QuickPhotosProblemDetails(properties.getProblemDetails().getRetryAfter());
  }
}
