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

  /**
   * Makes the table's global secondary index trail the table, as DynamoDB's does: the index
   * changes of every write from now on land {@code requests} requests to this table later (of
   * any kind, from any repository over it), in the order they were made. A Query of the index
   * meanwhile misses a new item and still returns a changed or deleted one as it was; the table
   * itself, and every strongly consistent read, are never behind. Counting requests rather than
   * time keeps a test reproducible. 0, the default, updates the index with the write. For one
   * write at a time, script {@link Fault#indexLag(int)}.
   *
   * @param requests how many requests later, 0 or more
   * @return this table
   * @throws IllegalArgumentException if negative
   */
  public InMemoryTable indexLag(int requests) {
    engine.indexLag(requests);
    return this;
  }

  /**
   * Lands every index change still waiting, at once: what a test calls where an application
   * would wait for DynamoDB's index to catch up.
   *
   * @return this table
   */
  public InMemoryTable catchUpIndex() {
    engine.catchUpIndex();
    return this;
  }

  /** The engine behind the table, for the builder. */
  MemoryTable engine() {
    return engine;
  }
}
