package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.InvalidInputException;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.TableConfigurationException;
import io.quickphotos.UserNotFoundException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * A repository exception escaping a controller answers as problem details by its kind, in
 * Spring MVC and in WebFlux, with the application's own handlers first and one property to turn
 * it off. Each body is printed for the record.
 */
class QuickPhotosProblemDetailsTest {

  /** A controller that throws what the path names, as a repository would. */
  @RestController
  static class Throwing {
    static final Map<String, QuickPhotosException> ERRORS =
        Map.of(
            "invalid", new InvalidInputException("username must not contain '#': bad#name"),
            "missing", UserNotFoundException.of("nobody"),
            "taken", AlreadyFollowingException.of("ann", "bob"),
            "busy",
                new ServiceUnavailableException(
                    "PutItem on quick-photos throttled 8 times",
                    ServiceUnavailableException.Reason.THROTTLED,
                    ServiceUnavailableException.Written.NOTHING,
                    null),
            "misconfigured",
                new TableConfigurationException("table quick-photos does not exist in eu-west-1"),
            "internal", new QuickPhotosException("an item of table quick-photos is unreadable"));

    @GetMapping("/throw/{what}")
    String fail(@PathVariable("what") String what) {
      throw ERRORS.get(what);
    }
  }

  /** An application's own advice, for one class. */
  @RestControllerAdvice
  static class OwnAdvice {
    @ExceptionHandler(AlreadyFollowingException.class)
    ResponseEntity<String> already(AlreadyFollowingException e) {
      return ResponseEntity.status(HttpStatus.OK).body("fine");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableWebMvc
  static class Mvc {
    @Bean
    Throwing throwing() {
      return new Throwing();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Own {
    @Bean
    OwnAdvice ownAdvice() {
      return new OwnAdvice();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableWebFlux
  static class Flux {
    @Bean
    Throwing throwing() {
      return new Throwing();
    }
  }

  private final WebApplicationContextRunner mvc =
      new WebApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(QuickPhotosProblemDetailsAutoConfiguration.class))
          .withUserConfiguration(Mvc.class);

  private static MockMvc mockMvc(WebApplicationContext context) {
    return MockMvcBuilders.webAppContextSetup(context).build();
  }

  @Test
  void eachKindAnswersWithItsStatusKindAndIdentifiers() {
    mvc.run(
        context -> {
          MockMvc api = mockMvc(context);
          api.perform(get("/throw/invalid"))
              .andExpect(status().isBadRequest())
              .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
              .andExpect(jsonPath("$.kind").value("INVALID_INPUT"))
              .andExpect(jsonPath("$.detail").value("username must not contain '#': bad#name"));
          api.perform(get("/throw/missing"))
              .andExpect(status().isNotFound())
              .andExpect(jsonPath("$.kind").value("NOT_FOUND"))
              .andExpect(jsonPath("$.username").value("nobody"))
              .andExpect(jsonPath("$.title").value("Not Found"));
          api.perform(get("/throw/taken"))
              .andExpect(status().isConflict())
              .andExpect(jsonPath("$.kind").value("CONFLICT"))
              .andExpect(jsonPath("$.follower").value("ann"))
              .andExpect(jsonPath("$.followed").value("bob"));
          api.perform(get("/throw/busy"))
              .andExpect(status().isServiceUnavailable())
              .andExpect(header().string("Retry-After", "1"))
              .andExpect(jsonPath("$.kind").value("UNAVAILABLE"))
              .andExpect(jsonPath("$.reason").value("THROTTLED"))
              .andExpect(jsonPath("$.written").value("NOTHING"))
              .andExpect(jsonPath("$.detail").doesNotExist());
          for (String internal : new String[] {"misconfigured", "internal"}) {
            String body =
                api.perform(get("/throw/" + internal))
                    .andExpect(status().isInternalServerError())
                    .andExpect(jsonPath("$.detail").doesNotExist())
                    .andReturn()
                    .getResponse()
                    .getContentAsString();
            assertThat(body).doesNotContain("quick-photos");
          }
          for (String what : new String[] {"invalid", "missing", "taken", "busy", "internal"}) {
            System.out.println(
                what
                    + ": "
                    + api.perform(get("/throw/" + what)).andReturn().getResponse().getStatus()
                    + " "
                    + api.perform(get("/throw/" + what))
                        .andReturn()
                        .getResponse()
                        .getContentAsString());
          }
        });
  }

  @Test
  void theApplicationsOwnHandlersComeFirstAndOnePropertyTurnsItOff() {
    mvc.withUserConfiguration(Own.class)
        .run(
            context -> {
              MockMvc api = mockMvc(context);
              api.perform(get("/throw/taken")).andExpect(status().isOk());
              api.perform(get("/throw/missing")).andExpect(status().isNotFound());
            });
    mvc.withPropertyValues("quickphotos.problem-details.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(QuickPhotosProblemDetails.class));
    mvc.withPropertyValues("quickphotos.problem-details.retry-after=30s")
        .run(
            context ->
                mockMvc(context)
                    .perform(get("/throw/busy"))
                    .andExpect(header().string("Retry-After", "30")));
  }

  @Test
  void webFluxAnswersTheSame() {
    new ReactiveWebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(QuickPhotosProblemDetailsAutoConfiguration.class))
        .withUserConfiguration(Flux.class)
        .run(
            context -> {
              WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
              client
                  .get()
                  .uri("/throw/missing")
                  .exchange()
                  .expectStatus()
                  .isNotFound()
                  .expectHeader()
                  .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                  .expectBody()
                  .jsonPath("$.username")
                  .isEqualTo("nobody")
                  .jsonPath("$.kind")
                  .isEqualTo("NOT_FOUND");
              client
                  .get()
                  .uri("/throw/busy")
                  .exchange()
                  .expectStatus()
                  .isEqualTo(503)
                  .expectHeader()
                  .valueEquals("Retry-After", "1");
            });
  }
}
