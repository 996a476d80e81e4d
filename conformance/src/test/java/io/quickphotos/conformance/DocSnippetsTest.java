package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java snippet of the repository's documents is a copy of a region of a source file that
 * the build compiles and runs, and this test keeps the copies equal to the regions; so is every
 * block of another language that a marker names (the pom lines and properties an application
 * pastes, copies of the applications consumer-it builds).
 *
 * <p>In a document (any {@code .md} file of the repository), a Java block is preceded by a marker
 * naming its source, relative to the repository's root, and the region:
 *
 * <pre>
 * &lt;!-- snippet: memory-impl/src/test/java/io/quickphotos/memory/DocExamplesTest.java#tour --&gt;
 * ```java
 * ...
 * ```
 * </pre>
 *
 * <p>In the source, the region is the lines between {@code // tag::tour[]} and
 * {@code // end::tour[]} (the convention of Asciidoctor's include tags, which JUnit's user
 * guide uses for its tested examples); tag lines of other regions inside it are left out. Both
 * copies are compared after removing their common indentation and trailing spaces, so a region
 * may sit indented in a method. A block without a marker, a marker without a block, a missing
 * file or region, or any difference fails, naming the document, the snippet and the first line
 * that differs.
 *
 * <p>It runs in this module because the build reaches it after every module that holds regions
 * has compiled and run them; it reads files only, from the root found by walking up from the
 * working directory to the directory holding {@code .ci/run}.
 */
class DocSnippetsTest {
  private static final Pattern MARKER = Pattern.compile("<!--\\s*snippet:\\s*(\\S+)#(\\S+)\\s*-->");

  /** A region's tag line: a Java ({@code //}), XML ({@code <!-- -->}) or YAML ({@code #}) comment. */
  private static final Pattern TAG =
      Pattern.compile("^\\s*(?://|<!--|#)\\s*(tag|end)::([\\w.-]+)\\[\\]\\s*(?:-->)?\\s*$");

  /** Directories that hold no documents of the project's own. */
  private static final Set<String> SKIPPED = Set.of(".git", "target", ".mvn", "node_modules");

  @Test
  void everyJavaSnippetOfEveryDocumentIsARegionOfACompiledSource() throws IOException {
    Path root = repositoryRoot();
    List<Path> documents = documents(root);
    List<String> problems = new ArrayList<>();
    int snippets = 0;
    int documentsWithSnippets = 0;
    for (Path document : documents) {
      int found = check(root, document, problems);
      snippets += found;
      documentsWithSnippets += found > 0 ? 1 : 0;
    }
    System.out.printf(
        "DOC SNIPPETS: %d Java snippets in %d of %d documents checked against their regions%n",
        snippets, documentsWithSnippets, documents.size());
    assertThat(problems).as("documents whose snippets differ from their sources").isEmpty();
    assertThat(snippets).as("snippets found (is the root right?)").isGreaterThanOrEqualTo(10);
  }

  @Test
  void xmlAndYamlRegionsAreTaggedInTheirOwnComments() {
    List<String> pom =
        List.of(
            "<dependencies>",
            "  <!-- tag::kit[] -->",
            "  <dependency/>",
            "  <!-- end::kit[] -->",
            "</dependencies>");
    assertThat(region(pom, "kit")).containsExactly("<dependency/>");
    List<String> yaml =
        List.of("# tag::properties[]", "quickphotos:", "  backend: memory", "# end::properties[]");
    assertThat(region(yaml, "properties")).containsExactly("quickphotos:", "  backend: memory");
  }

  @Test
  void aRegionIsComparedWithoutItsIndentationAndWithoutNestedTags() {
    List<String> source =
        List.of(
            "class A {",
            "  void f() {",
            "    // tag::r[]",
            "    int a = 1;",
            "    // tag::inner[]",
            "      a++;",
            "    // end::inner[]",
            "    // end::r[]",
            "  }",
            "}");
    assertThat(region(source, "r")).containsExactly("int a = 1;", "  a++;");
    assertThat(region(source, "inner")).containsExactly("a++;");
    assertThat(region(source, "none")).isNull();
    assertThat(firstDifference(List.of("x", "y"), List.of("x", "z"))).isEqualTo(1);
    assertThat(firstDifference(List.of("x"), List.of("x", "z"))).isEqualTo(1);
    assertThat(firstDifference(List.of("x"), List.of("x"))).isEqualTo(-1);
  }

  /**
   * Checks one document; returns how many Java snippets it holds. A block of another language
   * (the XML an application pastes into its pom, say) is checked the same way when markers
   * precede it, and may stand without one. Several markers on consecutive lines above a block
   * name several sources that must each hold it: the same README block pasted into several
   * applications.
   */
  private static int check(Path root, Path document, List<String> problems) throws IOException {
    List<String> lines = Files.readAllLines(document, StandardCharsets.UTF_8);
    String name = root.relativize(document).toString();
    int snippets = 0;
    List<Matcher> markers = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      Matcher marker = MARKER.matcher(line);
      if (marker.matches()) {
        markers.add(marker);
        if (i + 1 >= lines.size()
            || !(lines.get(i + 1).strip().startsWith("```")
                || MARKER.matcher(lines.get(i + 1).strip()).matches())) {
          problems.add(name + ":" + (i + 1) + ": a snippet marker not followed by a ``` block");
        }
        continue;
      }
      if (!line.startsWith("```")) {
        markers.clear();
        continue;
      }
      boolean java = line.equals("```java");
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).strip().equals("```")) {
        end++;
      }
      List<String> block = lines.subList(i + 1, Math.min(end, lines.size()));
      if (java) {
        snippets++;
        if (markers.isEmpty()) {
          problems.add(
              name
                  + ":"
                  + (i + 1)
                  + ": a Java snippet without a marker <!-- snippet: <source>#<region> --> above"
                  + " it");
        }
      }
      for (Matcher named : markers) {
        compare(root, name, i, block, named, problems);
      }
      markers.clear();
      i = end;
    }
    return snippets;
  }

  /** Compares a block with the region one marker names. */
  private static void compare(
      Path root, String name, int i, List<String> block, Matcher named, List<String> problems)
      throws IOException {
    String snippet = named.group(1) + "#" + named.group(2);
    Path source = root.resolve(named.group(1));
    if (!Files.isRegularFile(source)) {
      problems.add(name + ":" + (i + 1) + ": snippet " + snippet + ": no such source file");
      return;
    }
    List<String> region =
        region(Files.readAllLines(source, StandardCharsets.UTF_8), named.group(2));
    if (region == null) {
      problems.add(name + ":" + (i + 1) + ": snippet " + snippet + ": no such region");
      return;
    }
    List<String> copy = normalized(block);
    int differs = firstDifference(copy, region);
    if (differs >= 0) {
      problems.add(
          String.format(
              "%s:%d: snippet %s differs at its line %d:%n    document: %s%n    source:   %s",
              name,
              i + 2 + differs,
              snippet,
              differs + 1,
              differs < copy.size() ? copy.get(differs) : "(nothing)",
              differs < region.size() ? region.get(differs) : "(nothing)"));
    }
  }

  /** The region's lines without tag lines, normalized; null if the region is not there. */
  static List<String> region(List<String> source, String name) {
    List<String> lines = new ArrayList<>();
    boolean inside = false;
    for (String line : source) {
      Matcher tag = TAG.matcher(line);
      if (tag.matches()) {
        if (tag.group(2).equals(name)) {
          if (tag.group(1).equals("tag")) {
            inside = true;
          } else if (inside) {
            return normalized(lines);
          }
        }
        continue;
      }
      if (inside) {
        lines.add(line);
      }
    }
    return null;
  }

  /** Trailing spaces and the lines' common indentation removed; blank lines are empty. */
  static List<String> normalized(List<String> lines) {
    int indent = Integer.MAX_VALUE;
    for (String line : lines) {
      if (!line.isBlank()) {
        indent = Math.min(indent, line.length() - line.stripLeading().length());
      }
    }
    int cut = indent == Integer.MAX_VALUE ? 0 : indent;
    return lines.stream()
        .map(line -> line.isBlank() ? "" : line.substring(cut).stripTrailing())
        .collect(Collectors.toList());
  }

  /** The index of the first line that differs, or -1 if the lists are equal. */
  static int firstDifference(List<String> a, List<String> b) {
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      if (i >= a.size() || i >= b.size() || !a.get(i).equals(b.get(i))) {
        return i;
      }
    }
    return -1;
  }

  private static List<Path> documents(Path root) throws IOException {
    try (Stream<Path> walk =
        Files.walk(root)
            .filter(path -> root.relativize(path).toString().isEmpty() || visible(root, path))) {
      return walk.filter(path -> path.toString().endsWith(".md"))
          .filter(Files::isRegularFile)
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static boolean visible(Path root, Path path) {
    for (Path part : root.relativize(path)) {
      if (SKIPPED.contains(part.toString())) {
        return false;
      }
    }
    return true;
  }

  /** The repository's root: the nearest directory above the working one holding .ci/run. */
  static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      if (Files.isRegularFile(dir.resolve(".ci").resolve("run"))) {
        return dir;
      }
      dir = dir.getParent();
    }
    throw new UncheckedIOException(
        new IOException("no directory above " + Path.of("").toAbsolutePath() + " holds .ci/run"));
  }
}
