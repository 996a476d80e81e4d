package io.quickphotos.spring.boot;

import io.quickphotos.QuickPhotosException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * Reads a failure met while the starter builds the DynamoDB client or the repository, and says
 * what in the deployment is wrong and which property or environment setting fixes it. Only the
 * deployment's problems become a {@link QuickPhotosStartupException}; anything else is left as
 * it is. Relies on what the repository promises ({@link QuickPhotosException#kind()}, the SDK's
 * exception as the cause) and on the SDK's error codes. Stateless.
 */
final class DeploymentProblems {
  /** What the starter was doing when the failure came. */
  enum Step {
    /** Creating the table when missing: DescribeTable, CreateTable. */
    CREATE_TABLE("dynamodb:DescribeTable and dynamodb:CreateTable"),
    /** Reading the table: GetItem of the recorded settings. */
    READ("dynamodb:GetItem"),
    /** Enabling time to live: DescribeTimeToLive, UpdateTimeToLive. */
    TIME_TO_LIVE("dynamodb:DescribeTimeToLive and dynamodb:UpdateTimeToLive");

    private final String actions;

    Step(String actions) {
      this.actions = actions;
    }
  }

  /** Error codes of credentials that are there but not accepted. */
  private static final Set<String> BAD_CREDENTIALS =
      Set.of(
          "UnrecognizedClientException",
          "InvalidSignatureException",
          "MissingAuthenticationTokenException",
          "ExpiredTokenException",
          "IncompleteSignatureException");

  /** How IAM names the denied action: "... is not authorized to perform: dynamodb:GetItem on". */
  private static final Pattern DENIED_ACTION = Pattern.compile("perform: (dynamodb:[A-Za-z]+)");

  private static final String MEMORY_HINT =
      " To run without DynamoDB (development, tests), set quickphotos.backend=memory; in tests"
          + " with quickphotos-test on the class path, leave quickphotos.backend unset.";

  private DeploymentProblems() {}

  /**
   * The client could not be built.
   *
   * @param e the SDK's failure
   * @return the explained failure, or {@code e} when it is not the region
   */
  static RuntimeException client(SdkClientException e) {
    String message = String.valueOf(e.getMessage());
    if (message.contains("region")) {
      return new QuickPhotosStartupException(
          "quickphotos.backend is dynamodb and no AWS region is set: the AWS SDK's region chain"
              + " (the AWS_REGION environment variable, the aws.region system property, the"
              + " profile, instance metadata) found none, so the DynamoDB client cannot be"
              + " built.",
          "Set quickphotos.dynamodb.region (for example eu-west-1) or the environment variable"
              + " AWS_REGION."
              + MEMORY_HINT,
          e);
    }
    return e;
  }

  /**
   * A request of the start failed.
   *
   * @param e what the repository or the table helper threw
   * @param step what the starter was doing
   * @param table the table's name
   * @param region the client's region, or null if unknown
   * @return the explained failure, or {@code e} when it is not the deployment's
   */
  static RuntimeException request(RuntimeException e, Step step, String table, String region) {
    if (step != Step.READ && unavailable(e)) {
      // Creating the table or enabling time to live is a step the start cannot skip and warn
      // about, as it does for a read: the repository it would build has no table to run on.
      return new QuickPhotosStartupException(
          "DynamoDB did not answer while the start was "
              + (step == Step.CREATE_TABLE ? "creating" : "enabling time to live on")
              + " the table "
              + table
              + (region == null ? "" : " in " + region)
              + " (throttled, or the endpoint unreachable): "
              + e.getMessage(),
          "Start again once DynamoDB answers: check the endpoint (quickphotos.dynamodb.endpoint,"
              + " or the region's) and the network. Or create the table"
              + (step == Step.CREATE_TABLE ? "" : "'s time to live")
              + " as infrastructure and set "
              + (step == Step.CREATE_TABLE
                  ? "quickphotos.create-table-if-missing=false"
                  : "quickphotos.dynamodb.enable-time-to-live=false")
              + ": a DynamoDB that does not answer at start is then a warning, and health"
              + " reports it.",
          e);
    }
    if (!(e instanceof QuickPhotosException qe)
        || qe.kind() != QuickPhotosException.Kind.MISCONFIGURED) {
      return e;
    }
    String where = "the table " + table + (region == null ? "" : " in " + region);
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof SdkClientException
          && String.valueOf(cause.getMessage()).contains("Unable to load credentials")) {
        return new QuickPhotosStartupException(
            "No AWS credentials to read "
                + where
                + ": the AWS SDK's default chain (environment variables, system properties,"
                + " the profile, container and instance roles) found none.",
            "Give the process credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY,"
                + " AWS_PROFILE, or a role (an instance profile, an ECS task role, an EKS service"
                + " account); or declare a DynamoDbClient bean with a credentials provider."
                + MEMORY_HINT,
            e);
      }
      if (cause instanceof AwsServiceException service && service.awsErrorDetails() != null) {
        String code = String.valueOf(service.awsErrorDetails().errorCode());
        String said = service.awsErrorDetails().errorMessage();
        if (code.equals("ResourceNotFoundException")) {
          return new QuickPhotosStartupException(
              "The DynamoDB table "
                  + table
                  + " does not exist"
                  + (region == null ? "" : " in " + region)
                  + ", or these credentials cannot see it ("
                  + said
                  + ").",
              "Create the table as infrastructure (QuickPhotosTable.createTableRequest gives the"
                  + " request, docs/operations.md), or set"
                  + " quickphotos.create-table-if-missing=true (the role then needs"
                  + " dynamodb:DescribeTable and dynamodb:CreateTable); or point"
                  + " quickphotos.table-name and quickphotos.dynamodb.region (AWS_REGION) at the"
                  + " table that exists.",
              e);
        }
        if (code.equals("AccessDeniedException")) {
          return denied(e, step, where, said);
        }
        if (BAD_CREDENTIALS.contains(code)) {
          return new QuickPhotosStartupException(
              "DynamoDB refused the credentials the client signs with ("
                  + code
                  + ": "
                  + said
                  + ") when reading "
                  + where
                  + ".",
              "Check the credentials the process has: AWS_ACCESS_KEY_ID,"
                  + " AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (expired?), AWS_PROFILE, or"
                  + " the role; and that quickphotos.dynamodb.region (AWS_REGION) is the table's.",
              e);
        }
      }
    }
    return new QuickPhotosStartupException(
        "The DynamoDB table " + table + " is not as quickphotos needs it: " + e.getMessage(),
        "Point quickphotos.table-name at a table with quickphotos' layout (PK and SK, strings;"
            + " the index InvertedIndex), or create one with QuickPhotosTable.createTableRequest"
            + " (docs/operations.md).",
        e);
  }

  /**
   * Throttled or unreachable: the repository's unavailable kind, or the SDK's client failure
   * (a connection refused) other than missing credentials, which is the deployment's.
   */
  private static boolean unavailable(RuntimeException e) {
    if (e instanceof QuickPhotosException qe) {
      return qe.kind() == QuickPhotosException.Kind.UNAVAILABLE;
    }
    return e instanceof SdkClientException
        && !String.valueOf(e.getMessage()).contains("Unable to load credentials");
  }

  private static QuickPhotosStartupException denied(
      RuntimeException e, Step step, String where, String said) {
    Matcher named = DENIED_ACTION.matcher(String.valueOf(said));
    String action = named.find() ? named.group(1) : step.actions;
    String fix =
        switch (step) {
          case TIME_TO_LIVE ->
              " Or set quickphotos.dynamodb.enable-time-to-live=false and enable time to live"
                  + " on the attribute expiresAt as infrastructure.";
          case CREATE_TABLE ->
              " Or set quickphotos.create-table-if-missing=false and create the table as"
                  + " infrastructure.";
          case READ -> "";
        };
    return new QuickPhotosStartupException(
        "The role may not call "
            + action
            + " on "
            + where
            + " (AccessDeniedException: "
            + said
            + ").",
        "Allow "
            + action
            + " on the table in the role's IAM policy: IamPolicy.forTable(region, account,"
            + " table) gives the policy quickphotos needs (docs/operations.md#the-iam-policy)."
            + fix,
        e);
  }
}
