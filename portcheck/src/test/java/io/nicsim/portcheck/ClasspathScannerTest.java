package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.port.KernelPort;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClasspathScannerTest {
  @TempDir Path dir;

  @Test
  void findsPortsInThisJvmsClassPathWithoutInitialisingTheirClasses() {
    List<PortedFunction> ports = ClasspathScanner.ofThisJvm().ports();

    // the test fixtures; ExplodingPorts would throw if it were initialised
    assertThat(ports).filteredOn(p -> p.function().equals("acme_set_ic")).singleElement()
        .satisfies(p -> assertThat(p.ports()).containsExactly(
            "io.nicsim.portcheck.fixture.AcmePorts#setIc(int, int)",
            "io.nicsim.portcheck.fixture.ExplodingPorts#setIc()"));
    assertThat(ports).filteredOn(p -> p.function().equals("acme_open")).singleElement()
        .satisfies(p -> assertThat(p.ports())
            .containsExactly("io.nicsim.portcheck.fixture.AcmePorts#AcmePorts(int)"));
  }

  @Test
  void findsALibraryConsumersPortsInAJarNamedByAManifestClassPath() throws Exception {
    Path consumerJar = compileConsumerJar();
    Path launcherJar = dir.resolve("launcher.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, "lib/consumer.jar");
    try (OutputStream out = Files.newOutputStream(launcherJar)) {
      new JarOutputStream(out, manifest).finish(); // a jar holding only its manifest
    }

    List<Path> roots = ClasspathRoots.of(launcherJar.toString());
    assertThat(roots).containsExactly(launcherJar, consumerJar);

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {consumerJar.toUri().toURL()}, getClass().getClassLoader())) {
      List<PortedFunction> ports = new ClasspathScanner(roots, loader).ports();
      assertThat(ports).extracting(PortedFunction::label)
          .containsExactly("drivers/net/ethernet/vendor/foo.c foo_rx", "drivers/net/ethernet/vendor/foo.c foo_tx");
      assertThat(ports.get(0).ports()).containsExactly("com.example.FooPort#both()");
      assertThat(ports.get(1).ports())
          .containsExactly("com.example.FooPort#both()", "com.example.FooPort#tx(int)");
    }
  }

  @Test
  void classFilesThatDoNotMentionTheAnnotationAreNotCandidates() throws Exception {
    Path testClasses = Path.of(Fixtures.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ClasspathScanner scanner = new ClasspathScanner(List.of(testClasses), getClass().getClassLoader());
    assertThat(scanner.candidateClassNames())
        .contains("io.nicsim.portcheck.fixture.AcmePorts")
        .doesNotContain(Fixtures.class.getName(), getClass().getName());
  }

  /** Compiles a consumer's port class against core and jars it under dir/lib. */
  private Path compileConsumerJar() throws Exception {
    Path src = Files.createDirectories(dir.resolve("src/com/example"));
    Files.writeString(src.resolve("FooPort.java"), String.join("\n",
        "package com.example;",
        "import io.nicsim.core.port.KernelPort;",
        "public class FooPort {",
        "  static { if (true) throw new IllegalStateException(\"initialised\"); }",
        "  @KernelPort(file = \"drivers/net/ethernet/vendor/foo.c\", function = \"foo_tx\", versions = \"v6.18\")",
        "  void tx(int q) {}",
        "  @KernelPort(file = \"drivers/net/ethernet/vendor/foo.c\", function = \"foo_rx\", versions = \"v6.18\")",
        "  @KernelPort(file = \"drivers/net/ethernet/vendor/foo.c\", function = \"foo_tx\", versions = \"v6.18\")",
        "  void both() {}",
        "}"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    String core = Path.of(KernelPort.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "-classpath", core, "-d", classes.toString(),
        src.resolve("FooPort.java").toString());
    assertThat(rc).isZero();

    Path jarFile = Files.createDirectories(dir.resolve("lib")).resolve("consumer.jar");
    try (OutputStream out = Files.newOutputStream(jarFile);
        JarOutputStream jar = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        jar.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        jar.write(Files.readAllBytes(f));
        jar.closeEntry();
      }
    }
    return jarFile;
  }
}
