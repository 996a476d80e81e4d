package io.quickphotos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmarks are built on what an application can use — quickphotos' public API and its
 * builders — except where their subject lies below the repository: the files of
 * {@link #EXCEPTIONS}, each with what it may name and why (README.md, "What the benchmarks use").
 * Main sources may name no other engine ({@code io.quickphotos.engine}) or {@code internal}
 * package, in an import or written out in the code; tests may.
 */
class PublicApiOnlyTest {
  /** An engine or internal package of quickphotos, or a type in one. */
  static final Pattern INTERNAL =
      Pattern.compile("\\bio\\.quickphotos\\.(?:engine|(?:\\w+\\.)*internal)\\b[\\w.]*");

  private static final Pattern ANY = Pattern.compile(".*");

  /** The files that may reach below the repository, and what each may name. */
  static final Map<String, Pattern> EXCEPTIONS =
      Map.of(
          // The floor refuses what the repository refuses, with its own Validation calls; its
          // keys are its own copy of the layout (FloorKeys).
          "CollectionsBackend.java",
          Pattern.compile("io\\.quickphotos\\.internal\\.repository\\.validation\\.Validation"),
          // The door to the engines, for the files below.
          "Engines.java",
          ANY,
          // Requests straight to an engine, for the query shapes and fan-out on write.
          "CountedTable.java",
          ANY,
          // A design the product does not have, on the engine's Table SPI.
          "FanOutOnWrite.java",
          ANY,
          // Its timelines beside the product's items, in one engine.
          "FeedScenario.java",
          ANY,
          // The engine's query shapes are the subject.
          "QueryShapes.java",
          ANY,
          // The undoing writes: one DeleteItem where the public API has only cascades.
          "RepositoryBackend.java",
          ANY,
          // A million followers as bare friendship items; audiences checked item by item.
          "HybridScenario.java",
          ANY,
          // The hybrid feed's storage and fan-out entries, item by item.
          "HybridFeedReport.java",
          ANY);

  @Test
  void mainSourcesUseOnlyThePublicApiButForTheListedExceptions() {
    Path sources = Path.of("src/main/java");
    assertThat(sources).isDirectory();
    assertThat(uses(sources, EXCEPTIONS)).isEmpty();
    // Every exception is still needed: one that no longer reaches below goes off the list.
    List<String> all = uses(sources, Map.of());
    for (String file : EXCEPTIONS.keySet()) {
      assertThat(all).as(file).anyMatch(use -> use.contains("/" + file + ":"));
    }
  }

  @Test
  void theCheckFindsAnImportAndAQualifiedNameButNotAComment(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("Planted.java"),
        String.join(
            "\n",
            "package io.quickphotos.bench;",
            "import io.quickphotos.memory.internal.MemoryTable;",
            "import io.quickphotos.QuickPhotos;",
            "/** Not {@code io.quickphotos.engine.Table}. */",
            "class Planted {",
            "  Object key = new io.quickphotos.engine.Key(\"a\", \"b\"); // io.quickphotos.internal",
            "}"));
    Files.writeString(
        dir.resolve("CollectionsBackend.java"),
        String.join(
            "\n",
            "import io.quickphotos.internal.repository.validation.Validation;",
            "import io.quickphotos.internal.singletable.layout.KeyLayout;"));

    assertThat(uses(dir, EXCEPTIONS))
        .containsExactly(
            "CollectionsBackend.java:2: import io.quickphotos.internal.singletable.layout.KeyLayout;",
            "Planted.java:2: import io.quickphotos.memory.internal.MemoryTable;",
            "Planted.java:6: Object key = new io.quickphotos.engine.Key(\"a\", \"b\");");
  }

  /**
   * Every line of the Java sources under a directory that names an engine or internal package
   * outside comments, as {@code path:line: code}, but for what its file's exception allows.
   */
  static List<String> uses(Path root, Map<String, Pattern> exceptions) {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        Pattern allowed = exceptions.get(file.getFileName().toString());
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
          String code = code(lines.get(i));
          Matcher use = INTERNAL.matcher(code);
          while (use.find()) {
            if (allowed == null || !allowed.matcher(use.group()).matches()) {
              found.add(root.relativize(file) + ":" + (i + 1) + ": " + code);
              break;
            }
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
