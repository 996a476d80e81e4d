package io.quickphotos.internal.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The single-table layer's packages and the arrows between them, read from the sources' code
 * (imports and fully qualified names; comments, where Javadoc may link anywhere, left out), as
 * {@code RoomsTest} reads the repository's rooms. Four packages are floors every feature stands
 * on, each reaching only the floors below it: {@code layout} (keys and attribute names) reaches
 * nothing, {@code plan} (a write plan, its steps, the conditions and counters every plan shares)
 * the layout, {@code codec} (records to items and back) the layout and plans, {@code edit} (the
 * bound of application attributes) all three. The features ({@code user}, {@code photo},
 * {@code feed}, {@code hot}, {@code privacy}, {@code files}) reach the floors, and one another
 * only by the arrows listed here, so a new one is a decision made in this file. The layer reaches
 * nothing of the repository above it. The repository's rooms reach into the layer by the arrows
 * listed here too. No class of the layer is over 400 lines, but for the one named with its
 * reason.
 */
class SingleTableRoomsTest {
  private static final Path ROOT = Paths.get("src/main/java/io/quickphotos/internal/singletable");

  private static final Path REPOSITORY =
      Paths.get("src/main/java/io/quickphotos/internal/repository");

  /** The floors, each with the floors it may reach. */
  private static final Map<String, Set<String>> FLOORS =
      Map.of(
          "layout", Set.of(),
          "plan", Set.of("layout"),
          "codec", Set.of("layout", "plan"),
          "edit", Set.of("layout", "plan", "codec"));

  /** The features: each may reach every floor, and another feature by an arrow listed below. */
  private static final Set<String> FEATURES =
      Set.of("user", "photo", "feed", "hot", "privacy", "files", "activity");

  /**
   * The arrows between features, each a decision. A user's plans write its photos' attributes
   * the way photos do, count its audience, its shards and its privacy in a profile update and a
   * closing; a photo's upload fans out, and its reactions check the owner's shards and blocks; a
   * follow checks the followed user's shards and blocks, and an upload's pending fan-out is the
   * photo's upload with a step added; the hot keys' switch and fold seal a private account's
   * shards and sum a photo's reaction counters.
   */
  private static final Set<String> FEATURE_ARROWS =
      Set.of(
          "feed -> hot",
          "feed -> photo",
          "feed -> privacy",
          "hot -> photo",
          "hot -> privacy",
          "photo -> feed",
          "photo -> hot",
          "photo -> privacy",
          "user -> feed",
          "user -> hot",
          "user -> privacy");

  /**
   * The repository's rooms' arrows into the layer ("" is the facade's room), each a decision:
   * the request layer reads plans and items alone, the argument checks the codecs, the bound of
   * application attributes and the declared fields of a profile's update and a photo's edit, and
   * each feature the plans of what it serves; the inbox reads followers as a follow's plans do,
   * a profile's shards to tell a pulled author, and requests to check what it shows.
   */
  private static final Map<String, Set<String>> ROOM_ARROWS =
      Map.ofEntries(
          Map.entry("", Set.of("codec", "plan", "user")),
          Map.entry("request", Set.of("codec", "plan")),
          Map.entry("validation", Set.of("codec", "edit", "photo", "user")),
          Map.entry(
              "hot", Set.of("codec", "feed", "hot", "layout", "photo", "plan", "privacy", "user")),
          Map.entry("feed", Set.of("codec", "feed", "hot", "layout", "photo", "plan", "privacy")),
          Map.entry(
              "cascade",
              Set.of("codec", "feed", "hot", "layout", "photo", "plan", "privacy", "user")),
          Map.entry(
              "audit",
              Set.of("codec", "feed", "hot", "layout", "photo", "plan", "privacy", "user")),
          Map.entry("listing", Set.of("codec", "feed", "layout", "photo")),
          Map.entry(
              "privacy",
              Set.of("codec", "feed", "hot", "layout", "photo", "plan", "privacy", "user")),
          Map.entry("edit", Set.of("edit", "photo", "plan", "user")),
          Map.entry("bulk", Set.of("codec", "files")),
          Map.entry(
              "activity", Set.of("activity", "codec", "feed", "hot", "layout", "plan", "privacy")));

  /**
   * The classes allowed over 400 lines, with the most they may hold: {@code ItemCodec}'s writers
   * of users, photos, reactions and friendships, and the entry points of its readers (the readers
   * themselves are {@code ItemReaders}), are named by the contract suites, which stay as they
   * are; it splits by entity when they may change.
   */
  private static final Map<String, Long> LARGE = Map.of("codec/ItemCodec", 490L);

  private static final Pattern LAYER =
      Pattern.compile("io\\.quickphotos\\.internal\\.singletable\\.(\\w+)\\.\\w+");

  private static final Pattern REPOSITORY_REFERENCE =
      Pattern.compile("io\\.quickphotos\\.internal\\.repository\\b");

