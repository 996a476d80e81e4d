package io.quickphotos.internal.repository;

import io.quickphotos.QuickPhotos;
import io.quickphotos.engine.Table;

/**
 * The one way to build a repository over an engine. The backends' builders, the command, the
 * test kit and the benchmarks all build theirs here, so a repository is wired the same way
 * everywhere.
 */
public final class Repositories {
  private Repositories() {}

  /**
   * A repository executing the single-table plans against {@code table}. It makes no request
   * until called; it is thread-safe if the engine is.
   *
   * @param table the engine
   * @param options cost listener, clock and retry policy
   * @return the repository
   * @throws NullPointerException if an argument is null
   */
  public static QuickPhotos create(Table table, RepositoryOptions options) {
    return new SingleTableQuickPhotos(table, options);
  }
}
