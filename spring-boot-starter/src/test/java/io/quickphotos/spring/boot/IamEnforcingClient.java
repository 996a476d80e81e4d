package io.quickphotos.spring.boot;

import io.quickphotos.dynamo.IamPolicy;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * A DynamoDB Local client whose requests IAM would judge by a policy's actions: a request needing
 * an action the policy does not allow fails as DynamoDB fails it, {@code AccessDeniedException}
 * with IAM's message naming the action. Actions only (not resources): what the deployment test
 * needs to show a configuration starting, or not, under a policy.
 */
final class IamEnforcingClient implements ExecutionInterceptor {
  private static final Pattern ACTION = Pattern.compile("\"(dynamodb:[A-Za-z]+)\"");

  private final Set<String> allowed;

  private IamEnforcingClient(Set<String> allowed) {
    this.allowed = allowed;
  }

  /** Every action of README's policy, {@link IamPolicy#template()}. */
  static Set<String> readmePolicy() {
    Set<String> actions = new LinkedHashSet<>();
    Matcher matcher = ACTION.matcher(IamPolicy.template());
    while (matcher.find()) {
      actions.add(matcher.group(1));
    }
    return actions;
  }

  static DynamoDbClient allowing(DynamoDbLocal server, Set<String> actions) {
    return DynamoDbClient.builder()
        .endpointOverride(server.endpoint())
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .overrideConfiguration(c -> c.addExecutionInterceptor(new IamEnforcingClient(actions)))
        .build();
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    for (String action : actions(context.request())) {
      if (!allowed.contains(action)) {
        String message =
            "User: arn:aws:sts::123456789012:assumed-role/photo-service/i-0abc is not authorized"
                + " to perform: "
                + action
                + " on resource: arn:aws:dynamodb:us-east-1:123456789012:table/quick-photos"
                + " because no identity-based policy allows the "
                + action
                + " action";
        throw DynamoDbException.builder()
            .statusCode(400)
            .message(message)
            .awsErrorDetails(
                AwsErrorDetails.builder()
                    .errorCode("AccessDeniedException")
                    .errorMessage(message)
                    .serviceName("DynamoDb")
                    .build())
            .build();
      }
    }
  }

  /** The IAM actions a request needs: a transaction's, item by item. */
  private static Set<String> actions(SdkRequest request) {
    Set<String> actions = new LinkedHashSet<>();
    if (request instanceof TransactWriteItemsRequest write) {
      for (TransactWriteItem item : write.transactItems()) {
        actions.add(
            item.put() != null
                ? "dynamodb:PutItem"
                : item.update() != null
                    ? "dynamodb:UpdateItem"
                    : item.delete() != null
                        ? "dynamodb:DeleteItem"
                        : "dynamodb:ConditionCheckItem");
      }
    } else if (request instanceof TransactGetItemsRequest) {
      actions.add("dynamodb:GetItem");
    } else {
      String name = request.getClass().getSimpleName();
      actions.add("dynamodb:" + name.substring(0, name.length() - "Request".length()));
    }
    return actions;
  }
}
