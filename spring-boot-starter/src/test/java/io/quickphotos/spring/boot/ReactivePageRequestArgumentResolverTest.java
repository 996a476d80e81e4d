package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PageRequest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;

/**
 * A WebFlux controller's {@link PageRequest} parameter comes from {@code cursor} and {@code size}
 * as a Spring MVC controller's does ({@link PageRequestArgumentResolverTest}): the first page of
 * 25 without them, the page after a cursor, and a bad size a 400 problem.
 */
class ReactivePageRequestArgumentResolverTest {

  /** A controller that says which page it was given. */
  @RestController
  static class Pages {
    @GetMapping("/page")
    String page(PageRequest page) {
      return page.cursor().orElse("none") + ":" + page.size();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableWebFlux
  static class WebFlux {
    @Bean
    Pages pages() {
      return new Pages();
    }
  }

  @Test
  void cursorAndSizeBecomeThePageRequest() {
    new ReactiveWebApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                QuickPhotosWebFluxAutoConfiguration.class,
                QuickPhotosProblemDetailsAutoConfiguration.class))
        .withUserConfiguration(WebFlux.class)
        .run(
            context -> {
              assertThat(context).hasBean("quickPhotosWebFluxConfigurer");
              WebTestClient api = WebTestClient.bindToApplicationContext(context).build();
              api.get().uri("/page").exchange().expectBody(String.class).isEqualTo("none:25");
              api.get()
                  .uri("/page?size=10&cursor=")
                  .exchange()
                  .expectBody(String.class)
                  .isEqualTo("none:10");
              api.get()
                  .uri("/page?size=3&cursor=eyJrIjoxfQ")
                  .exchange()
                  .expectBody(String.class)
                  .isEqualTo("eyJrIjoxfQ:3");
              api.get()
                  .uri("/page?size=ten")
                  .exchange()
                  .expectStatus()
                  .isBadRequest()
                  .expectBody()
                  .jsonPath("$.kind")
                  .isEqualTo("INVALID_INPUT")
                  .jsonPath("$.detail")
                  .isEqualTo("page size must be a number from 1 to 100, was ten");
              api.get()
                  .uri("/page?size=500")
                  .exchange()
                  .expectStatus()
                  .isBadRequest()
                  .expectBody()
                  .jsonPath("$.detail")
                  .isEqualTo("page size must be 1 to 100, was 500");
            });
  }

  @Test
  void aServletApplicationGetsNoneOfIt() {
    new WebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(QuickPhotosWebFluxAutoConfiguration.class))
        .run(context -> assertThat(context).doesNotHaveBean("quickPhotosWebFluxConfigurer"));
  }
}
