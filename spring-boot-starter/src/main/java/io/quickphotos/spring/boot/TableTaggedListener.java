package io.quickphotos.spring.boot;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The starter's metrics or observations listener, which tags what it records with a table: as a
 * bean it is the listener of {@code quickphotos.table-name} (or {@code memory}), and {@link
 * QuickPhotosBuilderConfigurer} gives each repository it configures the same listener for that
 * repository's own table ({@link #forBuilder}), so that two {@code QuickPhotos} beans over two
 * tables are told apart in the meters and spans. A listener per table is made once and shared by
 * every repository on that table, as the meters are the registry's either way. Thread-safe.
 */
final class TableTaggedListener implements CostListener {
  private final String table;
  private final Function<String, CostListener> make;
  private final Map<String, CostListener> byTable = new ConcurrentHashMap<>();
  private final CostListener own;

  /**
   * @param table the table this bean's own calls are tagged with
   * @param make the listener for a table; called at most once per table
   */
  TableTaggedListener(String table, Function<String, CostListener> make) {
    this.table = table;
    this.make = make;
    this.own = byTable.computeIfAbsent(table, make);
  }

  /** The table this bean's own calls are tagged with. */
  String table() {
    return table;
  }

  /** The listener tagged with {@code table}, sharing this one's listeners per table. */
  CostListener forTable(String table) {
    return byTable.computeIfAbsent(Objects.requireNonNull(table, "table"), make);
  }

  /**
   * The listener for the table a builder ends up with. The table is read when the repository
   * first asks the listener something, which it does while it is built ({@link
   * CostListener#timesCalls()} and the other questions are asked then): by that time the
   * application has set the table, also when it did so after {@code configure}. The builder is
   * let go once read.
   */
  CostListener forBuilder(Supplier<String> tableOfBuilder) {
    return new Deferred(this, tableOfBuilder);
  }

  @Override
  public void onCost(OperationCost cost) {
    own.onCost(cost);
  }

  @Override
  public boolean timesCalls() {
    return own.timesCalls();
  }

  @Override
  public boolean countsSdkAttempts() {
    return own.countsSdkAttempts();
  }

  @Override
  public boolean receivesCallStarts() {
    return own.receivesCallStarts();
  }

  @Override
  public void onCallStart(AccessPattern pattern) {
    own.onCallStart(pattern);
  }

  @Override
  public void onCallFailure(AccessPattern pattern, Throwable failure) {
    own.onCallFailure(pattern, failure);
  }

  @Override
  public String toString() {
    return own.toString();
  }

  /** A table's listener, chosen when the repository first asks. */
  private static final class Deferred implements CostListener {
    private final TableTaggedListener tables;
    private volatile Supplier<String> tableOfBuilder;
    private volatile CostListener chosen;

    Deferred(TableTaggedListener tables, Supplier<String> tableOfBuilder) {
      this.tables = tables;
      this.tableOfBuilder = tableOfBuilder;
    }

    private CostListener chosen() {
      CostListener listener = chosen;
      if (listener == null) {
        synchronized (this) {
          listener = chosen;
          if (listener == null) {
            listener = tables.forTable(tableOfBuilder.get());
            chosen = listener;
            tableOfBuilder = null; // the builder, with its client, is not kept
          }
        }
      }
      return listener;
    }

    @Override
    public void onCost(OperationCost cost) {
      chosen().onCost(cost);
    }

    @Override
    public boolean timesCalls() {
      return chosen().timesCalls();
    }

    @Override
    public boolean countsSdkAttempts() {
      return chosen().countsSdkAttempts();
    }

    @Override
    public boolean receivesCallStarts() {
      return chosen().receivesCallStarts();
    }

    @Override
    public void onCallStart(AccessPattern pattern) {
      chosen().onCallStart(pattern);
    }

    @Override
    public void onCallFailure(AccessPattern pattern, Throwable failure) {
      chosen().onCallFailure(pattern, failure);
    }

    @Override
    public String toString() {
      return chosen().toString();
    }
  }
}
