package io.quickphotos.spring.boot;

/**
 * What the starter's repository bean was built on, for the health contributor; empty when the
 * application's own repository replaced the starter's. Filled in each time the starter builds the
 * repository (once, or again after a test's reset). Thread-safe.
 */
final class BuiltRepository {
  private volatile String backend;
  private volatile String table;
  private volatile Object memoryStream;

  void record(String backend, String table) {
    this.table = table;
    this.backend = backend;
  }

  String backend() {
    return backend;
  }

  String table() {
    return table;
  }

  /**
   * Records the stream of the memory table the starter built the repository on, for the change
   * feed. An {@code Object} (a {@code MemoryStreams}), so that this class, which every start
   * loads, names no type of the AWS SDK's, which an application on memory may not have.
   */
  void recordMemoryStream(Object memoryStream) {
    this.memoryStream = memoryStream;
  }

  /** The memory table's stream of the last repository built, or null. */
  Object memoryStream() {
    return memoryStream;
  }
}
