package io.quickphotos.internal.repository;

import io.quickphotos.QuickPhotos;
import io.quickphotos.TableSettings;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.bulk.RawItems;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.singletable.codec.TableSettingsItem;
import java.util.Objects;
import java.util.Optional;

/**
 * The one way to build a repository over an engine. The backends' builders, the command, the
 * test kit and the benchmarks all build theirs here, so a repository is wired the same way
 * everywhere.
 */
public final class Repositories {
  private static final System.Logger LOG = System.getLogger(Repositories.class.getName());

  private Repositories() {}

  /**
   * A repository executing the single-table plans against {@code table}. With
   * {@link RepositoryOptions#consultTable()} it reads the table's recorded settings first (one
   * GetItem, not reported to the cost listener): a setting not given is the table's (or the
   * default where the table records none), and a setting given that differs from the table's is
   * logged as a WARNING, whether one setting was given or both. A read that fails is a WARNING
   * too, naming the settings the repository runs with instead; the repository is built all the
   * same (its first call reports what is wrong with the table). Without
   * {@code consultTable} it makes no request until called. The repository is thread-safe if the
   * engine is.
   *
   * @param table the engine
   * @param options cost listener, clock, retry policy and settings
   * @return the repository
   * @throws NullPointerException if an argument is null
   */
  public static QuickPhotos create(Table table, RepositoryOptions options) {
    return create(table, options, table);
  }

  /**
   * {@link #create(Table, RepositoryOptions)}, reading the table's recorded settings from
   * {@code settingsFrom}, which the tools of {@link #rawItems} read and write too: the memory
   * backend passes its bare engine, so that a fault script or throughput model meets the
   * application's calls alone.
   *
   * @param table the engine
   * @param options cost listener, clock, retry policy and settings
   * @param settingsFrom the engine to read the recorded settings from
   * @return the repository
   */
  public static QuickPhotos create(Table table, RepositoryOptions options, Table settingsFrom) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(settingsFrom, "settingsFrom");
    if (!options.consultTable()) {
      return new SingleTableQuickPhotos(
          table, options, new Retrier(options.retryPolicy()), settingsFrom);
    }
    // Read even when both settings are given: a difference is worth a warning either way, and
    // one GetItem at build time is all it costs.
    RepositoryOptions chosen = options;
    Optional<TableSettings> recorded;
    try {
      recorded = recordedSettings(settingsFrom);
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "the table's recorded settings could not be read ("
              + e
              + "): this repository runs with sharding "
              + options.sharding()
              + (options.shardingGiven() ? " (its own)" : " (the default)")
              + " and fan-out "
              + options.fanOut()
              + (options.fanOutGiven() ? " (its own)" : " (the default)")
              + "; its first call will report what is wrong if the table is unusable",
          e);
      return new SingleTableQuickPhotos(
          table, options, new Retrier(options.retryPolicy()), settingsFrom);
    }
    if (recorded.isPresent()) {
      TableSettings settings = recorded.get();
      if (!options.shardingGiven()) {
        chosen = chosen.withSharding(settings.sharding());
      } else if (!options.sharding().equals(settings.sharding())) {
        differs("sharding", options.sharding(), settings.sharding());
      }
      if (!options.fanOutGiven()) {
        chosen = chosen.withFanOut(settings.fanOut());
      } else if (!options.fanOut().equals(settings.fanOut())) {
        differs("fan-out", options.fanOut(), settings.fanOut());
      }
    }
    return new SingleTableQuickPhotos(
        table, chosen, new Retrier(chosen.retryPolicy()), settingsFrom);
  }

  /**
   * The table of a repository built here, as items, for tools: on the engine its recorded
   * settings are read from (the memory backend's bare table), with its retry policy.
   *
   * @param repository a repository built by {@link #create}
   * @return its table's items
   * @throws IllegalArgumentException if the repository was not built here
   */
  public static RawItems rawItems(QuickPhotos repository) {
    if (repository instanceof SingleTableQuickPhotos built) {
      return built.rawItems();
    }
    throw new IllegalArgumentException(
        "not a repository built by MemoryQuickPhotos or DynamoQuickPhotos: "
            + (repository == null ? "null" : repository.getClass().getName()));
  }

  /**
   * The settings the table records, read with one strongly consistent GetItem; empty if it
   * records none or records values this version cannot take.
   *
   * @param table the engine
   * @return the recorded settings
   * @throws RuntimeException if the table cannot be read now (a table not created yet, missing
   *     permissions, an unreachable endpoint)
   */
  static Optional<TableSettings> recordedSettings(Table table) {
    return table.getItem(TableSettingsItem.KEY).item().flatMap(TableSettingsItem::settings);
  }

  private static void differs(String setting, Object given, Object recorded) {
    LOG.log(
        System.Logger.Level.WARNING,
        "this repository's "
            + setting
            + " setting "
            + given
            + " differs from the table's recorded "
            + recorded
            + ": every mix is safe, and this repository keeps its own (see "
            + "docs/operating-a-fleet.md)");
  }
}