  /** A source file: its package under the layer or the repository, name and code. */
  record Source(String room, String name, String code) {}

  @Test
  void theFloorsAndFeaturesReachEachOtherOnlyAsTheRulesSay() {
    List<Source> sources = sources(ROOT);
    assertThat(sources).hasSizeGreaterThan(30);
    assertThat(violations(sources)).isEmpty();
    assertThat(featureArrows(sources)).isEqualTo(new TreeSet<>(FEATURE_ARROWS));
  }

  @Test
  void theRepositorysRoomsReachTheLayerByTheListedArrows() {
    Map<String, Set<String>> found = new TreeMap<>();
    for (Source source : sources(REPOSITORY)) {
      found.computeIfAbsent(source.room(), r -> new TreeSet<>()).addAll(layerPackages(source));
    }
    found.values().removeIf(Set::isEmpty);
    assertThat(found).isEqualTo(new TreeMap<>(ROOM_ARROWS));
  }

  @Test
  void noClassOfTheLayerIsOver400Lines() {
    Map<String, Long> large = new TreeMap<>();
    for (Path file : files(ROOT)) {
      long lines;
      try {
        lines = Files.readAllLines(file).size();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      String name = ROOT.relativize(file).toString().replace(".java", "");
      if (lines > LARGE.getOrDefault(name, 400L)) {
        large.put(name, lines);
      }
    }
    assertThat(large).isEmpty();
  }

  @Test
  void theRulesCatchAFloorReachingUpAndAnUnlistedFeatureArrow() {
    List<Source> bad =
        List.of(
            new Source(
                "layout", "KeyLayout", "x = io.quickphotos.internal.singletable.plan.Plans.X;"),
            new Source(
                "plan", "Plans", "import io.quickphotos.internal.singletable.codec.ItemCodec;"),
            new Source(
                "privacy",
                "PrivacyPlans",
                "import io.quickphotos.internal.singletable.hot.Shards;"),
            new Source(
                "feed", "Timelines", "import io.quickphotos.internal.repository.feed.Feeds;"),
            new Source(
                "codec",
                "ItemCodec",
                code("/** {@link io.quickphotos.internal.singletable.hot.Shards} */")));
    assertThat(violations(bad)).hasSize(3);
    assertThat(featureArrows(bad)).containsExactly("privacy -> hot");
    assertThat(FEATURE_ARROWS).doesNotContain("privacy -> hot");
  }

  /** What breaks the rules, one line each. */
  static List<String> violations(List<Source> sources) {
    List<String> found = new ArrayList<>();
    for (Source source : sources) {
      String from = source.room();
      String where = from + "/" + source.name();
      if (!FLOORS.containsKey(from) && !FEATURES.contains(from)) {
        found.add(where + ": not in a package the rules know");
        continue;
      }
      if (REPOSITORY_REFERENCE.matcher(source.code()).find()) {
        found.add(where + ": reaches the repository");
      }
      for (String to : layerPackages(source)) {
        if (to.equals(from) || FEATURES.contains(from) && FLOORS.containsKey(to)) {
          continue;
        }
        if (FLOORS.containsKey(from) && !FLOORS.get(from).contains(to)) {
          found.add(where + " -> " + to + ": a floor reaches above itself");
        } else if (!FLOORS.containsKey(to) && !FEATURES.contains(to)) {
          found.add(where + " -> " + to + ": a package the rules do not know");
        }
      }
    }
    return found;
  }

  /** The arrows from one feature to another, as "from -> to". */
  static Set<String> featureArrows(List<Source> sources) {
    Set<String> arrows = new TreeSet<>();
    for (Source source : sources) {
      if (!FEATURES.contains(source.room())) {
        continue;
      }
      for (String to : layerPackages(source)) {
        if (FEATURES.contains(to) && !to.equals(source.room())) {
          arrows.add(source.room() + " -> " + to);
        }
      }
    }
    return arrows;
  }

  /** The layer's packages a source's code names. */
  private static Set<String> layerPackages(Source source) {
    Set<String> packages = new TreeSet<>();
    Matcher m = LAYER.matcher(source.code());
    while (m.find()) {
      packages.add(m.group(1));
    }
    return packages;
  }

  /** The code of a source: its comments, where a Javadoc link is no dependency, left out. */
  private static String code(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
  }

  private static List<Source> sources(Path root) {
    List<Source> sources = new ArrayList<>();
    for (Path file : files(root)) {
      Path relative = root.relativize(file);
      String room = relative.getNameCount() == 1 ? "" : relative.getName(0).toString();
      String name = file.getFileName().toString().replace(".java", "");
      if (name.equals("package-info")) {
        continue;
      }
      try {
        sources.add(new Source(room, name, code(Files.readString(file))));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sources;
  }

  private static List<Path> files(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
