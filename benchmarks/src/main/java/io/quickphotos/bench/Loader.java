package io.quickphotos.bench;

import io.quickphotos.QuickPhotos;
import java.util.Locale;

/** Loads a data set through the repository's bulk import, and says how long it took. */
final class Loader {
  private Loader() {
  }

  /**
   * Imports a data set ({@link QuickPhotos#importSnapshot}): the same items, counters and index
   * entries the single writes would leave, in BatchWriteItem requests of 25.
   *
   * @param repository a repository on an empty table
   * @param data the data set
   * @param backend the backend's name, for the message
   */
  static void load(QuickPhotos repository, DataSet data, String backend) {
    long start = System.nanoTime();
    long items = repository.importSnapshot(data.snapshot(), written -> { });
    loaded(backend, items, start);
  }

  /**
   * Reports a finished load on standard output, which JMH shows with the trial.
   *
   * @param backend where the data went
   * @param items how many items
   * @param startNanos when loading started, from {@link System#nanoTime()}
   */
  static void loaded(String backend, long items, long startNanos) {
    System.out.printf(Locale.ROOT, "Loaded %,d items into %s in %.1f s%n", items, backend,
        (System.nanoTime() - startNanos) / 1e9);
  }
}
