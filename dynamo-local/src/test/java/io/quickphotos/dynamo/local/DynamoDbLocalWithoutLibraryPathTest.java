package io.quickphotos.dynamo.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB Local as the CLI and the benchmarks start it: with {@code sqlite4java.library.path}
 * unset. Runs in its own surefire execution, whose JVM does not set the property.
 */
class DynamoDbLocalWithoutLibraryPathTest {

  @Test
  void theNativesComeFromTheClassPath() {
    assertThat(System.getProperty(Sqlite4javaNatives.LIBRARY_PATH)).isNull();
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      Path directory = Path.of(System.getProperty(Sqlite4javaNatives.LIBRARY_PATH));
      assertThat(Files.list(directory)).isNotEmpty();
      QuickPhotos photos =
          DynamoQuickPhotos.builder().client(local.client()).createTableIfMissing(true).build();
      photos.createUser(
          new NewUser(
              "alice",
              "Alice",
              "alice@example.com",
              LocalDate.of(1990, 4, 1),
              "",
              UserStatus.ACTIVE));
      assertThat(photos.getUser("alice")).isPresent();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
