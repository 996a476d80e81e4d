package com.example.photos;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.MemoryQuickPhotos;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Spring MVC's slice: the controller with Boot's MVC and JSON configuration and the starter's
 * problem details (which the starter lists for the slice), over an in-memory repository this
 * test provides: the slice leaves the starter's repository out, as it leaves out every data
 * auto-configuration; the application class's clock is in.
 */
@WebMvcTest(PhotoController.class)
@Import(PhotoControllerSliceTest.Repository.class)
class PhotoControllerSliceTest {
  @TestConfiguration(proxyBeanMethods = false)
  static class Repository {
    @Bean
    QuickPhotos photos() {
      return MemoryQuickPhotos.create();
    }

  }

  @Autowired MockMvc api;

  @Test
  void bindsJsonBodiesAndAnswersWithProblemDetails() throws Exception {
    api.perform(
            post("/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"username\": \"ann\", \"name\": \"Ann\", \"email\": \"ann@example.com\","
                        + " \"birthdate\": \"1990-04-01\"}"))
        .andExpect(status().isCreated())
        .andExpect(header().exists("ETag"))
        .andExpect(jsonPath("$.username").value("ann"))
        // The profile others may see: no birth date, e-mail or address.
        .andExpect(jsonPath("$.birthdate").doesNotExist())
        .andExpect(jsonPath("$.email").doesNotExist());
    api.perform(get("/users/ann/feed").param("size", "500"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.kind").value("INVALID_INPUT"));
    api.perform(get("/users/nobody"))
        .andExpect(status().isNotFound())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.kind").value("NOT_FOUND"))
        .andExpect(jsonPath("$.username").value("nobody"));
  }
}
