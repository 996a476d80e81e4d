package io.quickphotos.test;

import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.singletable.files.ItemJson;
import io.quickphotos.internal.singletable.files.ItemLoader;
import io.quickphotos.memory.Faults;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Everything one test works with, made fresh for it by {@link QuickPhotosExtension}: which
 * {@link Backend} it runs on, a new, empty table there, a {@link QuickPhotos} repository on the
 * table, the repository's {@link ManualClock}, on memory its {@link Faults} script, the cost of
 * every call, and fixture files in DynamoDB JSON — load a file of items into the table and export
 * the table's items in the same format, one item a line
 * ({@code {"Item": {"PK": {"S": ...}, ...}}}, the format of DynamoDB's export to S3; bare items
 * without the {@code Item} wrapper, as in the AWS tutorial's {@code items.json}, load too).
 * Declare a test-method parameter of this type (or an {@link Injected} field) to get it.
 *
 * <p>Fixture files bypass the repository: items go in as the file holds them, with BatchWriteItem,
 * and are neither validated against quickphotos' layout nor subject to scripted faults or
 * throughput limits. Load
 * files written by {@link #export} (or the command's {@code export}) to get items the
 * repository can read.
 *
 * <p>The repository retries with {@link io.quickphotos.RetryPolicy#noDelay()} unless the class's
 * {@link QuickPhotosSettings} say otherwise: a test that drives it into its retry limit does not
 * sleep. Every call's cost is recorded in {@link #costs()}, also when the settings give the
 * repository a listener of the application's. Thread-safe as the repository is; fixtures are for the test's own thread.
 */
public final class QuickPhotosFixture {
  private final Backend backend;
  private final QuickPhotos repository;
  private final ManualClock clock;
  private final Faults faults;
  private final Table rawEngine;
  private final Consumer<Consumer<Item>> scan;
  private final List<OperationCost> costs;
  private final Runnable onClose;

  QuickPhotosFixture(
      Backend backend,
      QuickPhotos repository,
      ManualClock clock,
      Faults faults,
      Table rawEngine,
      Consumer<Consumer<Item>> scan,
      List<OperationCost> costs,
      Runnable onClose) {
    this.backend = backend;
    this.repository = repository;
    this.clock = clock;
    this.faults = faults;
    this.rawEngine = rawEngine;
    this.scan = scan;
    this.costs = costs;
    this.onClose = onClose;
  }

  /** A new list for the costs of one table's repository. */
  static List<OperationCost> newCostLog() {
    return new CopyOnWriteArrayList<>();
  }

  /**
   * Which backend this is.
   *
   * @return memory or DynamoDB Local
   */
  public Backend backend() {
    return backend;
  }

  /**
   * The repository on this test's table.
   *
   * @return the repository
   */
  public QuickPhotos repository() {
    return repository;
  }

  /**
   * The clock stamping this repository's follows and reactions, at
   * {@link ManualClock#DEFAULT_START} when the test begins.
   *
   * @return the clock
   */
  public ManualClock clock() {
    return clock;
  }

  /**
   * The fault script of the memory backend's repository, empty when the test begins.
   *
   * @return the script
   * @throws IllegalStateException on DynamoDB Local, which cannot be scripted; mark such tests
   *     {@link MemoryOnly}
   */
  public Faults faults() {
    if (faults == null) {
      throw new IllegalStateException(
          "faults can be scripted on the memory backend only;" + " mark the test @MemoryOnly");
    }
    return faults;
  }

  /**
   * The cost of every repository call so far, in order.
   *
   * @return a live, thread-safe view
   */
  public List<OperationCost> costs() {
    return java.util.Collections.unmodifiableList(costs);
  }

  /**
   * Loads a file of items, one DynamoDB JSON item a line (UTF-8).
   *
   * @param file the file
   * @return the number of items written
   * @throws io.quickphotos.InvalidInputException naming the line if a line is not an item, or
   *     if the table refuses one (too large, an empty key)
   * @throws UncheckedIOException if the file cannot be read
   */
  public long load(Path file) {
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Loads items, one DynamoDB JSON item a line.
   *
   * @param items the text; read to its end, not closed
   * @return the number of items written
   * @throws io.quickphotos.InvalidInputException naming the line if a line is not an item, or
   *     if the table refuses one
   */
  public long load(Reader items) {
    ItemLoader loader = new ItemLoader(rawEngine, io.quickphotos.RetryPolicy.noDelay());
    ItemJson.read(items, loader::put);
    return loader.flush();
  }

  /**
   * Loads items given as lines of DynamoDB JSON.
   *
   * @param lines one item each
   * @return the number of items written
   * @throws io.quickphotos.InvalidInputException naming the line if a line is not an item
   */
  public long load(String... lines) {
    return load(new java.io.StringReader(String.join("\n", lines)));
  }

  /**
   * Writes every item of the table, one {@code {"Item": ...}} line each, sorted by {@code PK}
   * then {@code SK} in DynamoDB's byte order, so equal tables on either backend export equal
   * text.
   *
   * @param out where to write; not closed
   * @return the number of items written
   * @throws UncheckedIOException if writing fails
   */
  public long export(Writer out) {
    List<Item> items = new ArrayList<>();
    scan.accept(items::add);
    items.sort(
        Comparator.comparing((Item item) -> item.key().pk(), Utf8::compare)
            .thenComparing(item -> item.key().sk(), Utf8::compare));
    try {
      for (Item item : items) {
        out.write(ItemJson.formatLine(item));
        out.write('\n');
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return items.size();
  }

  /**
   * Writes every item of the table to a file (UTF-8), as {@link #export(Writer)}.
   *
   * @param file the file, replaced if it exists
   * @return the number of items written
   * @throws UncheckedIOException if writing fails
   */
  public long export(Path file) {
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      return export(writer);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every item of the table as export lines, sorted as {@link #export(Writer)} sorts them.
   *
   * @return the lines, without line breaks
   */
  public List<String> exportLines() {
    StringWriter text = new StringWriter();
    export(text);
    String all = text.toString();
    return all.isEmpty() ? List.of() : List.of(all.split("\n"));
  }

  @Override
  public String toString() {
    return "QuickPhotosFixture[" + backend.displayName() + "]";
  }

  /**
   * Disposes of the table: on DynamoDB Local, deletes it. Called once, by JUnit, when the test
   * ends (see {@link QuickPhotosExtension}).
   */
  void close() {
    onClose.run();
  }
}
