package io.quickphotos.cli.backend;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;

/** The backends a command can run on, by the names typed after {@code --backend}. */
public enum Backend {
  /** The in-memory engine, in this process. */
  MEMORY("memory"),
  /** DynamoDB Local, started in this process on a free loopback port. */
  DYNAMODB_LOCAL("dynamodb-local"),
  /** Any DynamoDB endpoint: the AWS service or a compatible server. */
  DYNAMODB("dynamodb");

  private final String label;

  Backend(String label) {
    this.label = label;
  }

  /**
   * The name typed on the command line.
   *
   * @return e.g. {@code dynamodb-local}
   */
  String label() {
    return label;
  }

  @Override
  public String toString() {
    return label;
  }

  /** Parses {@code --backend} values, naming the valid ones when given another. */
  static final class Converter implements CommandLine.ITypeConverter<Backend> {
    @Override
    public Backend convert(String value) {
      for (Backend backend : values()) {
        if (backend.label.equals(value.toLowerCase(Locale.ROOT))) {
          return backend;
        }
      }
      throw new CommandLine.TypeConversionException(
          "unknown backend '"
              + value
              + "' (expected one of "
              + Arrays.stream(values()).map(Backend::label).collect(Collectors.joining(", "))
              + ")");
    }
  }

  /** Lists the names for {@code --help} and shell completion. */
  static final class Candidates implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(values()).map(Backend::label).iterator();
    }
  }
}
