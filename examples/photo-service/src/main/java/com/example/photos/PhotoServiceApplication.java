package com.example.photos;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A photo-sharing REST service on quickphotos: {@code java -jar} the repackaged jar, or run this
 * class. The repository is the {@link QuickPhotosConfiguration}'s bean, on the memory backend
 * unless {@code quickphotos.backend=dynamodb}.
 */
@SpringBootApplication
public class PhotoServiceApplication {
  /**
   * Starts the service.
   *
   * @param args Spring Boot's arguments, e.g. {@code --quickphotos.backend=dynamodb}
   */
  public static void main(String[] args) {
    SpringApplication.run(PhotoServiceApplication.class, args);
  }
}
