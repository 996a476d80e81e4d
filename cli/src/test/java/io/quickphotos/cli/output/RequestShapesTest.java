package io.quickphotos.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.DynamoRequest;
import io.quickphotos.OperationCost;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestShapesTest {

  private static OperationCost cost(AccessPattern pattern, DynamoRequest... requests) {
    return new OperationCost(pattern, requests.length, 0, 0, 0, true, List.of(requests));
  }

  @Test
  void printsEachRequestOfEachCallInOrder() {
    assertThat(
            RequestShapes.of(
                List.of(
                    cost(
                        AccessPattern.FOLLOWED_BY,
                        new DynamoRequest("Query", "Query InvertedIndex SK = #FRIEND#u, forwards"),
                        new DynamoRequest("BatchGetItem", "BatchGetItem 1 key (PK = USER#a)")),
                    cost(
                        AccessPattern.GET_USER,
                        new DynamoRequest("GetItem", "GetItem PK = USER#u")))))
        .containsExactly(
            "Query InvertedIndex SK = #FRIEND#u, forwards",
            "BatchGetItem 1 key (PK = USER#a)",
            "GetItem PK = USER#u");
  }

  @Test
  void listsTheActionsOfATransactionOnePerLine() {
    assertThat(
            RequestShapes.of(
                List.of(
                    cost(
                        AccessPattern.UNFOLLOW,
                        new DynamoRequest(
                            "TransactWriteItems",
                            "TransactWriteItems, all or nothing: DeleteItem PK = USER#b if"
                                + " attribute_exists(PK); UpdateItem PK = USER#a SET following = following - 1")))))
        .containsExactly(
            "TransactWriteItems, all or nothing:",
            "  DeleteItem PK = USER#b if attribute_exists(PK)",
            "  UpdateItem PK = USER#a SET following = following - 1");
  }

  @Test
  void aCallThatMadeNoRequestShowsNone() {
    assertThat(RequestShapes.of(List.of(cost(AccessPattern.GET_USER)))).isEmpty();
  }
}
