package io.quickphotos.dynamo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The IAM policy the DynamoDB backend needs, and nothing more: the identity-based policy to attach
 * to the role or user whose credentials the {@code DynamoDbClient} signs with. Four statements, by
 * purpose:
 *
 * <ul>
 *   <li>{@code QuickPhotosItems}, on the table: every request a repository makes — GetItem,
 *       BatchGetItem, Query, PutItem, UpdateItem, DeleteItem, BatchWriteItem — and
 *       ConditionCheckItem. IAM has no action for a transaction as a whole: TransactWriteItems is
 *       authorized item by item, as PutItem, UpdateItem, DeleteItem or ConditionCheckItem.
 *   <li>{@code QuickPhotosInvertedIndex}, on the index: Query, the only request made on it.
 *   <li>{@code QuickPhotosAuditAndExport}, on the table: Scan, made only by
 *       {@link io.quickphotos.QuickPhotos#audit} and by tools that read a whole table (export,
 *       test fixtures). Leave it out if the application calls neither.
 *   <li>{@code QuickPhotosCreateTable}, on the table: DescribeTable and CreateTable, made only by
 *       {@link QuickPhotosTable#createIfMissing}, {@link QuickPhotosTable#verify} and
 *       {@link DynamoQuickPhotos.Builder#createTableIfMissing(boolean)}. Leave it out where the
 *       table is created as infrastructure.
 * </ul>
 *
 * <p>The text is the resource {@code io/quickphotos/dynamo/iam-policy.json} of this module, the
 * same text {@code docs/operations.md} shows; the DynamoDB Local tests record every request the
 * contract suites make and fail on one this policy would refuse. Stateless.
 */
public final class IamPolicy {
  /** The table name in {@link #template()}; the ARNs' placeholders are the other two. */
  private static final String TEMPLATE_TABLE = "table/" + QuickPhotosTable.DEFAULT_NAME;

  private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-\\d+");
  private static final Pattern ACCOUNT = Pattern.compile("\\d{12}");

  private IamPolicy() {}

  /**
   * The policy for the table {@value QuickPhotosTable#DEFAULT_NAME}, with {@code <region>} and
   * {@code <account>} in its ARNs to fill in.
   *
   * @return the policy document, JSON
   */
  public static String template() {
    try (InputStream in = IamPolicy.class.getResourceAsStream("iam-policy.json")) {
      if (in == null) {
        throw new IllegalStateException("iam-policy.json is missing from quickphotos-dynamo");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The policy for one table, ready to attach. The ARNs are in the {@code aws} partition; in the
   * China or GovCloud regions replace {@code arn:aws:} with {@code arn:aws-cn:} or
   * {@code arn:aws-us-gov:}.
   *
   * @param region the table's region, e.g. {@code eu-west-1}
   * @param accountId the 12-digit account that owns the table
   * @param tableName the table's name
   * @return the policy document, JSON
   * @throws IllegalArgumentException if the region, account or table name is malformed
   */
  public static String forTable(String region, String accountId, String tableName) {
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(accountId, "accountId");
    if (!REGION.matcher(region).matches()) {
      throw new IllegalArgumentException("not a region: " + region);
    }
    if (!ACCOUNT.matcher(accountId).matches()) {
      throw new IllegalArgumentException("not a 12-digit account id: " + accountId);
    }
    QuickPhotosTable.checkTableName(tableName);
    return template()
        .replace("<region>", region)
        .replace("<account>", accountId)
        // Both ARNs start with the table's; the index ARN keeps its "/index/..." suffix.
        .replace(TEMPLATE_TABLE, "table/" + tableName);
  }
}
