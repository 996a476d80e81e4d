package com.example.photos;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A photo-sharing REST service on quickphotos: {@code java -jar} the repackaged jar, or run this
 * class. The {@code QuickPhotos} bean is quickphotos' starter's, built from application.yml.
 */
@SpringBootApplication
public class PhotoServiceApplication {
  /**
   * Starts the service.
   *
   * @param args Spring Boot's arguments, e.g. {@code --spring.profiles.active=local}
   */
  public static void main(String[] args) {
    SpringApplication.run(PhotoServiceApplication.class, args);
  }

  /**
   * The clock that stamps uploads sent without a time; the starter's repository stamps follows
   * and reactions with it too (it takes the application's one {@code Clock} bean).
   *
   * @return the UTC system clock
   */
  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
