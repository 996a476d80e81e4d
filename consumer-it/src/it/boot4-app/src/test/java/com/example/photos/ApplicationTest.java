package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A plain {@code @SpringBootTest}, as the service's team had before adding quickphotos: no AWS
 * region, credentials or endpoint, no test configuration. The test kit gives the context the
 * memory backend and an empty repository for each test; the starter answers errors as problem
 * details, and records each repository call as an observation and as meters.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApplicationTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Value("${local.server.port}")
  int port;

  @Autowired MeterRegistry meters;

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest.Builder at(String path) {
    return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
  }

  private HttpResponse<String> signUp(String username) throws Exception {
    return send(
        at("/users")
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"username\":\"" + username + "\",\"name\":\"Ann\","
                        + "\"email\":\"ann@example.com\",\"birthdate\":\"1990-04-01\"}")));
  }

  @Test
  void signsUpAndServesTheProfileAsJson() throws Exception {
    HttpResponse<String> created = signUp("ann");
    assertEquals(201, created.statusCode(), created.body());

    HttpResponse<String> profile = send(at("/users/ann").GET());
    assertEquals(200, profile.statusCode());
    assertTrue(
        profile.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertTrue(profile.body().contains("\"username\":\"ann\""), profile.body());
    assertTrue(profile.body().contains("\"birthdate\":\"1990-04-01\""), profile.body());
  }

  @Test
  void eachTestStartsEmptyAndErrorsAnswerByKind() throws Exception {
    HttpResponse<String> missing = send(at("/users/ann").GET());
    assertEquals(404, missing.statusCode(), "the other test's ann is gone: " + missing.body());
    assertEquals("application/problem+json", missing.headers().firstValue("Content-Type").get());
    assertTrue(missing.body().contains("\"username\":\"ann\""), missing.body());
    assertTrue(missing.body().contains("\"kind\":\"NOT_FOUND\""), missing.body());

    assertEquals(201, signUp("ann").statusCode());
    HttpResponse<String> taken = signUp("ann");
    assertEquals(409, taken.statusCode(), taken.body());
    assertTrue(taken.body().contains("\"kind\":\"CONFLICT\""), taken.body());
    HttpResponse<String> bad = signUp("bad#name");
    assertEquals(400, bad.statusCode(), bad.body());
    assertTrue(bad.body().contains("\"kind\":\"INVALID_INPUT\""), bad.body());
  }

  @Test
  void eachRepositoryCallIsAnObservationAndItsCostsAreMeters() throws Exception {
    double before = count("quickphotos.call");
    double metered = count("quickphotos.calls");

    assertEquals(404, send(at("/users/nobody").GET()).statusCode());

    // Boot's observation registry records the starter's observation as a timer, tagged with
    // the pattern, the table and the outcome (the call found nothing, and returned).
    assertEquals(before + 1, count("quickphotos.call"));
    assertEquals(metered + 1, count("quickphotos.calls"));
  }

  private double count(String timer) {
    Timer found = meters.find(timer).tags("pattern", "get_user", "table", "memory").timer();
    return found == null ? 0 : found.count();
  }

  @Test
  void reportsItsHealth() throws Exception {
    HttpResponse<String> health = send(at("/actuator/health").GET());
    assertEquals(200, health.statusCode(), health.body());
    assertTrue(health.body().contains("\"status\":\"UP\""), health.body());
  }
}
