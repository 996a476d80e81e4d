package io.quickphotos.cli.backend;

import io.quickphotos.dynamo.QuickPhotosTable;
import java.net.URI;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options that choose a backend, shared by tour and load. */
public final class BackendOptions {
  /** The table name used when none is given, as in the design. */
  public static final String DEFAULT_TABLE = QuickPhotosTable.DEFAULT_NAME;

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--backend",
      paramLabel = "<backend>",
      defaultValue = "memory",
      converter = Backend.Converter.class,
      completionCandidates = Backend.Candidates.class,
      description = "Where the data lives: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  public Backend kind = Backend.MEMORY;

  @Option(
      names = "--endpoint",
      paramLabel = "<url>",
      description =
          "DynamoDB endpoint URL, with --backend dynamodb (default: the AWS endpoint "
              + "of the region).")
  URI endpoint;

  @Option(
      names = "--region",
      paramLabel = "<region>",
      description =
          "AWS region, with --backend dynamodb (default: from the AWS configuration, "
              + "else us-east-1).")
  String region;

  @Option(
      names = "--table",
      paramLabel = "<name>",
      description =
          "Table name, with --backend dynamodb; created if missing "
              + "(default: "
              + DEFAULT_TABLE
              + ").")
  String table;

  /**
   * Rejects DynamoDB-only options given with another backend, and malformed endpoints, as usage
   * errors.
   *
   * @throws CommandLine.ParameterException if the combination makes no sense
   */
  public void validate() {
    onlyWithDynamoDb("--endpoint", endpoint);
    onlyWithDynamoDb("--region", region);
    onlyWithDynamoDb("--table", table);
    if (endpoint != null
        && (endpoint.getScheme() == null
            || endpoint.getHost() == null
            || !(endpoint.getScheme().equals("http") || endpoint.getScheme().equals("https")))) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--endpoint must be an http or https URL such as http://localhost:8000, was " + endpoint);
    }
    if (table != null && !table.matches("[A-Za-z0-9_.-]{3,255}")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--table must be 3 to 255 letters, digits, '_', '-' or '.', was '" + table + "'");
    }
  }

  /**
   * The table name to use.
   *
   * @return the given name or {@link #DEFAULT_TABLE}
   */
  public String tableName() {
    return table == null ? DEFAULT_TABLE : table;
  }

  private void onlyWithDynamoDb(String option, Object value) {
    if (value != null && kind != Backend.DYNAMODB) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          option + " applies only to --backend dynamodb, not to --backend " + kind);
    }
  }
}
