package io.quickphotos.spring.boot;

/**
 * What the starter's repository bean was built on, for the health contributor; empty when the
 * application's own repository replaced the starter's. Filled in each time the starter builds the
 * repository (once, or again after a test's reset). Thread-safe.
 */
final class BuiltRepository {
  private volatile String backend;
  private volatile String table;

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
}
