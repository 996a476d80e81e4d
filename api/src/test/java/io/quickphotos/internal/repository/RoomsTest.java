package io.quickphotos.internal.repository;

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
 * The repository's rooms and the arrows between them, read from the sources' imports and fully
 * qualified names: the request layer ({@code request}) reaches no feature; a feature reaches the
 * request layer, the argument checks and the single-table layout, and another feature only
 * through that feature's entry point; no feature reaches the facade; and the arrows between
 * features are exactly the ones listed here, so a new one is a decision made in this file. Also:
 * no class of the repository over 400 lines. The single-table layer below the rooms, and the
 * rooms' arrows into it, are held to the same kind of rules by {@code SingleTableRoomsTest}.
 */
class RoomsTest {
  private static final Path ROOT = Paths.get("src/main/java/io/quickphotos/internal/repository");

  private static final String PREFIX = "io.quickphotos.internal.repository.";

  /** The rooms below the facade that are layers every feature may use. */
  private static final Set<String> LAYERS = Set.of("request", "validation");

  /** Each feature's entry points: the only classes another room may name. */
  private static final Map<String, Set<String>> ENTRY_POINTS =
      Map.of(
          "hot", Set.of("HotKeys"),
          "feed", Set.of("Feeds"),
          "cascade", Set.of("Cascades"),
          "audit", Set.of("TableAudit"),
          "listing", Set.of("Listings"),
          "privacy", Set.of("Privacy"),
          "edit", Set.of("Edits"),
          "bulk", Set.of("RawItems", "SnapshotItems"));

  /**
   * The arrows between features, each a decision: the feed, the listings and the cascades meet
   * hot counters (a hot user's follows, summed counts, a removal off a shard); the audit finishes
   * what cascades and fan-outs left unfinished. Privacy sends follows through the feed (which
   * answers a refusal with its detour), removes a block's relations with the feed's unfollows
   * and the cascades' removal of reactions,
   * starts the reads for a viewer from the trusted listings and the feed (handing the feed the
   * decision as a function), and reads hot counts as data, never as a decision; the audit removes
   * what a block cut short left and finishes a switch of visibility through privacy.
   */
  private static final Set<String> FEATURE_ARROWS =
      Set.of(
          "feed -> hot",
          "listing -> hot",
          "cascade -> hot",
          "audit -> cascade",
          "audit -> feed",
          "audit -> privacy",
          "privacy -> cascade",
          "privacy -> feed",
          "privacy -> hot",
          "privacy -> listing");

  private static final Pattern REFERENCE =
      Pattern.compile("io\\.quickphotos\\.internal\\.repository\\.(\\w+)(?:\\.(\\w+))?");

  /** A source file of the repository: its room ("" for the facade's), name and text. */
  record Source(String room, String name, String text) {}

  @Test
  void theRoomsReachEachOtherOnlyAsTheRulesSay() {
    List<Source> sources = sources();
    assertThat(sources).hasSizeGreaterThan(30);
    assertThat(violations(sources)).isEmpty();
    assertThat(featureArrows(sources)).isEqualTo(new TreeSet<>(FEATURE_ARROWS));
  }

  @Test
  void noClassOfTheRepositoryIsOver400Lines() {
    Map<String, Long> large = new TreeMap<>();
    for (Source source : sources()) {
      long lines = source.text().lines().count();
      if (lines > 400) {
        large.put(source.room() + "/" + source.name(), lines);
      }
    }
    assertThat(large).isEmpty();
  }

  @Test
  void theRulesCatchAFeatureReachingPastAnEntryPointOrTheRequestLayerReachingAFeature() {
    List<Source> bad =
        List.of(
            new Source("feed", "Uploads", "import " + PREFIX + "hot.HotTotals;"),
            new Source("request", "Writes", "import " + PREFIX + "hot.HotKeys;"),
            new Source("hot", "HotKeys", "x = " + PREFIX + "feed.Feeds.MAX_PAGE;"),
            new Source("cascade", "Cascades", "import " + PREFIX + "RepositoryOptions;"),
            new Source("", "SingleTableQuickPhotos", "import " + PREFIX + "feed.HybridFollows;"));
    assertThat(violations(bad)).hasSize(4);
    assertThat(featureArrows(bad)).containsExactly("feed -> hot", "hot -> feed");
    assertThat(FEATURE_ARROWS).doesNotContain("hot -> feed");
  }

  /** What breaks the rules, one line each. */
  static List<String> violations(List<Source> sources) {
    List<String> found = new ArrayList<>();
    for (Source source : sources) {
      String from = source.room();
      for (String[] reference : references(source)) {
        String to = reference[0];
        String type = reference[1];
        if (to.equals(from)) {
          continue;
        }
        String arrow = (from.isEmpty() ? "facade" : from) + "/" + source.name() + " -> " + to;
        if (!ENTRY_POINTS.containsKey(to) && !LAYERS.contains(to)) {
          if (!from.isEmpty()) {
            found.add(arrow + "." + type + ": a room reaches the facade");
          }
          continue;
        }
        if (from.equals("request") && !to.equals("validation")) {
          found.add(arrow + "." + type + ": the request layer reaches a feature");
        } else if (from.equals("validation")) {
          found.add(arrow + "." + type + ": the argument checks reach a room");
        } else if (ENTRY_POINTS.containsKey(to) && !ENTRY_POINTS.get(to).contains(type)) {
          found.add(arrow + "." + type + ": past the entry point " + ENTRY_POINTS.get(to));
        }
      }
    }
    return found;
  }

  /** The arrows from one feature to another, as "from -> to". */
  static Set<String> featureArrows(List<Source> sources) {
    Set<String> arrows = new TreeSet<>();
    for (Source source : sources) {
      if (!ENTRY_POINTS.containsKey(source.room())) {
        continue;
      }
      for (String[] reference : references(source)) {
        if (ENTRY_POINTS.containsKey(reference[0]) && !reference[0].equals(source.room())) {
          arrows.add(source.room() + " -> " + reference[0]);
        }
      }
    }
    return arrows;
  }

  /** Each room and type a source names by its package: {room, Type}; the facade's room is "". */
  private static List<String[]> references(Source source) {
    List<String[]> references = new ArrayList<>();
    Matcher m = REFERENCE.matcher(source.text());
    while (m.find()) {
      boolean room = Character.isLowerCase(m.group(1).charAt(0));
      references.add(room ? new String[] {m.group(1), m.group(2)} : new String[] {"", m.group(1)});
    }
    return references;
  }

  private static List<Source> sources() {
    try (Stream<Path> files = Files.walk(ROOT)) {
      List<Source> sources = new ArrayList<>();
      for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Path relative = ROOT.relativize(file);
        String room = relative.getNameCount() == 1 ? "" : relative.getName(0).toString();
        String name = file.getFileName().toString().replace(".java", "");
        sources.add(new Source(room, name, Files.readString(file)));
      }
      return sources;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
