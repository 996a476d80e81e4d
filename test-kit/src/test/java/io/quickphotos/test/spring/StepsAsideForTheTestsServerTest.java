package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.spring.boot.DynamoDbClientBuilderCustomizer;
import io.quickphotos.spring.boot.QuickPhotosConnectionDetails;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The kit's switch to memory steps aside for a server the test gives: an endpoint from {@code
 * @DynamicPropertySource}, a {@code DynamoDbClient} bean of its own, connection details (what a
 * {@code @ServiceConnection} registers). Each writes a user and finds it in DynamoDB Local's
 * table.
 */
class StepsAsideForTheTestsServerTest {
  private static final AtomicLong TABLES = new AtomicLong();

  static DynamoDbLocal server() {
    return DynamoLocalContexts.server();
  }

  static String newTable() {
    return "steps-aside-" + TABLES.incrementAndGet();
  }

  static void writesToDynamoDbLocal(QuickPhotos photos, String table) {
    photos.createUser(MemoryByDefaultTest.ANN);
    assertThat(
            DynamoQuickPhotos.builder()
                .client(server().client())
                .tableName(table)
                .build()
                .getUser("ann"))
        .isPresent();
  }

  @Nested
  @SpringBootTest(classes = {TestApplication.class, AnEndpointOfTheTests.DummyCredentials.class})
  class AnEndpointOfTheTests {
    static final String TABLE = newTable();

    @DynamicPropertySource
    static void dynamoDbLocal(DynamicPropertyRegistry registry) {
      registry.add("quickphotos.dynamodb.endpoint", () -> server().endpoint());
      registry.add("quickphotos.dynamodb.region", () -> "us-east-1");
      registry.add("quickphotos.table-name", () -> TABLE);
      registry.add("quickphotos.create-table-if-missing", () -> "true");
    }

    /** DynamoDB Local takes any credentials; the SDK's chain would look for real ones. */
    @TestConfiguration(proxyBeanMethods = false)
    static class DummyCredentials {
      @Bean
      DynamoDbClientBuilderCustomizer dummyCredentials() {
        return builder ->
            builder.credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
      }
    }

    @Autowired QuickPhotos photos;

    @Value("${quickphotos.backend:dynamodb}")
    String backend;

    @Test
    void keepsDynamoDb() {
      assertThat(backend).isEqualTo("dynamodb");
      writesToDynamoDbLocal(photos, TABLE);
    }
  }

  @Nested
  @SpringBootTest(
      classes = {TestApplication.class, AClientBeanOfTheTests.Client.class},
      properties = {
        "quickphotos.table-name=steps-aside-client",
        "quickphotos.create-table-if-missing=true"
      })
  class AClientBeanOfTheTests {
    @TestConfiguration(proxyBeanMethods = false)
    static class Client {
      @Bean(destroyMethod = "close")
      DynamoDbClient testsClient() {
        return server().newClient();
      }
    }

    @Autowired QuickPhotos photos;

    @Test
    void keepsDynamoDb() {
      writesToDynamoDbLocal(photos, "steps-aside-client");
    }
  }

  /**
   * Registers connection details before the context starts, as {@code @ServiceConnection}'s
   * context customizer does for a container field.
   */
  static class ServiceConnectionLike
      implements ApplicationContextInitializer<ConfigurableApplicationContext> {
    @Override
    public void initialize(ConfigurableApplicationContext context) {
      QuickPhotosConnectionDetails details =
          QuickPhotosConnectionDetails.of(
              server().endpoint(),
              "us-east-1",
              StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
      ((BeanDefinitionRegistry) context.getBeanFactory())
          .registerBeanDefinition(
              "dynamoDbLocalConnection",
              new RootBeanDefinition(QuickPhotosConnectionDetails.class, () -> details));
    }
  }

  @Nested
  @SpringBootTest(
      classes = TestApplication.class,
      properties = {
        "quickphotos.table-name=steps-aside-connection",
        "quickphotos.create-table-if-missing=true"
      })
  @ContextConfiguration(initializers = ServiceConnectionLike.class)
  class ConnectionDetailsOfTheTests {
    @Autowired QuickPhotos photos;

    @Test
    void keepsDynamoDb() {
      writesToDynamoDbLocal(photos, "steps-aside-connection");
    }
  }
}
