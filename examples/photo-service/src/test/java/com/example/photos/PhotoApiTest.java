package com.example.photos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.spring.boot.PageRequestArgumentResolver;
import io.quickphotos.spring.boot.QuickPhotosProblemDetails;
import io.quickphotos.test.BothBackends;
import io.quickphotos.test.Injected;
import io.quickphotos.test.ManualClock;
import io.quickphotos.test.QuickPhotosFixture;
import io.quickphotos.test.QuickPhotosSettings;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

/**
 * The REST API over the repository the test kit gives each test, on the memory backend and on
 * DynamoDB Local, with the service's own settings from application.yml (the hybrid feed, its
 * sharding) and its cost log. No Spring context: the controller and the starter's error mapping in
 * MockMvc, so a test takes milliseconds; {@link PhotoControllerSliceTest} and {@link
 * PhotoServiceApplicationTest} check Spring's wiring.
 */
@BothBackends
class PhotoApiTest {
  @RegisterExtension static final QuickPhotosSettings SETTINGS = ServiceSettings.fromApplicationYml();

  @Injected QuickPhotos photos;
  @Injected ManualClock clock;
  @Injected QuickPhotosFixture fixture;

  private MockMvc api;

  @BeforeEach
  void setUp() {
    // Spring's JSON converter for the Jackson on the class path (3): dates as ISO-8601 text.
    api =
        MockMvcBuilders.standaloneSetup(new PhotoController(photos, clock))
            .setControllerAdvice(new QuickPhotosProblemDetails(Duration.ofSeconds(1)))
            .setCustomArgumentResolvers(new PageRequestArgumentResolver())
            .build();
  }

  private ResultActions signUp(String username) throws Exception {
    return api.perform(
        post("/users")
            .contentType(MediaType.APPLICATION_JSON)
            .content(
                """
                {"username": "%s", "name": "%s", "email": "%s@example.com",
                 "birthdate": "1990-01-01"}
                """
                    .formatted(username, username, username)));
  }

