package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The error rules are written once, in the Javadoc of {@link QuickPhotosException}, of each
 * exception class and of the methods that throw them; this test fails when those places disagree
 * with each other or with the types: a {@code @throws} naming a class outside the kinds, a method
 * that throws a class whose Javadoc does not name it (or the reverse), the table of kinds missing
 * a class or listing it under the wrong kind.
 *
 * <p>It reads the sources of {@code io.quickphotos}, as the Javadoc tool would.
 */
class ErrorDocsTest {
  private static final Path SOURCES = Path.of("src/main/java/io/quickphotos");

  private static final Pattern MEMBER =
      Pattern.compile(
          "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*([^/;{}=]*?)\\b(\\w+)\\s*\\(", Pattern.DOTALL);
  private static final Pattern THROWS = Pattern.compile("@throws\\s+([\\w.]+)");
  private static final Pattern LINK = Pattern.compile("\\{@link\\s+(\\w*)#(\\w+)");
  private static final Pattern CLASS_LINK = Pattern.compile("\\{@link\\s+(\\w+)}");

  /** Per public type of the package, its source, without the leading {@code *} of comments. */
  private static final Map<String, String> SOURCE = new TreeMap<>();

  /** Per exception class's simple name, the methods ({@code Type#method}) whose Javadoc throw it. */
  private static final Map<String, Set<String>> THROWN_BY = new TreeMap<>();

  @BeforeAll
  static void read() throws IOException {
    try (Stream<Path> files = Files.list(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = file.getFileName().toString().replace(".java", "");
        String text = Files.readString(file).replaceAll("(?m)^\\s*\\*(?!/) ?", " ");
        SOURCE.put(name, text);
        Matcher member = MEMBER.matcher(text);
        while (member.find()) {
          Matcher thrown = THROWS.matcher(member.group(1));
          while (thrown.find()) {
            THROWN_BY
                .computeIfAbsent(thrown.group(1), k -> new TreeSet<>())
                .add(name + "#" + member.group(3));
          }
        }
      }
    }
    assertThat(SOURCE).containsKeys("QuickPhotos", "QuickPhotosException", "Page");
  }

  private static Class<?> type(String simpleName) {
    try {
      return Class.forName("io.quickphotos." + simpleName);
    } catch (ClassNotFoundException e) {
      throw new AssertionError("no class io.quickphotos." + simpleName, e);
    }
  }

  /** The Javadoc of a type, the comment just before its declaration. */
  private static String classJavadoc(String name) {
    String text = SOURCE.get(name);
    Matcher declaration =
        Pattern.compile(
                "public (?:final |abstract )*(?:class|interface|record|enum) " + name + "\\b")
            .matcher(text);
    assertThat(declaration.find()).as("declaration of %s", name).isTrue();
    int end = text.lastIndexOf("*/", declaration.start());
    return text.substring(text.lastIndexOf("/**", end), end);
  }

  /** The methods a class's Javadoc lists under "Thrown by:", as {@code Type#method}. */
  private static Set<String> listedAsThrowing(String exception) {
    String doc = classJavadoc(exception);
    int from = doc.indexOf("Thrown by:");
    assertThat(from).as("%s's Javadoc has a \"Thrown by:\" list", exception).isNotNegative();
    String[] items = doc.substring(from, doc.indexOf("</ul>", from)).split("<li>");
    Set<String> listed = new TreeSet<>();
    for (int i = 1; i < items.length; i++) {
      Matcher link = LINK.matcher(items[i]);
      assertThat(link.find())
          .as("%s: an item that names no method: %s", exception, items[i])
          .isTrue();
      listed.add((link.group(1).isEmpty() ? exception : link.group(1)) + "#" + link.group(2));
    }
    return listed;
  }

  /** Every exception class of the public package. */
  private static List<Class<?>> exceptionClasses() {
    List<Class<?>> classes = new ArrayList<>();
    for (String name : SOURCE.keySet()) {
      if (name.endsWith("Exception")) {
        classes.add(type(name));
      }
    }
    return classes;
  }

  /** The rows of {@link QuickPhotosException}'s table: kind, its type, the classes beneath. */
  private static Map<QuickPhotosException.Kind, List<String>> kindsTable() {
    String doc = classJavadoc("QuickPhotosException");
    Map<QuickPhotosException.Kind, List<String>> rows =
        new EnumMap<>(QuickPhotosException.Kind.class);
    Matcher row =
        Pattern.compile("<tr><td>\\{@link Kind#(\\w+)}</td>(.*?)</tr>", Pattern.DOTALL)
            .matcher(doc);
    while (row.find()) {
      List<String> classes = new ArrayList<>();
      String cells = row.group(2);
      if (cells.contains("{@code QuickPhotosException} itself")) {
        classes.add("QuickPhotosException");
      }
      Matcher link = CLASS_LINK.matcher(cells);
      while (link.find()) {
        classes.add(link.group(1));
      }
      rows.put(QuickPhotosException.Kind.valueOf(row.group(1)), classes);
    }
    return rows;
  }

  @Test
  void everyExceptionAQuickPhotosMethodDocumentsIsOfAKind() {
    Set<String> documented = new TreeSet<>();
    THROWN_BY.forEach(
        (exception, methods) -> {
          if (methods.stream().anyMatch(m -> m.startsWith("QuickPhotos#"))) {
            documented.add(exception);
          }
        });
    assertThat(documented).isNotEmpty();
    for (String exception : documented) {
      assertThat(QuickPhotosException.class)
          .as("QuickPhotos documents @throws %s", exception)
          .isAssignableFrom(type(exception));
    }
  }

