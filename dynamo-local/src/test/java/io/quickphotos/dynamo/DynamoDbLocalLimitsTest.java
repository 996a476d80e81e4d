package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two limits where DynamoDB Local answers other words than the service, which the memory engine
 * follows (memory-impl's {@code ValidationTest} holds it to the service's texts): what Local
 * says is pinned here, so a DynamoDB Local upgrade that changes it fails this test. The texts are
 * named in {@link Deviation}.
 *
 * <ul>
 *   <li><b>TransactWriteItems over 4 MB.</b> Both refuse above 4,194,304 bytes of items (a Put
 *       counts its item by DynamoDB's size formula, a Delete its key) and write nothing. Local
 *       also counts the expression strings and values of an Update or a ConditionCheck, so a
 *       transaction within a few dozen bytes of the limit can pass on memory and fail on Local.
 *   <li><b>An index key over its limit.</b> {@code PK} is {@code InvertedIndex}'s range key, held
 *       to 1024 bytes. Local refuses it on PutItem (and in a transaction) with a shorter text than
 *       the service's, and accepts it on UpdateItem, which the service and memory refuse.
 * </ul>
 */
class DynamoDbLocalLimitsTest {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  /** The texts, service's and DynamoDB Local 2.6.1's, of the refusals this class pins. */
  enum Deviation {
    TRANSACTION_TOO_LARGE(
        "Transaction request size cannot exceed 4 MB.",
        "Transaction payload size cannot exceed 4MB. Payload Size: "),
    INDEX_KEY_TOO_LONG(
        "One or more parameter values were invalid: Size limit exceeded for "
            + "Index Key PK Actual Size: 1025 bytes Max Size: 1024 bytes IndexName: InvertedIndex",
        "One or more parameter values were invalid: Size limit exceeded");

    /** What the service answers (memory-impl's {@code Rules} answers the same). */
    final String service;

    /** What DynamoDB Local answers (for the transaction, followed by the size in bytes). */
    final String local;

    Deviation(String service, String local) {
      this.service = service;
      this.local = local;
    }
  }

  private static final long FOUR_MEGABYTES = 4L * 1024 * 1024;

  private DynamoTable table;

  @BeforeEach
  void engine() {
    table = new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  /** Eleven puts in partition {@code pk} of {@code total} bytes in all, then {@code others}. */
  private static List<WriteAction> transactionOf(String pk, long total, WriteAction... others) {
    long puts = total;
    for (WriteAction other : others) {
      puts -= Item.builder(other.key()).build().size();
    }
    List<WriteAction> actions = new ArrayList<>();
    long each = puts / 11;
    for (int i = 0; i < 11; i++) {
      long size = i == 10 ? puts - 10 * each : each;
      Key key = new Key(pk, "k" + i);
      int padding = (int) (size - Item.builder(key).build().size() - "d".length());
      Item item = Item.builder(key).put("d", "x".repeat(padding)).build();
      assertThat((long) item.size()).isEqualTo(size);
      actions.add(new WriteAction.Put(item, ItemCondition.NONE));
    }
    actions.addAll(List.of(others));
    return actions;
  }

  private void assertNoneWritten(List<WriteAction> actions) {
    for (WriteAction action : actions.subList(0, 11)) {
      assertThat(table.getItem(action.key()).item()).isEmpty();
    }
  }

  @Test
  void aTransactionOfFourMegabytesIsAcceptedAndOneByteMoreIsRefusedInLocalsWords() {
    List<WriteAction> max = transactionOf("MAX", FOUR_MEGABYTES);
    table.transactWrite(max);
    assertThat(table.getItem(max.get(10).key()).item()).isPresent();

    List<WriteAction> over = transactionOf("OVER", FOUR_MEGABYTES + 1);
    assertThatThrownBy(() -> table.transactWrite(over))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessage(Deviation.TRANSACTION_TOO_LARGE.local + (FOUR_MEGABYTES + 1));
    assertNoneWritten(over);
  }

  @Test
  void aDeleteCountsItsKeyAsMemoryDoesButACheckAlsoCountsItsExpression() {
    Key existing = new Key("E", "x");
    table.write(new WriteAction.Put(Item.builder(existing).build(), ItemCondition.NONE));

    List<WriteAction> withDelete =
        transactionOf(
            "DEL", FOUR_MEGABYTES + 1, new WriteAction.Delete(existing, ItemCondition.NONE));
    assertThatThrownBy(() -> table.transactWrite(withDelete))
        .hasMessage(Deviation.TRANSACTION_TOO_LARGE.local + (FOUR_MEGABYTES + 1));
    assertNoneWritten(withDelete);

    // 4 MB exactly by memory's count, but Local adds the condition expression's 20 bytes
    // ("attribute_exists(PK)"): memory accepts this transaction, Local refuses it.
    List<WriteAction> withCheck =
        transactionOf("CHK", FOUR_MEGABYTES, new WriteAction.Check(existing, ItemCondition.EXISTS));
    assertThatThrownBy(() -> table.transactWrite(withCheck))
        .hasMessageStartingWith(Deviation.TRANSACTION_TOO_LARGE.local);
    assertNoneWritten(withCheck);
    assertThat(table.getItem(existing).item()).isPresent();
  }

  @Test
  void anIndexRangeKeyOver1024BytesIsRefusedInLocalsWordsOnPutButNotOnUpdate() {
    String pk = "p".repeat(1025);
    assertThatThrownBy(
            () ->
                table.write(
                    new WriteAction.Put(
                        Item.builder(new Key(pk, "s")).build(), ItemCondition.NONE)))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessage(Deviation.INDEX_KEY_TOO_LONG.local);
    assertThatThrownBy(
            () ->
                table.transactWrite(
                    List.of(
                        new WriteAction.Put(
                            Item.builder(new Key(pk, "t")).build(), ItemCondition.NONE))))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessage(Deviation.INDEX_KEY_TOO_LONG.local);
    assertThat(table.getItem(new Key(pk, "s")).item()).isEmpty();

    // The service, and memory, refuse this as well; Local writes it.
    table.write(
        new WriteAction.Update(
            new Key(pk, "u"),
            List.of(new UpdateAction.Add(AttributePath.of("n"), 1)),
            ItemCondition.NONE));
    assertThat(table.getItem(new Key(pk, "u")).item()).isPresent();
  }
}
