package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;

/**
 * The policy file, its filling in, and the copy of it in {@code docs/operations.md}. What the
 * backend really calls is checked against it on DynamoDB Local ({@code IamPolicyCheck} in
 * quickphotos-dynamo-local).
 */
class IamPolicyTest {
  /** The document that shows the policy, from the repository's root. */
  private static final Path DOCUMENT = Path.of("docs", "operations.md");

  /** The document's policy block follows this marker line. */
  private static final String MARKER =
      "<!-- dynamo-impl/src/main/resources/" + "io/quickphotos/dynamo/iam-policy.json -->";

  private static Map<String, JsonNode> statements(String policy) {
    JsonNode document = JsonNode.parser().parse(policy);
    assertThat(document.field("Version").map(JsonNode::asString)).hasValue("2012-10-17");
    return document.field("Statement").orElseThrow().asArray().stream()
        .collect(
            Collectors.toMap(
                s -> s.field("Sid").orElseThrow().asString(),
                s -> s,
                (a, b) -> {
                  throw new AssertionError("two statements with one Sid");
                },
                java.util.LinkedHashMap::new));
  }

  private static List<String> strings(JsonNode statement, String field) {
    return statement.field(field).orElseThrow().asArray().stream().map(JsonNode::asString).toList();
  }

  @Test
  void theTemplateGrantsEachPurposeItsOwnStatement() {
    Map<String, JsonNode> statements = statements(IamPolicy.template());

    assertThat(statements.keySet())
        .containsExactly(
            "QuickPhotosItems",
            "QuickPhotosInvertedIndex",
            "QuickPhotosAuditAndExport",
            "QuickPhotosCreateTable");
    String table = "arn:aws:dynamodb:<region>:<account>:table/quick-photos";
    assertThat(strings(statements.get("QuickPhotosItems"), "Action"))
        .containsExactlyInAnyOrder(
            "dynamodb:GetItem",
            "dynamodb:BatchGetItem",
            "dynamodb:Query",
            "dynamodb:PutItem",
            "dynamodb:UpdateItem",
            "dynamodb:DeleteItem",
            "dynamodb:BatchWriteItem",
            "dynamodb:ConditionCheckItem");
    assertThat(strings(statements.get("QuickPhotosItems"), "Resource")).containsExactly(table);
    assertThat(strings(statements.get("QuickPhotosInvertedIndex"), "Action"))
        .containsExactly("dynamodb:Query");
    assertThat(strings(statements.get("QuickPhotosInvertedIndex"), "Resource"))
        .containsExactly(table + "/index/" + QuickPhotosTable.INVERTED_INDEX);
    assertThat(strings(statements.get("QuickPhotosAuditAndExport"), "Action"))
        .containsExactly("dynamodb:Scan");
    assertThat(strings(statements.get("QuickPhotosCreateTable"), "Action"))
        .containsExactlyInAnyOrder("dynamodb:DescribeTable", "dynamodb:CreateTable");
    statements
        .values()
        .forEach(s -> assertThat(s.field("Effect").orElseThrow().asString()).isEqualTo("Allow"));
  }

  @Test
  void forTableFillsInEveryArn() {
    String policy = IamPolicy.forTable("eu-west-1", "123456789012", "photos-prod");

    assertThat(policy).doesNotContain("<region>", "<account>", "quick-photos\"");
    Map<String, JsonNode> statements = statements(policy);
    assertThat(strings(statements.get("QuickPhotosItems"), "Resource"))
        .containsExactly("arn:aws:dynamodb:eu-west-1:123456789012:table/photos-prod");
    assertThat(strings(statements.get("QuickPhotosInvertedIndex"), "Resource"))
        .containsExactly(
            "arn:aws:dynamodb:eu-west-1:123456789012:table/photos-prod/index/InvertedIndex");
    assertThat(IamPolicy.forTable("us-east-1", "123456789012", "quick-photos"))
        .isEqualTo(
            IamPolicy.template()
                .replace("<region>", "us-east-1")
                .replace("<account>", "123456789012"));
  }

  @Test
  void forTableRefusesWhatIsNoRegionAccountOrTable() {
    assertThatThrownBy(() -> IamPolicy.forTable("eu west 1", "123456789012", "photos"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("region");
    assertThatThrownBy(() -> IamPolicy.forTable("eu-west-1", "1234", "photos"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("account");
    assertThatThrownBy(() -> IamPolicy.forTable("eu-west-1", "123456789012", "a/b"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theOperationsGuideShowsThePolicyFileAsItIs() throws IOException {
    // Surefire runs in the module's directory; the document is the repository's.
    List<String> doc = Files.readAllLines(Path.of("..").resolve(DOCUMENT), StandardCharsets.UTF_8);
    int marker = doc.indexOf(MARKER);
    assertThat(marker).as("the marker line in %s", DOCUMENT).isNotNegative();
    assertThat(doc.get(marker + 1)).isEqualTo("```json");
    int end = doc.subList(marker + 2, doc.size()).indexOf("```") + marker + 2;
    assertThat(end).isGreaterThan(marker + 2);
    String block = String.join("\n", doc.subList(marker + 2, end)) + "\n";

    assertThat(block).isEqualTo(IamPolicy.template());
  }
}
