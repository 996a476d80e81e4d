package io.quickphotos.cli.output;

import io.quickphotos.DynamoRequest;
import io.quickphotos.OperationCost;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out the DynamoDB requests a call made, as its cost events list them, one line each, e.g.
 * {@code Query PK = USER#u AND SK BETWEEN #METADATA#u AND PHOTO$, backwards, Limit 5, strongly
 * consistent}; a transaction gets a heading and one indented line per action. The tour prints
 * what actually ran, so it cannot drift from the code.
 */
public final class RequestShapes {
  /** What a transaction's description puts between its heading and its actions. */
  private static final String ACTIONS = "all or nothing: ";

  /** The operation of a transaction, as {@link DynamoRequest#operation()} names it. */
  private static final String TRANSACT_WRITE_ITEMS = "TransactWriteItems";

  private RequestShapes() {}

  /**
   * The requests of some calls, in the order they were made.
   *
   * @param costs the calls' cost events
   * @return one line per request, more for a transaction
   */
  public static List<String> of(List<OperationCost> costs) {
    List<String> lines = new ArrayList<>();
    for (OperationCost cost : costs) {
      for (DynamoRequest request : cost.requestsMade()) {
        lines.addAll(lines(request));
      }
    }
    return lines;
  }

  private static List<String> lines(DynamoRequest request) {
    String text = request.description();
    int actions = text.indexOf(ACTIONS);
    if (!TRANSACT_WRITE_ITEMS.equals(request.operation()) || actions < 0) {
      return List.of(text);
    }
    List<String> lines = new ArrayList<>();
    lines.add(text.substring(0, actions + ACTIONS.length() - 1));
    for (String action : text.substring(actions + ACTIONS.length()).split("; ")) {
      lines.add("  " + action);
    }
    return lines;
  }
}
