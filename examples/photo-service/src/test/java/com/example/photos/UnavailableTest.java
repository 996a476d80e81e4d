package com.example.photos;

import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Request;
import io.quickphotos.test.ManualClock;
import io.quickphotos.test.MemoryBackend;
import io.quickphotos.test.QuickPhotosSettings;
import java.time.Duration;
import java.time.LocalDate;
import io.quickphotos.spring.boot.QuickPhotosProblemDetails;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

/**
 * DynamoDB throttling past the repository's retries, scripted with the memory backend's faults
 * (DynamoDB Local never throttles): the client gets 503 with {@code Retry-After} and no internal
 * message.
 */
@MemoryBackend
class UnavailableTest {
  @RegisterExtension static final QuickPhotosSettings SETTINGS = ServiceSettings.fromApplicationYml();

  @Test
  void throttlingPastTheRetriesIsA503WithRetryAfter(
      QuickPhotos photos, ManualClock clock, Faults faults) throws Exception {
    MockMvc api =
        MockMvcBuilders.standaloneSetup(new PhotoController(photos, clock))
            .setControllerAdvice(new QuickPhotosProblemDetails(Duration.ofSeconds(1)))
            .build();
    LocalDate born = LocalDate.of(1990, 1, 1);
    photos.createUser(new NewUser("ann", "Ann", "ann@example.com", born, "", UserStatus.ACTIVE));
    photos.createUser(new NewUser("bob", "Bob", "bob@example.com", born, "", UserStatus.ACTIVE));
    faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.throttling());
    faults.on(Request.PUT_ITEM).always(Fault.throttling());

    api.perform(put("/users/ann/following/bob"))
        .andExpect(status().isServiceUnavailable())
        .andExpect(header().string("Retry-After", "1"))
        .andExpect(jsonPath("$.title").value("Service Unavailable"))
        .andExpect(jsonPath("$.detail").doesNotExist());
    api.perform(
            post("/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"username\": \"cid\", \"name\": \"Cid\", \"email\": \"c@example.com\","
                        + " \"birthdate\": \"1990-01-01\"}"))
        .andExpect(status().isServiceUnavailable())
        .andExpect(jsonPath("$.detail").doesNotExist())
        .andExpect(jsonPath("$.title").value(not("")));
  }
}
