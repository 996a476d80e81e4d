package io.quickphotos.dynamo.local;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sqlite4java's native library loadable before DynamoDB Local starts. DynamoDB Local keeps
 * its tables in SQLite through sqlite4java, whose native half is a separate Maven artifact that
 * is never inside a jar; sqlite4java looks for it only in {@code sqlite4java.library.path} (or
 * {@code java.library.path}). When that property is unset, this class finds the library on the
 * class path, copies it under the unversioned name sqlite4java expects into a temporary
 * directory, and sets the property. It looks first for the artifact itself as a class path entry
 * (some build tools put it there), then for the copy this module's jar carries as a resource
 * under {@value #RESOURCE_DIRECTORY}.
 * Thread-safe: the work is done once per JVM.
 */
final class Sqlite4javaNatives {
  /** The system property sqlite4java reads. */
  static final String LIBRARY_PATH = "sqlite4java.library.path";

  /** Where this module's jar carries the natives for the 64-bit platforms. */
  static final String RESOURCE_DIRECTORY = "io/quickphotos/dynamo/local/natives/";

  private static final Logger LOG = LoggerFactory.getLogger(Sqlite4javaNatives.class);

  private Sqlite4javaNatives() {}

  /**
   * Sets {@value #LIBRARY_PATH} if it is unset, extracting the native library for this platform
   * from the class path.
   *
   * @throws IllegalStateException if the property is unset and no native library for this
   *     platform is on the class path
   */
  static synchronized void ensureLoadable() {
    String configured = System.getProperty(LIBRARY_PATH);
    if (configured != null && !configured.isBlank()) {
      return;
    }
    String fileName = libraryFileName(System.getProperty("os.name"), System.getProperty("os.arch"));
    Path directory = extractFromClassPath(fileName, System.getProperty("java.class.path", ""));
    System.setProperty(LIBRARY_PATH, directory.toString());
  }

  /**
   * Copies the native library from the class path into a new temporary directory, deleted when
   * the JVM exits.
   *
   * @param fileName the unversioned library file name for this platform
   * @param classPath the class path to search for the artifact itself
   * @return the directory holding {@code fileName}
   * @throws IllegalStateException if the library is neither a class path entry nor a resource
   */
  static Path extractFromClassPath(String fileName, String classPath) {
    Optional<Path> artifact = findOnClassPath(fileName, classPath);
    if (artifact.isPresent()) {
      Path directory = extract(() -> Files.newInputStream(artifact.get()), fileName);
      LOG.debug("sqlite4java natives from {} extracted to {}", artifact.get(), directory);
      return directory;
    }
    URL resource =
        Sqlite4javaNatives.class.getClassLoader().getResource(RESOURCE_DIRECTORY + fileName);
    if (resource == null) {
      throw new IllegalStateException(
          "sqlite4java's native library "
              + fileName
              + " is not on the class path and "
              + LIBRARY_PATH
              + " is not set; set it to the"
              + " directory holding the com.almworks.sqlite4java native artifact for this"
              + " platform (a runtime dependency of com.amazonaws:DynamoDBLocal)");
    }
    Path directory = extract(resource::openStream, fileName);
    LOG.debug("sqlite4java natives from {} extracted to {}", resource, directory);
    return directory;
  }

  /** Opens the native library's bytes. */
  @FunctionalInterface
  private interface Source {
    InputStream open() throws IOException;
  }

  /**
   * The unversioned file name sqlite4java loads on a platform, which is also the start of the
   * Maven artifact's file name.
   *
   * @param osName the {@code os.name} property
   * @param osArch the {@code os.arch} property
   * @return e.g. {@code libsqlite4java-linux-amd64.so}
   */
  static String libraryFileName(String osName, String osArch) {
    String os = osName.toLowerCase(Locale.ROOT);
    String arch = osArch.toLowerCase(Locale.ROOT);
    boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
    if (os.contains("mac") || os.contains("darwin")) {
      return "libsqlite4java-osx.dylib";
    }
    if (os.contains("windows")) {
      return x64 ? "sqlite4java-win32-x64.dll" : "sqlite4java-win32-x86.dll";
    }
    if (os.contains("linux")) {
      return x64 ? "libsqlite4java-linux-amd64.so" : "libsqlite4java-linux-i386.so";
    }
    throw new IllegalStateException(
        "DynamoDB Local's sqlite4java has no native library for " + osName + " " + osArch);
  }

  /**
   * Finds the native library among class path entries, named as in a Maven repository
   * ({@code libsqlite4java-linux-amd64-1.0.392.so}) or without the version.
   */
  static Optional<Path> findOnClassPath(String fileName, String classPath) {
    int dot = fileName.lastIndexOf('.');
    String stem = fileName.substring(0, dot);
    String extension = fileName.substring(dot);
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path path = Path.of(entry);
      Path name = path.getFileName();
      if (name == null) {
        continue;
      }
      String n = name.toString();
      boolean matches = n.equals(fileName) || (n.startsWith(stem + "-") && n.endsWith(extension));
      if (matches && Files.isRegularFile(path)) {
        return Optional.of(path);
      }
    }
    return Optional.empty();
  }

  private static Path extract(Source source, String fileName) {
    try {
      Path directory = Files.createTempDirectory("quickphotos-sqlite4java-");
      Path target = directory.resolve(fileName);
      try (InputStream in = source.open()) {
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
      }
      // The library is mapped into the process; deleting it at exit is harmless on Unix and
      // best effort elsewhere.
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(() -> deleteQuietly(directory), "quickphotos-sqlite4java-cleanup"));
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException("could not extract sqlite4java's native library", e);
    }
  }

  private static void deleteQuietly(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // A leftover temporary file is not worth failing JVM shutdown for.
    }
  }
}