  private ResultActions upload(String username, String location) throws Exception {
    return api.perform(
        post("/users/{username}/photos", username)
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"location\": \"" + location + "\"}"));
  }

  @Test
  void signsUpAndShowsTheProfile() throws Exception {
    signUp("ann").andExpect(status().isCreated()).andExpect(jsonPath("$.username").value("ann"));

    api.perform(get("/users/ann"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.name").value("ann"))
        .andExpect(jsonPath("$.followers").value(0))
        // What only the account holder may see stays out of the profile.
        .andExpect(jsonPath("$.email").doesNotExist())
        .andExpect(jsonPath("$.address").doesNotExist())
        .andExpect(jsonPath("$.pendingRequests").doesNotExist());
  }

  @Test
  void aRenameNamesTheVersionItWasMadeFromAndAStaleOneIs412() throws Exception {
    signUp("ann");
    String read = api.perform(get("/users/ann")).andReturn().getResponse().getHeader("ETag");
    assertThat(read).matches("\"\\d+\"");

    String renamed =
        api.perform(
                patch("/users/ann")
                    .header("If-Match", read)
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"name\": \"Annie\"}"))
            .andExpect(status().isOk())
            .andExpect(jsonPath("$.name").value("Annie"))
            .andReturn()
            .getResponse()
            .getHeader("ETag");
    assertThat(renamed).isNotEqualTo(read);

    // Made from the profile as it was before the rename: refused, nothing written.
    api.perform(
            patch("/users/ann")
                .header("If-Match", read)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\": \"Ann B.\"}"))
        .andExpect(status().isPreconditionFailed());
    api.perform(
            patch("/users/ann")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\": \"Ann B.\"}"))
        .andExpect(status().isPreconditionRequired());
    assertThat(photos.getUser("ann"))
        .hasValueSatisfying(u -> assertThat(u.name()).isEqualTo("Annie"));
  }

  @Test
  void answersWhatIsMissingOrTakenOrBadWithItsStatusAndWhatItConcerns() throws Exception {
    api.perform(get("/users/nobody"))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.username").value("nobody"))
        .andExpect(jsonPath("$.detail").value("user nobody does not exist"));
    signUp("ann").andExpect(status().isCreated());
    signUp("ann").andExpect(status().isConflict()).andExpect(jsonPath("$.username").value("ann"));
    signUp("bad#name").andExpect(status().isBadRequest());
    api.perform(put("/users/ann/following/ghost"))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.username").value("ghost"));
  }

  @Test
  void followsCountOnBothProfilesAndRepeatingOneIsNoError() throws Exception {
    signUp("ann");
    signUp("bob");

    api.perform(put("/users/ann/following/bob")).andExpect(status().isNoContent());
    api.perform(put("/users/ann/following/bob")).andExpect(status().isNoContent());

    api.perform(get("/users/bob")).andExpect(jsonPath("$.followers").value(1));
    api.perform(get("/users/ann")).andExpect(jsonPath("$.following").value(1));

    api.perform(delete("/users/ann/following/bob")).andExpect(status().isNoContent());
    api.perform(delete("/users/ann/following/bob")).andExpect(status().isNoContent());
    api.perform(get("/users/bob")).andExpect(jsonPath("$.followers").value(0));
  }

  @Test
  void anUploadReachesTheFollowersTimelineAndHomeFeed() throws Exception {
    signUp("ann");
    signUp("bob");
    api.perform(put("/users/ann/following/bob"));

    upload("bob", "https://example.com/1.jpg")
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.id.owner").value("bob"))
        .andExpect(jsonPath("$.id.timestamp").value("2024-01-01T00:00:00Z"));

    // The hybrid feed, as in production: the upload wrote an entry into ann's timeline.
    assertThat(fixture.exportLines()).anyMatch(line -> line.contains("\"FEED#ann\""));
    api.perform(get("/users/ann/feed"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.photos[0].location").value("https://example.com/1.jpg"))
        .andExpect(jsonPath("$.nextCursor").doesNotExist());
  }

  @Test
  void theHomeFeedPagesNewestFirst() throws Exception {
    signUp("ann");
    signUp("bob");
    api.perform(put("/users/ann/following/bob"));
    for (int i = 1; i <= 3; i++) {
      upload("bob", "https://example.com/" + i + ".jpg");
      clock.advance(Duration.ofMinutes(1));
    }

    String cursor =
        com.jayway.jsonpath.JsonPath.read(
            api.perform(get("/users/ann/feed").param("size", "2"))
                .andExpect(jsonPath("$.photos.length()").value(2))
                .andExpect(jsonPath("$.photos[0].location").value("https://example.com/3.jpg"))
                .andReturn()
                .getResponse()
                .getContentAsString(),
            "$.nextCursor");

    api.perform(get("/users/ann/feed").param("size", "2").param("cursor", cursor))
        .andExpect(jsonPath("$.photos.length()").value(1))
        .andExpect(jsonPath("$.photos[0].location").value("https://example.com/1.jpg"));
    api.perform(get("/users/ann/feed").param("cursor", "not-a-cursor"))
        .andExpect(status().isBadRequest());
  }

  @Test
  void reactionsCountOncePerUserAndTypeHoweverOftenTheyAreSent() throws Exception {
    signUp("ann");
    signUp("bob");
    upload("bob", "https://example.com/1.jpg");
    String photo = "/users/bob/photos/2024-01-01T00:00:00Z/reactions/ann/";
    PhotoId id = new PhotoId("bob", clock.instant());

    api.perform(put(photo + "heart")).andExpect(status().isNoContent());
    api.perform(put(photo + "heart")).andExpect(status().isNoContent());
    api.perform(put(photo + "shrug")).andExpect(status().isBadRequest());
    assertThat(photos.getPhoto(id))
        .hasValueSatisfying(p -> assertThat(p.reactions()).containsEntry(ReactionType.HEART, 1L));

    api.perform(delete(photo + "heart")).andExpect(status().isNoContent());
    api.perform(delete(photo + "heart")).andExpect(status().isNoContent());
    assertThat(photos.getPhoto(id))
        .hasValueSatisfying(p -> assertThat(p.reactionCount(ReactionType.HEART)).isZero());
  }
}
