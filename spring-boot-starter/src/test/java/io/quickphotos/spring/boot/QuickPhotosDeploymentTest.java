package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A bad deployment stops the start with Boot's failure analysis, whose description says what is
 * wrong and whose action names the property or environment setting to fix; and README's
 * application.yml starts under README's IAM policy. Each analysis is printed, as Boot prints it,
 * for the record.
 */
class QuickPhotosDeploymentTest {
  private static DynamoDbLocal server;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(QuickPhotosAutoConfiguration.class));

  @BeforeAll
  static void startDynamoDbLocal() {
    server = DynamoDbLocal.start();
  }

  @AfterAll
  static void stopDynamoDbLocal() {
    server.close();
  }

  /** The failure analysis Boot prints for a context that did not start. */
  private static FailureAnalysis analysis(AssertableApplicationContext context) {
    Throwable failure = context.getStartupFailure();
    assertThat(failure).as("the start failed").isNotNull();
    FailureAnalysis analysis = new QuickPhotosFailureAnalyzer().analyze(failure);
    assertThat(analysis).as("quickphotos analyzed " + failure).isNotNull();
    System.out.printf(
        "%nAPPLICATION FAILED TO START%n%nDescription:%n%n%s%n%nAction:%n%n%s%n",
        analysis.getDescription(), analysis.getAction());
    return analysis;
  }

  @Test
  void aPropertyOutOfRangeOrContradictingAnotherIsNamed() {
    List<String[]> cases = new ArrayList<>();
    cases.add(
        new String[] {"quickphotos.sharding.shards=99", "quickphotos.sharding.shards", "2 to 64"});
    cases.add(
        new String[] {
          "quickphotos.fan-out.max-followers=10", "quickphotos.fan-out.mode", "hybrid"
        });
    cases.add(new String[] {"quickphotos.parallelism=0", "quickphotos.parallelism", "1 to 256"});
    cases.add(
        new String[] {
          "quickphotos.hot-read-staleness=2d", "quickphotos.hot-read-staleness", "0s to 1d"
        });
    cases.add(
        new String[] {
          "quickphotos.retry.max-attempts=0", "quickphotos.retry.max-attempts", "1 or more"
        });
    for (String[] c : cases) {
      runner
          .withPropertyValues("quickphotos.backend=memory", c[0])
          .run(
              context -> {
                FailureAnalysis analysis = analysis(context);
                assertThat(analysis.getDescription()).contains(c[1]);
                assertThat(analysis.getAction()).contains(c[1]).contains(c[2]);
              });
    }
    runner
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.sharding.enabled=false",
            "quickphotos.sharding.shards=4")
        .run(
            context ->
                assertThat(analysis(context).getAction()).contains("quickphotos.sharding.enabled"));
  }

  @Test
  void noRegionNamesTheRegionProperty() {
    Assumptions.assumeTrue(
        System.getenv("AWS_REGION") == null && System.getenv("AWS_DEFAULT_REGION") == null,
        "the environment sets a region");
    runner.run(
        context -> {
          FailureAnalysis analysis = analysis(context);
          assertThat(analysis.getDescription()).contains("no AWS region");
          assertThat(analysis.getAction())
              .contains("quickphotos.dynamodb.region")
              .contains("AWS_REGION")
              .contains("quickphotos.backend=memory");
        });
  }

  @Test
  void noCredentialsNamesWhereTheyComeFrom() {
    Assumptions.assumeTrue(
        System.getenv("AWS_ACCESS_KEY_ID") == null && System.getenv("AWS_PROFILE") == null,
        "the environment has credentials");
    runner
        .withPropertyValues(
            "quickphotos.dynamodb.region=us-east-1",
            "quickphotos.dynamodb.endpoint=" + server.endpoint())
        .run(
            context -> {
              FailureAnalysis analysis = analysis(context);
              assertThat(analysis.getDescription()).contains("No AWS credentials");
              assertThat(analysis.getAction())
                  .contains("AWS_ACCESS_KEY_ID")
                  .contains("AWS_PROFILE");
            });
  }

  @Test
  void aMissingTableNamesTheTableAndTheProperties() {
    runner
        .withBean(DynamoDbClient.class, server::newClient)
        .withPropertyValues("quickphotos.table-name=no-such-table")
        .run(
            context -> {
              FailureAnalysis analysis = analysis(context);
              assertThat(analysis.getDescription())
                  .contains("no-such-table does not exist in us-east-1");
              assertThat(analysis.getAction())
                  .contains("quickphotos.create-table-if-missing=true")
                  .contains("quickphotos.table-name");
            });
  }

  @Test
  void aDeniedPermissionNamesTheIamAction() {
    runner
        .withBean(
            DynamoDbClient.class,
            () -> IamEnforcingClient.allowing(server, IamEnforcingClient.readmePolicy()))
        .withPropertyValues(
            "quickphotos.table-name=denied",
            "quickphotos.create-table-if-missing=true",
            "quickphotos.dynamodb.enable-time-to-live=true")
        .run(
            context -> {
              FailureAnalysis analysis = analysis(context);
              assertThat(analysis.getDescription())
                  .contains("may not call dynamodb:DescribeTimeToLive on the table denied");
              assertThat(analysis.getAction())
                  .contains("Allow dynamodb:DescribeTimeToLive")
                  .contains("quickphotos.dynamodb.enable-time-to-live=false");
            });
    runner
        .withBean(
            DynamoDbClient.class,
            () -> IamEnforcingClient.allowing(server, Set.of("dynamodb:GetItem")))
        .withPropertyValues(
            "quickphotos.table-name=denied", "quickphotos.create-table-if-missing=true")
        .run(
            context ->
                assertThat(analysis(context).getAction())
                    .contains("Allow dynamodb:DescribeTable")
                    .contains("quickphotos.create-table-if-missing=false"));
  }

  @Test
  void readmesApplicationYmlStartsUnderReadmesIamPolicy() throws IOException {
    List<String> properties = new ArrayList<>();
    for (PropertySource<?> source :
        new YamlPropertySourceLoader()
            .load("readme", new ClassPathResource("readme/application.yml"))) {
      EnumerablePropertySource<?> yaml = (EnumerablePropertySource<?>) source;
      for (String name : yaml.getPropertyNames()) {
        properties.add(name + "=" + yaml.getProperty(name));
      }
    }
    assertThat(properties).contains("quickphotos.create-table-if-missing=true");
    runner
        .withBean(
            DynamoDbClient.class,
            () -> IamEnforcingClient.allowing(server, IamEnforcingClient.readmePolicy()))
        .withPropertyValues(properties.toArray(String[]::new))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              assertThat(photos.settings().fanOut()).isEqualTo(FanOut.hybrid());
              photos.createUser(QuickPhotosAutoConfigurationTest.ANN);
              assertThat(photos.getUser("ann")).isPresent();
            });
  }
}
