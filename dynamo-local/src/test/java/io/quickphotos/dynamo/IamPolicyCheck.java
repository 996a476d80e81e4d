package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Proves that a test class's requests stay inside the published IAM policy
 * ({@link IamPolicy}): the class sends through {@link #client()}, which records every request
 * ({@link RecordedRequests}); after the class, every action on every table or index it recorded
 * must be allowed by the policy's statements for the repository (items, the inverted index, the
 * audit's Scan) — not the table-creation statement, which a running application does not need —
 * and every table must be one the class's tests were given. The check cannot pass on nothing: the
 * class must have made requests, and when every one of its tests ran, it must have reached the
 * actions it names (its core operations).
 *
 * <p>Register it after the {@link DynamoDbLocalExtension} it reads the tables of (both fields
 * with {@code @Order}), so that each test's table exists while this extension reads it.
 */
final class IamPolicyCheck implements BeforeEachCallback, AfterEachCallback, AfterAllCallback {
  /** The statements a running repository may use. */
  static final String[] REPOSITORY_STATEMENTS = {
    "QuickPhotosItems", "QuickPhotosInvertedIndex", "QuickPhotosAuditAndExport"
  };

  private final DynamoDbLocalExtension dynamo;
  private final Set<RecordedRequests.Access> core;
  private final RecordedRequests recorded = new RecordedRequests();
  private final Set<String> tables = ConcurrentHashMap.newKeySet();
  private final Set<String> ran = ConcurrentHashMap.newKeySet();
  private DynamoDbClient client;

  /**
   * @param dynamo the extension whose tables the class uses
   * @param core the actions a full run of the class must have used, without the
   *     {@code dynamodb:} prefix, on the table, or on the index for {@code "Query@index"}
   */
  IamPolicyCheck(DynamoDbLocalExtension dynamo, String... core) {
    this.dynamo = dynamo;
    this.core = new LinkedHashSet<>();
    for (String action : core) {
      this.core.add(
          action.endsWith("@index")
              ? new RecordedRequests.Access(
                  "dynamodb:" + action.substring(0, action.length() - "@index".length()),
                  PolicyStatements.INDEX_ARN)
              : new RecordedRequests.Access("dynamodb:" + action, PolicyStatements.TABLE_ARN));
    }
  }

  /**
   * The check for a suite whose full run uses every action the repository's statements allow.
   *
   * @param dynamo the extension whose tables the class uses
   * @return the check
   */
  static IamPolicyCheck reachingEveryAction(DynamoDbLocalExtension dynamo) {
    IamPolicyCheck check = new IamPolicyCheck(dynamo);
    check.core.addAll(PolicyStatements.template().grants(REPOSITORY_STATEMENTS));
    return check;
  }

  /**
   * The recording client on the shared DynamoDB Local server, created on first use; the test
   * class hands it to every engine and repository it builds.
   */
  synchronized DynamoDbClient client() {
    if (client == null) {
      client = recordingClient(dynamo.table().server(), recorded);
    }
    return client;
  }

  /**
   * A client for the server configured as {@link DynamoDbLocal#client()} is, that records its
   * requests; the caller closes it.
   */
  static DynamoDbClient recordingClient(DynamoDbLocal server, RecordedRequests recorded) {
    return DynamoDbClient.builder()
        .endpointOverride(server.endpoint())
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .overrideConfiguration(o -> o.addExecutionInterceptor(recorded))
        .build();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    tables.add(dynamo.table().tableName());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    ran.add(signature(context.getRequiredTestMethod()));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      check(context.getRequiredTestClass());
    } finally {
      synchronized (this) {
        if (client != null) {
          client.close();
          client = null;
        }
      }
    }
  }

  private void check(Class<?> testClass) {
    Map<String, Long> operations = recorded.operations();
    Map<RecordedRequests.Access, Long> accesses = recorded.accesses(tables);
    boolean fullRun = !ran.isEmpty() && ran.containsAll(declaredTests(testClass));
    System.out.println(
        "IAM "
            + testClass.getSimpleName()
            + (fullRun ? " (every test)" : " (" + ran.size() + " tests)")
            + ": requests "
            + operations
            + "; actions "
            + accesses.keySet().stream()
                .map(
                    a ->
                        a.action()
                            + (a.resource().equals(PolicyStatements.INDEX_ARN) ? "@index" : ""))
                .collect(Collectors.joining(", ")));
    if (ran.isEmpty()) {
      return; // every test was filtered out or disabled: nothing ran, nothing to check
    }
    assertThat(operations).as("requests recorded by %s", testClass.getSimpleName()).isNotEmpty();

    Set<RecordedRequests.Access> allowed =
        PolicyStatements.template().grants(REPOSITORY_STATEMENTS);
    assertThat(accesses.keySet())
        .as(
            "accesses of %s outside the repository's statements of iam-policy.json",
            testClass.getSimpleName())
        .isSubsetOf(allowed);
    if (fullRun) {
      assertThat(accesses.keySet())
          .as("core accesses of a full run of %s", testClass.getSimpleName())
          .containsAll(core);
    }
  }

  /** Every test method of the class and its superclasses that can run, by signature. */
  private static Set<String> declaredTests(Class<?> testClass) {
    Set<String> tests = new LinkedHashSet<>();
    for (Class<?> c = testClass; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (AnnotationSupport.isAnnotated(m, Testable.class)
            && !AnnotationSupport.isAnnotated(m, Disabled.class)) {
          tests.add(signature(m));
        }
      }
    }
    return tests;
  }

  private static String signature(Method method) {
    List<String> parameters =
        Arrays.stream(method.getParameterTypes()).map(Class::getName).toList();
    return method.getName() + parameters;
  }
}
