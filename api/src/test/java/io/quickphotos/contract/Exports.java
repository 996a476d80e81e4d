package io.quickphotos.contract;

import io.quickphotos.RetryPolicy;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.singletable.files.ItemJson;
import io.quickphotos.internal.singletable.files.ItemLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Tables written by earlier versions, as their {@code quickphotos export} wrote them (resources
 * of this package, one DynamoDB JSON item a line), loaded item by item into an engine so the
 * current code meets exactly what the earlier one left.
 */
final class Exports {
  private Exports() {}

  /**
   * Puts every item of an export into a table.
   *
   * @param table the engine, usually empty
   * @param resource the export's file name in this package
   */
  static void load(Table table, String resource) {
    ItemLoader loader = new ItemLoader(table, RetryPolicy.noDelay());
    try (InputStream in = Exports.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no export " + resource);
      }
      new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .forEach(line -> loader.put(ItemJson.parseLine(line)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    loader.flush();
  }
}
