package io.quickphotos.cli.backend;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.cli.CliException;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * An open backend: a repository and whatever must be shut down with it (a DynamoDB Local server,
 * an SDK client).
 */
public interface OpenBackend extends AutoCloseable {

  /**
   * The repository on this backend.
   *
   * @return the repository
   */
  QuickPhotos repository();

  /**
   * Another repository on this backend's table, with the same cost listener and clock, whose
   * new follows are timeline follows as {@code fanOut} says.
   *
   * @param fanOut the fan-out setting
   * @return the repository
   */
  QuickPhotos repositoryWith(FanOut fanOut);

  /**
   * Says where the data lives, for the command's header.
   *
   * @return e.g. {@code memory} or {@code DynamoDB Local on http://127.0.0.1:41234}
   */
  String description();

  /**
   * A repository on this backend's table for loading items as a file holds them
   * ({@code load --file}, with {@link io.quickphotos.TableItems#load}), which goes around the
   * repository and its cost listener. Built with settings of its own, it reads none of the
   * table's, so that {@link #repository()}, built afterwards, reads those the loaded items
   * record.
   *
   * @return the repository to load through
   */
  QuickPhotos loader();

  /** Releases the backend; the repository is unusable afterwards. */
  @Override
  void close();

  /**
   * Opens a backend.
   *
   * @param options which backend, and where for DynamoDB
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @return the open backend; close it when done
   * @throws CliException if the backend cannot be opened
   */
  static OpenBackend open(BackendOptions options, CostListener costListener, Clock clock) {
    return open(options, costListener, clock, null);
  }

  /**
   * Opens a backend whose repository serves the home feed as {@code fanOut} says, or as the
   * table's recorded settings say when it is null (as for every setting the command does not
   * choose). The repository is built when first asked for, so that items loaded into the engine
   * first (an export holding the settings item among them) are read.
   *
   * @param options which backend, and where for DynamoDB
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @param fanOut fan-out on read, or the hybrid; null for the table's
   * @return the open backend; close it when done
   * @throws CliException if the backend cannot be opened
   */
  static OpenBackend open(
      BackendOptions options, CostListener costListener, Clock clock, FanOut fanOut) {
    return switch (options.kind) {
      case MEMORY -> memory(costListener, clock, fanOut);
      case DYNAMODB_LOCAL -> DynamoDbBackends.local(costListener, clock, client -> {}, fanOut);
      case DYNAMODB -> DynamoDbBackends.remote(options, costListener, clock, fanOut);
    };
  }

  /**
   * Starts DynamoDB Local in this process and opens a backend on a new table there.
   *
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @return the backend; closing it stops the server
   * @throws CliException if DynamoDB Local cannot be started
   */
  static OpenBackend dynamoDbLocal(CostListener costListener, Clock clock) {
    return DynamoDbBackends.local(costListener, clock);
  }

  /**
   * Opens a new, empty in-memory backend.
   *
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @return the backend
   */
  static OpenBackend memory(CostListener costListener, Clock clock) {
    return memory(costListener, clock, null);
  }

  private static OpenBackend memory(CostListener costListener, Clock clock, FanOut fanOut) {
    InMemoryTable table = InMemoryTable.create();
    // Not given a fan-out, a builder adopts the table's recorded one; the sharding, always.
    Supplier<MemoryQuickPhotos.Builder> builder =
        () -> MemoryQuickPhotos.builder().table(table).costListener(costListener).clock(clock);
    Supplier<QuickPhotos> repository =
        once(() -> fanOut == null ? builder.get().build() : builder.get().fanOut(fanOut).build());
    return new OpenBackend() {
      @Override
      public QuickPhotos repository() {
        return repository.get();
      }

      @Override
      public QuickPhotos repositoryWith(FanOut setting) {
        return builder.get().fanOut(setting).build();
      }

      @Override
      public QuickPhotos loader() {
        // Settings given, so that building it reads none; they play no part in loading.
        return MemoryQuickPhotos.builder()
            .table(table)
            .fanOut(FanOut.off())
            .sharding(Sharding.defaults())
            .build();
      }

      @Override
      public String description() {
        return "memory (in this process)";
      }

      @Override
      public void close() {
        // The table is garbage once the repository is.
      }
    };
  }

  /**
   * A supplier that builds its value on the first call and returns the same one afterwards.
   * Commands run on one thread.
   *
   * @param build builds the value
   * @return the supplier
   */
  static <T> Supplier<T> once(Supplier<T> build) {
    Object[] built = new Object[1];
    return () -> {
      if (built[0] == null) {
        built[0] = build.get();
      }
      @SuppressWarnings("unchecked")
      T value = (T) built[0];
      return value;
    };
  }
}
