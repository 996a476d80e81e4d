package com.example.photos;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import java.time.LocalDate;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Profiles as JSON, over the auto-configured repository. No error handling of its own: the
 * starter answers the repository's exceptions as problem details by kind.
 */
@RestController
public class ProfileController {
  private final QuickPhotos photos;

  public ProfileController(QuickPhotos photos) {
    this.photos = photos;
  }

  public record SignUp(String username, String name, String email, LocalDate birthdate) {}

  @PostMapping("/users")
  @ResponseStatus(HttpStatus.CREATED)
  public User signUp(@RequestBody SignUp signUp) {
    return photos.createUser(
        new NewUser(
            signUp.username(),
            signUp.name(),
            signUp.email(),
            signUp.birthdate(),
            "",
            UserStatus.ACTIVE));
  }

  @GetMapping("/users/{username}")
  public User profile(@PathVariable String username) {
    return photos
        .getUser(username)
        .orElseThrow(() -> UserNotFoundException.of(username)); // the starter answers 404
  }
}
