package io.quickphotos.spring.boot;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a {@link QuickPhotosException} that escapes a controller as problem details (RFC 9457,
 * {@code application/problem+json}), by its {@link QuickPhotosException#kind() kind}: 400 invalid
 * input, 404 not found, 409 conflict, 503 unavailable with {@code Retry-After}, 500 misconfigured
 * or internal. The body carries the kind ({@code kind}, e.g. {@code NOT_FOUND}) and the
 * identifiers the exception concerns ({@link QuickPhotosException#identifiers()}: {@code
 * username}, {@code follower}, {@code photoOwner}, ...) as properties; a 4xx's {@code detail} is
 * the exception's message, which tells the client what to fix; a 5xx has no {@code detail}, as its
 * message may name tables and requests, and is logged at WARN with its cause instead. A 503 adds
 * {@code reason} and {@code written} ({@link ServiceUnavailableException}), which tell a client
 * whether calling again is safe.
 *
 * <p>Spring MVC and WebFlux both call it for annotated controllers. Ordered last: a controller's
 * own {@code @ExceptionHandler} and the application's advice beans (Spring orders advice beans of
 * equal order by registration, the application's before auto-configuration's) come first.
 * {@code quickphotos.problem-details.enabled=false} leaves it out. Stateless, thread-safe.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class QuickPhotosProblemDetails {
  private static final Logger LOG = LoggerFactory.getLogger(QuickPhotosProblemDetails.class);

  private final String retryAfterSeconds;

  /**
   * The advice.
   *
   * @param retryAfter the {@code Retry-After} of a 503, sent in whole seconds, at least 1
   */
  public QuickPhotosProblemDetails(Duration retryAfter) {
    this.retryAfterSeconds = Long.toString(Math.max(1, (retryAfter.toMillis() + 999) / 1000));
  }

  /**
   * The answer to a repository exception.
   *
   * @param e what the repository threw
   * @return 400, 404, 409, 503 or 500, as problem details
   */
  @ExceptionHandler(QuickPhotosException.class)
  public ResponseEntity<ProblemDetail> answer(QuickPhotosException e) {
    HttpStatus status = status(e.kind());
    ProblemDetail problem = ProblemDetail.forStatus(status);
    problem.setProperty("kind", e.kind().name());
    e.identifiers().forEach(problem::setProperty);
    if (status.is4xxClientError()) {
      problem.setDetail(e.getMessage());
    } else {
      LOG.warn("{} answered {}", e.kind(), status.value(), e);
    }
    ResponseEntity.BodyBuilder answer =
        ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON);
    if (e instanceof ServiceUnavailableException unavailable) {
      problem.setProperty("reason", unavailable.reason().name());
      problem.setProperty("written", unavailable.written().name());
      answer.header(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
    }
    return answer.body(problem);
  }

  /**
   * The status of a kind, as {@link QuickPhotosException}'s table gives it.
   *
   * @param kind the kind
   * @return its HTTP status
   */
  public static HttpStatus status(QuickPhotosException.Kind kind) {
    return switch (kind) {
      case INVALID_INPUT -> HttpStatus.BAD_REQUEST;
      case NOT_FOUND -> HttpStatus.NOT_FOUND;
      case CONFLICT -> HttpStatus.CONFLICT;
      case UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
      case MISCONFIGURED, INTERNAL -> HttpStatus.INTERNAL_SERVER_ERROR;
    };
  }

  @Override
  public String toString() {
    return "QuickPhotosProblemDetails[Retry-After "
        + retryAfterSeconds.toLowerCase(Locale.ROOT)
        + "]";
  }
}
