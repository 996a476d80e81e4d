package com.example.photos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.quickphotos.QuickPhotos;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The application as Spring wires it, on its default memory backend: the bean, Boot's JSON
 * settings and the error mapping together, through one sign-up, follow, upload and feed.
 */
@SpringBootTest
@AutoConfigureMockMvc
class PhotoServiceApplicationTest {
  @Autowired MockMvc api;
  @Autowired QuickPhotos photos;

  @Test
  void servesTheHomeFeedFromTheQuickPhotosBean() throws Exception {
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
    api.perform(put("/users/ann/following/bob")).andExpect(status().isOk());
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
    api.perform(get("/users/nobody"))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.title").value("Not Found"));
    assertThat(photos.getUser("bob").orElseThrow().followers()).isEqualTo(1);
  }
}
