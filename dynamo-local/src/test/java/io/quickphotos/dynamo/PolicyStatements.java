package io.quickphotos.dynamo;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;

/**
 * The statements of {@link IamPolicy#template()}, read as IAM reads an Allow statement without
 * conditions: an action on a resource is allowed if one statement names both. The template's
 * resources name the table {@code quick-photos}; {@link RecordedRequests} reports accesses on
 * that name.
 */
record PolicyStatements(List<Statement> statements) {

  /** One Allow statement: its Sid, actions and resource ARNs. */
  record Statement(String sid, Set<String> actions, Set<String> resources) {}

  /** The table's ARN in the template. */
  static final String TABLE_ARN = "arn:aws:dynamodb:<region>:<account>:table/quick-photos";

  /** The index's ARN in the template. */
  static final String INDEX_ARN = TABLE_ARN + "/index/" + QuickPhotosTable.INVERTED_INDEX;

  static PolicyStatements template() {
    JsonNode document = JsonNode.parser().parse(IamPolicy.template());
    List<Statement> statements =
        document.field("Statement").orElseThrow().asArray().stream()
            .map(
                s -> {
                  if (!s.field("Effect").orElseThrow().asString().equals("Allow")
                      || s.field("Condition").isPresent()) {
                    throw new IllegalStateException("not a plain Allow statement: " + s);
                  }
                  return new Statement(
                      s.field("Sid").orElseThrow().asString(),
                      strings(s.field("Action").orElseThrow()),
                      strings(s.field("Resource").orElseThrow()));
                })
            .toList();
    return new PolicyStatements(statements);
  }

  private static Set<String> strings(JsonNode array) {
    Set<String> values = new LinkedHashSet<>();
    array.asArray().forEach(v -> values.add(v.asString()));
    return values;
  }

  /** Whether some statement allows the action on the resource. */
  boolean allows(String action, String resource) {
    return statements.stream()
        .anyMatch(s -> s.actions().contains(action) && s.resources().contains(resource));
  }

  /** The statement with this Sid. */
  Statement statement(String sid) {
    return statements.stream()
        .filter(s -> s.sid().equals(sid))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no statement " + sid));
  }

  /** Every (action, resource) the statements with these Sids allow. */
  Set<RecordedRequests.Access> grants(String... sids) {
    Set<RecordedRequests.Access> grants = new LinkedHashSet<>();
    for (String sid : sids) {
      Statement s = statement(sid);
      for (String action : s.actions()) {
        for (String resource : s.resources()) {
          grants.add(new RecordedRequests.Access(action, resource));
        }
      }
    }
    return grants;
  }
}
