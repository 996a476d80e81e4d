package io.quickphotos.memory;

import io.quickphotos.memory.internal.MemoryTable;

/**
 * One in-memory table that several repositories can share: each {@link MemoryQuickPhotos}
 * builder given the same table reads and writes the same items, as repositories of one
 * application fleet share one DynamoDB table. For tests of what a fleet does when its instances
 * run different settings or versions:
 *
 * <pre>{@code
 * InMemoryTable table = InMemoryTable.create();
 * QuickPhotos switched = MemoryQuickPhotos.builder().table(table).fanOut(FanOut.hybrid()).build();
 * QuickPhotos notYet = MemoryQuickPhotos.builder().table(table).fanOut(FanOut.off()).build();
 * }</pre>
 *
 * <p>Each repository keeps its own decorations (faults, throughput model, latency, cost
 * listener); the items are the table's. Thread-safe, as the engine is.
 */
public final class InMemoryTable {
  private final MemoryTable engine;

  private InMemoryTable(MemoryTable engine) {
    this.engine = engine;
  }

  /**
   * A new, empty table.
   *
   * @return the table
   */
  public static InMemoryTable create() {
    return new InMemoryTable(new MemoryTable());
  }

  /** The engine behind the table, for the builder. */
  MemoryTable engine() {
    return engine;
  }
}
