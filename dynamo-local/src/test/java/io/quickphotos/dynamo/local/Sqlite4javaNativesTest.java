package io.quickphotos.dynamo.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Sqlite4javaNativesTest {

  @Test
  void eachPlatformHasItsLibraryName() {
    assertThat(Sqlite4javaNatives.libraryFileName("Linux", "amd64"))
        .isEqualTo("libsqlite4java-linux-amd64.so");
    assertThat(Sqlite4javaNatives.libraryFileName("Linux", "x86"))
        .isEqualTo("libsqlite4java-linux-i386.so");
    assertThat(Sqlite4javaNatives.libraryFileName("Mac OS X", "x86_64"))
        .isEqualTo("libsqlite4java-osx.dylib");
    assertThat(Sqlite4javaNatives.libraryFileName("Windows 11", "amd64"))
        .isEqualTo("sqlite4java-win32-x64.dll");
    assertThatThrownBy(() -> Sqlite4javaNatives.libraryFileName("SunOS", "sparc"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("SunOS");
  }

  @Test
  void theVersionedArtifactIsFoundAmongClassPathEntries(@TempDir Path dir) throws IOException {
    Path artifact = Files.writeString(dir.resolve("libsqlite4java-linux-amd64-1.0.392.so"), "so");
    Path other = Files.writeString(dir.resolve("libsqlite4java-linux-i386-1.0.392.so"), "no");
    String classPath = other + File.pathSeparator + "" + File.pathSeparator + artifact;
    assertThat(Sqlite4javaNatives.findOnClassPath("libsqlite4java-linux-amd64.so", classPath))
        .contains(artifact);
    assertThat(Sqlite4javaNatives.findOnClassPath("libsqlite4java-osx.dylib", classPath)).isEmpty();
    Path extracted =
        Sqlite4javaNatives.extractFromClassPath("libsqlite4java-linux-amd64.so", classPath);
    assertThat(extracted.resolve("libsqlite4java-linux-amd64.so")).hasContent("so");
  }

  @Test
  void theBundledCopyIsExtractedWhenNoArtifactIsOnTheClassPath() throws IOException {
    String name = "libsqlite4java-linux-amd64.so";
    Path extracted = Sqlite4javaNatives.extractFromClassPath(name, "");
    // The same bytes as the artifact the build copied for the tests' library path.
    Path copied = Path.of(System.getProperty(Sqlite4javaNatives.LIBRARY_PATH), name);
    assertThat(Files.mismatch(extracted.resolve(name), copied)).isEqualTo(-1L);
    assertThat(
            Sqlite4javaNatives.class
                .getClassLoader()
                .getResource(Sqlite4javaNatives.RESOURCE_DIRECTORY + "libsqlite4java-osx.dylib"))
        .isNotNull();
    assertThat(
            Sqlite4javaNatives.class
                .getClassLoader()
                .getResource(Sqlite4javaNatives.RESOURCE_DIRECTORY + "sqlite4java-win32-x64.dll"))
        .isNotNull();
  }

  @Test
  void aPlatformWithoutAnyCopyIsExplained() {
    assertThatThrownBy(
            () -> Sqlite4javaNatives.extractFromClassPath("libsqlite4java-linux-i386.so", ""))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(Sqlite4javaNatives.LIBRARY_PATH);
  }
}
