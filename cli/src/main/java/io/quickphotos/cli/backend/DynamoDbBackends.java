package io.quickphotos.cli.backend;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Sharding;
import io.quickphotos.cli.CliException;
import io.quickphotos.cli.ErrorMessages;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/** Opens the two DynamoDB backends: DynamoDB Local in this process, and any endpoint. */
public final class DynamoDbBackends {
  /** The region used when neither --region nor the AWS configuration names one. */
  static final Region FALLBACK_REGION = Region.US_EAST_1;

  private DynamoDbBackends() {}

  /**
   * Starts DynamoDB Local on a free loopback port, in memory, and opens a repository on a new
   * table there.
   *
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @return the backend; closing it stops the server and drops its tables
   * @throws CliException if the server does not start
   */
  public static OpenBackend local(CostListener costListener, Clock clock) {
    return local(costListener, clock, client -> {});
  }

  /**
   * Starts DynamoDB Local as {@link #local(CostListener, Clock)} does, and hands its client to
   * {@code beforeOpening} before the repository's table is created, e.g. to warm the server up
   * on a table of its own.
   *
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @param beforeOpening runs first, with a client of the new server
   * @return the backend; closing it stops the server and drops its tables
   * @throws CliException if the server does not start
   */
  public static OpenBackend local(
      CostListener costListener, Clock clock, Consumer<DynamoDbClient> beforeOpening) {
    return local(costListener, clock, beforeOpening, null);
  }

  /**
   * {@link #local(CostListener, Clock, Consumer)} with a repository that serves the home feed as
   * {@code fanOut} says.
   *
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @param beforeOpening runs first, with a client of the new server
   * @param fanOut fan-out on read, or the hybrid; null for the table's recorded setting
   * @return the backend; closing it stops the server and drops its tables
   * @throws CliException if the server does not start
   */
  public static OpenBackend local(
      CostListener costListener,
      Clock clock,
      Consumer<DynamoDbClient> beforeOpening,
      FanOut fanOut) {
    DynamoDbLocal local;
    // DynamoDB Local prints its configuration to standard output on start, which would land in
    // the middle of the command's report; the description below says what matters of it.
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    try {
      local = DynamoDbLocal.start();
    } catch (RuntimeException e) {
      throw new CliException("DynamoDB Local did not start: " + rootMessage(e), e);
    } finally {
      System.setOut(stdout);
    }
    try {
      beforeOpening.accept(local.client());
      QuickPhotosTable.createIfMissing(local.client(), BackendOptions.DEFAULT_TABLE);
      return openBackend(
          setting ->
              repository(
                  local.client(), BackendOptions.DEFAULT_TABLE, costListener, clock, setting),
          fanOut,
          () -> loader(local.client(), BackendOptions.DEFAULT_TABLE),
          "DynamoDB Local (in this process) on " + local.endpoint(),
          local::close);
    } catch (RuntimeException e) {
      local.close();
      throw e;
    }
  }

  /**
   * Opens a repository on a DynamoDB endpoint with the AWS SDK's default credentials chain,
   * creating the table if it is missing.
   *
   * @param options endpoint, region and table
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @return the backend; closing it closes the client
   * @throws CliException if no client can be built or the table cannot be reached or created
   */
  static OpenBackend remote(BackendOptions options, CostListener costListener, Clock clock) {
    return remote(options, costListener, clock, null);
  }

  /**
   * {@link #remote(BackendOptions, CostListener, Clock)} with a repository that serves the home
   * feed as {@code fanOut} says.
   *
   * @param options endpoint, region and table
   * @param costListener receives every call's cost
   * @param clock stamps follows and reactions
   * @param fanOut fan-out on read, or the hybrid; null for the table's recorded setting
   * @return the backend; closing it closes the client
   * @throws CliException if no client can be built or the table cannot be reached or created
   */
  static OpenBackend remote(
      BackendOptions options, CostListener costListener, Clock clock, FanOut fanOut) {
    Region region = region(options.region);
    DynamoDbClient client;
    try {
      DynamoDbClientBuilder builder =
          DynamoDbClient.builder()
              .region(region)
              .httpClientBuilder(UrlConnectionHttpClient.builder());
      if (options.endpoint != null) {
        builder.endpointOverride(options.endpoint);
      }
      client = builder.build();
    } catch (SdkException e) {
      throw new CliException("cannot set up a DynamoDB client: " + rootMessage(e), e);
    }
    String where =
        "DynamoDB table "
            + options.tableName()
            + " in "
            + region.id()
            + (options.endpoint == null ? "" : " at " + options.endpoint);
    try {
      QuickPhotosTable.createIfMissing(client, options.tableName());
      return openBackend(
          setting -> repository(client, options.tableName(), costListener, clock, setting),
          fanOut,
          () -> loader(client, options.tableName()),
          where,
          client::close);
    } catch (QuickPhotosException | SdkException e) {
      client.close();
      throw new CliException("cannot open " + where + ": " + ErrorMessages.withHint(e), e);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  private static Region region(String given) {
    if (given != null) {
      return Region.of(given);
    }
    try {
      return new DefaultAwsRegionProviderChain().getRegion();
    } catch (SdkException e) {
      // No region configured anywhere: DynamoDB Local and most compatible servers ignore it.
      return FALLBACK_REGION;
    }
  }

  private static String rootMessage(Throwable e) {
    return ErrorMessages.concise(e);
  }

  /** A repository on the table, with the given fan-out, or the table's when null. */
  private static QuickPhotos repository(
      DynamoDbClient client, String table, CostListener costListener, Clock clock, FanOut fanOut) {
    DynamoQuickPhotos.Builder builder =
        DynamoQuickPhotos.builder()
            .client(client)
            .tableName(table)
            .costListener(costListener)
            .clock(clock);
    if (fanOut != null) {
      builder.fanOut(fanOut);
    }
    return builder.build();
  }

  /**
   * A repository that only loads items: its settings given, so that building it reads none of
   * the table's; they play no part in loading.
   */
  private static QuickPhotos loader(DynamoDbClient client, String table) {
    return DynamoQuickPhotos.builder()
        .client(client)
        .tableName(table)
        .fanOut(FanOut.off())
        .sharding(Sharding.defaults())
        .build();
  }

  /**
   * The open backend, whose repository is built when first asked for: after any items were
   * loaded into the table.
   */
  private static OpenBackend openBackend(
      Function<FanOut, QuickPhotos> repositories,
      FanOut fanOut,
      Supplier<QuickPhotos> loader,
      String description,
      Runnable onClose) {
    Supplier<QuickPhotos> repository = OpenBackend.once(() -> repositories.apply(fanOut));
    return new OpenBackend() {
      @Override
      public QuickPhotos repository() {
        return repository.get();
      }

      @Override
      public QuickPhotos repositoryWith(FanOut setting) {
        return repositories.apply(setting);
      }

      @Override
      public QuickPhotos loader() {
        return loader.get();
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public void close() {
        onClose.run();
      }
    };
  }
}