  @Test
  void theTableOfKindsListsEveryExceptionClassUnderItsKind() {
    Map<QuickPhotosException.Kind, List<String>> table = kindsTable();
    assertThat(table.keySet()).containsExactly(QuickPhotosException.Kind.values());
    Set<String> listed = new HashSet<>();
    table.forEach(
        (kind, classes) -> {
          Class<?> kindType = type(classes.get(0));
          for (String name : classes) {
            assertThat(listed.add(name)).as("%s listed once", name).isTrue();
            Class<?> type = type(name);
            assertThat(kindType).as("%s beneath %s", name, kindType).isAssignableFrom(type);
            if (!Modifier.isAbstract(type.getModifiers())) {
              assertThat(instance(type).kind()).as("kind() of %s", name).isEqualTo(kind);
            }
          }
        });
    assertThat(listed)
        .containsExactlyInAnyOrderElementsOf(
            exceptionClasses().stream().map(Class::getSimpleName).toList());
  }

  /** One exception of each class but the abstract ones, built as its callers build it. */
  private static QuickPhotosException instance(Class<?> type) {
    PhotoId photo = new PhotoId("ann", Instant.parse("2024-05-01T12:00:00Z"));
    List<QuickPhotosException> each =
        List.of(
            new QuickPhotosException("m"),
            new InvalidInputException("m"),
            new InvalidCursorException("m"),
            UserNotFoundException.of("ann"),
            PhotoNotFoundException.of(photo),
            NotFollowingException.of("bob", "ann"),
            ReactionNotFoundException.of("bob", photo, ReactionType.HEART),
            UserAlreadyExistsException.of("ann"),
            PhotoAlreadyExistsException.of(photo),
            AlreadyFollowingException.of("bob", "ann"),
            AlreadyReactedException.of("bob", photo, ReactionType.HEART),
            AlreadyRequestedException.of("bob", "ann"),
            FollowRequestNotFoundException.of("bob", "ann"),
            UserBlockedException.of("ann", "bob"),
            VersionConflictException.of(photo, 0, 1),
            new ServiceUnavailableException("m"),
            new TableConfigurationException("m"));
    return each.stream()
        .filter(e -> e.getClass() == type)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no instance of " + type + " to ask its kind"));
  }

  @Test
  void eachKindsTypeAndKindConstantNameEachOther() {
    String root = SOURCE.get("QuickPhotosException");
    kindsTable()
        .forEach(
            (kind, classes) -> {
              Matcher constant =
                  Pattern.compile(
                          "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*" + kind.name() + "\\b", Pattern.DOTALL)
                      .matcher(root);
              assertThat(constant.find()).as("Javadoc of Kind.%s", kind).isTrue();
              String type = classes.get(0);
              assertThat(constant.group(1))
                  .as("Kind.%s names its type", kind)
                  .contains(
                      type.equals("QuickPhotosException")
                          ? "{@code QuickPhotosException} itself"
                          : "{@link " + type + "}");
              if (!type.equals("QuickPhotosException")) {
                assertThat(classJavadoc(type))
                    .as("%s's Javadoc names its kind", type)
                    .contains("Kind#" + kind.name());
                for (String beneath : classes.subList(1, classes.size())) {
                  assertThat(classJavadoc(type))
                      .as("%s's Javadoc names %s, beneath it", type, beneath)
                      .contains("{@link " + beneath + "}");
                }
              }
            });
  }

  /**
   * Each not-found and conflict class, and the cursor's, lists under "Thrown by:" exactly the
   * methods whose Javadoc has {@code @throws} it, in {@code QuickPhotos} and every other type of
   * the package.
   */
  @Test
  void eachExceptionClassAndTheMethodsThatThrowItAgree() {
    List<String> checked = new ArrayList<>();
    for (Class<?> type : exceptionClasses()) {
      boolean condition =
          (NotFoundException.class.isAssignableFrom(type)
                  || ConflictException.class.isAssignableFrom(type))
              && !Modifier.isAbstract(type.getModifiers());
      if (condition || type == InvalidCursorException.class) {
        String name = type.getSimpleName();
        assertThat(listedAsThrowing(name))
            .as("%s's \"Thrown by:\" list against the @throws that name it", name)
            .isEqualTo(THROWN_BY.getOrDefault(name, Set.of()));
        checked.add(name);
      }
    }
    assertThat(checked).hasSize(13);
  }

  /**
   * Every method of {@code QuickPhotos} that takes an argument documents the invalid input it
   * refuses, and exactly those that take a page documents the cursor's.
   */
  @Test
  void everyMethodDocumentsItsInvalidInput() {
    Matcher member = MEMBER.matcher(SOURCE.get("QuickPhotos"));
    int methods = 0;
    while (member.find()) {
      String method = member.group(3);
      String javadoc = member.group(1);
      int open = member.end();
      String parameters =
          SOURCE.get("QuickPhotos").substring(open, SOURCE.get("QuickPhotos").indexOf(')', open));
      methods++;
      assertThat(javadoc.contains("@throws InvalidInputException"))
          .as("%s takes arguments, so documents InvalidInputException", method)
          .isEqualTo(!parameters.isBlank());
      assertThat(javadoc.contains("@throws InvalidCursorException"))
          .as("%s takes a page exactly when it documents InvalidCursorException", method)
          .isEqualTo(parameters.contains("PageRequest"));
    }
    assertThat(methods).isGreaterThan(20);
  }
}
