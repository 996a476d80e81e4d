package com.example.photos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.micrometer.core.instrument.MeterRegistry;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The application as Spring wires it, with the starter's bean on the memory backend the test kit
 * gives a Spring test (application.yml names no backend), emptied after each test: the
 * repository, Boot's JSON, the starter's error mapping, the cost log beside the starter's
 * metrics, and Actuator's health, through one sign-up, follow, upload and feed.
 */
@SpringBootTest
@AutoConfigureMockMvc
class PhotoServiceApplicationTest {
  @Autowired MockMvc api;
  @Autowired QuickPhotos photos;
  @Autowired MeterRegistry registry;

  @Test
  void servesTheHomeFeedFromTheStartersBean() throws Exception {
    for (String name : new String[] {"ann", "bob"}) {
      api.perform(
              post("/users")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content(
                      "{\"username\": \"%s\", \"name\": \"%s\", \"email\": \"%s@example.com\","
                              .formatted(name, name, name)
                          + " \"birthdate\": \"1990-01-01\"}"))
          .andExpect(status().isCreated());
    }
    api.perform(put("/users/ann/following/bob")).andExpect(status().isNoContent());
    api.perform(
            post("/users/bob/photos")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"location\": \"https://example.com/1.jpg\","
                        + " \"takenAt\": \"2024-05-01T12:00:00Z\"}"))
        .andExpect(status().isCreated());

    api.perform(get("/users/ann/feed"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.photos[0].id.timestamp").value("2024-05-01T12:00:00Z"));
    assertThat(photos.getUser("bob").orElseThrow().followers()).isEqualTo(1);
    assertThat(photos.settings().fanOut()).as("application.yml's fan-out").isEqualTo(FanOut.hybrid());
    assertThat(registry.find("quickphotos.calls").tag("pattern", "home_feed").timer())
        .as("the starter's metrics, in the application's registry")
        .isNotNull();
  }

  @Test
  void aBadPathVariableIsProblemDetailsToo() throws Exception {
    api.perform(put("/users/bob/photos/yesterday/reactions/ann/heart"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
    api.perform(get("/users/bob"))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.kind").value("NOT_FOUND"));
  }

  @Test
  void reportsTheRepositorysHealth() throws Exception {
    api.perform(get("/actuator/health"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.status").value("UP"));
  }
}
