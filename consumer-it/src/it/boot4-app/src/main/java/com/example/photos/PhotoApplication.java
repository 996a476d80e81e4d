package com.example.photos;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The service: the starter configures its QuickPhotos bean, with no configuration of the
 * application's (production sets the region and the table in its environment).
 */
@SpringBootApplication
public class PhotoApplication {
  public static void main(String[] args) {
    SpringApplication.run(PhotoApplication.class, args);
  }
}
