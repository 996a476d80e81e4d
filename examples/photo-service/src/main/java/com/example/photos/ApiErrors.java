package com.example.photos;

import io.quickphotos.QuickPhotosException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * quickphotos' exceptions as HTTP answers (RFC 9457 problem details), by kind: the status follows
 * from {@link QuickPhotosException#kind()}, the identifiers the exception concerns (username,
 * follower, photoOwner, ...) become fields, a 4xx keeps the message, which tells the client what
 * to fix, and a 5xx shows none of it, only the kind: its message may name tables and requests.
 * 503 carries {@code Retry-After}: the repository's own retries already ran within the call.
 */
@RestControllerAdvice
public class ApiErrors {
  private static final Logger LOG = LoggerFactory.getLogger(ApiErrors.class);

  /**
   * The answer to a quickphotos exception.
   *
   * @param e what the repository threw
   * @return 400, 404, 409, 503 or 500, as problem details
   */
  @ExceptionHandler(QuickPhotosException.class)
  public ResponseEntity<ProblemDetail> answer(QuickPhotosException e) {
    HttpStatus status =
        switch (e.kind()) {
          case INVALID_INPUT -> HttpStatus.BAD_REQUEST;
          case NOT_FOUND -> HttpStatus.NOT_FOUND;
          case CONFLICT -> HttpStatus.CONFLICT;
          case UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
          case MISCONFIGURED, INTERNAL -> HttpStatus.INTERNAL_SERVER_ERROR;
        };
    ProblemDetail problem = ProblemDetail.forStatus(status);
    if (status.is4xxClientError()) {
      problem.setDetail(e.getMessage());
    } else {
      LOG.warn("{} answered {}", e.kind(), status.value(), e);
    }
    e.identifiers().forEach(problem::setProperty);
    ResponseEntity.BodyBuilder answer = ResponseEntity.status(status);
    if (status == HttpStatus.SERVICE_UNAVAILABLE) {
      answer.header(HttpHeaders.RETRY_AFTER, "1");
    }
    return answer.body(problem);
  }
}
