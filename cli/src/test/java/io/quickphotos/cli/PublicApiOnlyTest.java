package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command is built on what an application can use: quickphotos' public API and its builders.
 * Its main sources may not name the engine seam ({@code io.quickphotos.engine}) or any
 * {@code internal} package, in an import or written out in the code; its tests may.
 */
class PublicApiOnlyTest {
  /** An engine or internal package of quickphotos, or a type in one. */
  static final Pattern INTERNAL =
      Pattern.compile("\\bio\\.quickphotos\\.(?:engine|(?:\\w+\\.)*internal)\\b");

  @Test
  void mainSourcesUseOnlyThePublicApi() {
    Path sources = Path.of("src/main/java");
    assertThat(sources).isDirectory();
    assertThat(uses(sources)).isEmpty();
  }

  @Test
  void theCheckFindsAnImportAndAQualifiedNameButNotAComment(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("Planted.java"),
        String.join(
            "\n",
            "package io.quickphotos.cli;",
            "import io.quickphotos.memory.internal.MemoryTable;",
            "import io.quickphotos.QuickPhotos;",
            "/** Not {@code io.quickphotos.engine.Table}. */",
            "class Planted {",
            "  Object table = new io.quickphotos.engine.Key(\"a\", \"b\"); // io.quickphotos.internal",
            "}"));

    assertThat(uses(dir))
        .containsExactly(
            "Planted.java:2: import io.quickphotos.memory.internal.MemoryTable;",
            "Planted.java:6: Object table = new io.quickphotos.engine.Key(\"a\", \"b\");");
  }

  /**
   * Every line of the Java sources under a directory that names an engine or internal package,
   * outside comments: {@code File.java:line: code}.
   */
  static List<String> uses(Path root) {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
          String code = code(lines.get(i));
          if (INTERNAL.matcher(code).find()) {
            found.add(root.relativize(file) + ":" + (i + 1) + ": " + code);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  /** A line without its comment: none for a Javadoc or block comment line, none after //. */
  private static String code(String line) {
    String code = line.strip();
    if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
      return "";
    }
    int comment = code.indexOf("//");
    return comment < 0 ? code : code.substring(0, comment).strip();
  }
}
