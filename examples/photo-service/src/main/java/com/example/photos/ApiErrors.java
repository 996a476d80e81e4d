package com.example.photos;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NotFollowingException;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * quickphotos' exceptions as HTTP answers (RFC 9457 problem details): each names the condition,
 * so the status follows from the class alone, and the message, which names the user or photo,
 * becomes the detail.
 */
@RestControllerAdvice
public class ApiErrors {

  /**
   * The answer to a quickphotos exception.
   *
   * @param e what the repository threw
   * @return 404 for what is missing, 409 for what already is (or already is not), 400 for bad
   *     input, 503 when DynamoDB throttled or failed past the retries, 500 otherwise
   */
  @ExceptionHandler(QuickPhotosException.class)
  public ProblemDetail answer(QuickPhotosException e) {
    return ProblemDetail.forStatusAndDetail(status(e), e.getMessage());
  }

  static HttpStatus status(QuickPhotosException e) {
    if (e instanceof UserNotFoundException
        || e instanceof PhotoNotFoundException
        || e instanceof ReactionNotFoundException) {
      return HttpStatus.NOT_FOUND;
    }
    if (e instanceof UserAlreadyExistsException
        || e instanceof PhotoAlreadyExistsException
        || e instanceof AlreadyFollowingException
        || e instanceof NotFollowingException
        || e instanceof AlreadyReactedException) {
      return HttpStatus.CONFLICT;
    }
    // Invalid cursors too: InvalidCursorException is an InvalidInputException.
    if (e instanceof InvalidInputException) {
      return HttpStatus.BAD_REQUEST;
    }
    if (e instanceof ServiceUnavailableException) {
      return HttpStatus.SERVICE_UNAVAILABLE;
    }
    return HttpStatus.INTERNAL_SERVER_ERROR;
  }
}
