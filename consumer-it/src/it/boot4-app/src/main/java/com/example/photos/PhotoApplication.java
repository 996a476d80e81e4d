package com.example.photos;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The service: the starter configures its QuickPhotos bean from application.yml. */
@SpringBootApplication
public class PhotoApplication {
  public static void main(String[] args) {
    SpringApplication.run(PhotoApplication.class, args);
  }
}
