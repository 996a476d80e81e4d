package io.quickphotos.cli.backend;

import io.quickphotos.cli.CliException;
import io.quickphotos.cli.data.LoadCommand;
import io.quickphotos.cli.output.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --file} of the commands that work on a table as they find it ({@code audit},
 * {@code fill-timelines}): a memory or DynamoDB Local backend starts empty, so an export can be
 * loaded into it first.
 */
public final class PreloadOptions {
  @Option(
      names = "--file",
      paramLabel = "<file>",
      description =
          "First load the items of this file (DynamoDB JSON, one item a line), as "
              + "'load --file' does.")
  Path file;

  /**
   * Loads the file into the backend's table, if one was given, and says so.
   *
   * @param open the backend
   * @param out where to say how many items were loaded
   * @throws CliException if the file is missing or unreadable
   */
  public void loadInto(OpenBackend open, PrintWriter out) {
    if (file == null) {
      return;
    }
    long loaded;
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      loaded = LoadCommand.loadItems(open, reader);
    } catch (NoSuchFileException e) {
      throw new CliException("no such file: " + file, e);
    } catch (IOException e) {
      throw new CliException("cannot read " + file + ": " + e.getMessage(), e);
    }
    out.printf(Locale.ROOT, "Loaded %s from %s%n", Format.count(loaded, "item"), file);
  }
}
