package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.GeneratedFiles;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.test.context.aot.TestContextAotGenerator;

/**
 * The kit's test contexts processed ahead of time, as Spring Boot's {@code process-test-aot}
 * processes an application's tests: on memory and on DynamoDB Local, the generated code holds no
 * bean definition that only an instance supplier could make (which fails the processing), and
 * the kit adds its run-time beans when the processed context starts. That start is
 * examples/photo-service's build (its {@code aot} profile, which consumer-it runs).
 */
class AheadOfTimeTest {
  private static final String PROCESSING = "spring.aot.processing";

  @Test
  void theKitsContextsAreProcessedAheadOfTimeOnBothBackends() {
    // What Boot's processor sets while it runs (AbstractAotProcessor), restored after: the
    // tests of this JVM run one class at a time.
    String before = System.getProperty(PROCESSING);
    System.setProperty(PROCESSING, "true");
    try {
      InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
      new TestContextAotGenerator(files, new RuntimeHints(), true)
          .processAheadOfTime(
              Stream.of(
                  MemoryByDefaultTest.class,
                  DynamoDbLocalContextTest.class,
                  ImportedIntoAnyContextTest.class));
      assertThat(files.getGeneratedFiles(GeneratedFiles.Kind.SOURCE).keySet())
          .as("a context initializer generated for each test class's context")
          .anySatisfy(name -> assertThat(name).contains("MemoryByDefaultTest"))
          .anySatisfy(name -> assertThat(name).contains("DynamoDbLocalContextTest"));
    } finally {
      if (before == null) {
        System.clearProperty(PROCESSING);
      } else {
        System.setProperty(PROCESSING, before);
      }
    }
  }
}
