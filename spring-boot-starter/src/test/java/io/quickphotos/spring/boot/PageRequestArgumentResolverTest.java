package io.quickphotos.spring.boot;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.quickphotos.PageRequest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * A controller's {@link PageRequest} parameter comes from {@code cursor} and {@code size}: the
 * first page of 25 without them, the page after a cursor, and a bad size a 400 problem.
 */
class PageRequestArgumentResolverTest {

  /** A controller that says which page it was given. */
  @RestController
  static class Pages {
    @GetMapping("/page")
    String page(PageRequest page) {
      return page.cursor().orElse("none") + ":" + page.size();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableWebMvc
  static class Mvc {
    @Bean
    Pages pages() {
      return new Pages();
    }
  }

  private final WebApplicationContextRunner mvc =
      new WebApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  QuickPhotosWebMvcAutoConfiguration.class,
                  QuickPhotosProblemDetailsAutoConfiguration.class))
          .withUserConfiguration(Mvc.class);

  @Test
  void cursorAndSizeBecomeThePageRequest() {
    mvc.run(
        context -> {
          MockMvc api = MockMvcBuilders.webAppContextSetup(context).build();
          api.perform(get("/page")).andExpect(content().string("none:25"));
          api.perform(get("/page").param("size", "10").param("cursor", ""))
              .andExpect(content().string("none:10"));
          api.perform(get("/page").param("size", "3").param("cursor", "eyJrIjoxfQ"))
              .andExpect(content().string("eyJrIjoxfQ:3"));
          api.perform(get("/page").param("size", "ten"))
              .andExpect(status().isBadRequest())
              .andExpect(jsonPath("$.kind").value("INVALID_INPUT"))
              .andExpect(
                  jsonPath("$.detail").value("page size must be a number from 1 to 100, was ten"));
          api.perform(get("/page").param("size", "500"))
              .andExpect(status().isBadRequest())
              .andExpect(jsonPath("$.detail").value("page size must be 1 to 100, was 500"));
        });
  }
}
