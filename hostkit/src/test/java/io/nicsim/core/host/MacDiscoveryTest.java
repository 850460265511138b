package io.nicsim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.hostkit.ExampleMac;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MAC models found on the class path through {@link MacModelProvider}, as a consumer's jar. */
class MacDiscoveryTest {
  @TempDir static Path dir;
  static Path jarA;
  static Path jarB;
  static Path jarOther;

  /** Compiles a provider into its own jar with its services file, as a consumer's build would. */
  private static Path providerJar(String pkg, String macName) throws IOException {
    Path src = dir.resolve(pkg + "-src/" + pkg + "/P.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package " + pkg + ";\n"
        + "public final class P implements io.nicsim.core.host.MacModelProvider {\n"
        + "  public io.nicsim.core.host.MacModel macModel() {\n"
        + "    return new io.nicsim.core.host.MacModel() {\n"
        + "      public String name() { return \"" + macName + "\"; }\n"
        + "      public String description() { return \"test\"; }\n"
        + "      public io.nicsim.core.era.KernelVersion defaultKernel() { return null; }\n"
        + "      public io.nicsim.core.era.PatchCatalog patches() { return null; }\n"
        + "      public io.nicsim.core.host.NicDriver build(io.nicsim.core.host.HostContext c) {\n"
        + "        throw new UnsupportedOperationException();\n"
        + "      }\n"
        + "    };\n"
        + "  }\n"
        + "}\n");
    Path out = dir.resolve(pkg + "-classes");
    Files.createDirectories(out);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    // the SPI's types live in core (MacModel) and engine (the era types it names)
    String cp = classDir(MacModelProvider.class) + File.pathSeparator
        + classDir(KernelVersion.class);
    int rc = javac.run(null, OutputStream.nullOutputStream(), err, "-cp", cp,
        "-d", out.toString(), src.toString());
    assertThat(rc).as("javac of " + src + ": " + err).isZero();
    Path jar = dir.resolve(pkg + ".jar");
    try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
      try (var files = Files.walk(out)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          j.putNextEntry(new JarEntry(out.relativize(f).toString().replace('\\', '/')));
          j.write(Files.readAllBytes(f));
        }
      }
      j.putNextEntry(new JarEntry("META-INF/services/" + MacModelProvider.class.getName()));
      j.write((pkg + ".P\n").getBytes(StandardCharsets.UTF_8));
    }
    return jar;
  }

  private static String classDir(Class<?> c) {
    return MacModels.origin(c);
  }

  @BeforeAll
  static void jars() throws IOException {
    jarA = providerJar("consumera", "dup");
    jarB = providerJar("consumerb", "dup");
    jarOther = providerJar("consumerc", "mymac");
  }

  private static ClassLoader loader(Path... jars) throws IOException {
    URL[] urls = new URL[jars.length];
    for (int i = 0; i < jars.length; i++) {
      urls[i] = jars[i].toUri().toURL();
    }
    return new URLClassLoader(urls, MacDiscoveryTest.class.getClassLoader());
  }

  @Test
  void aConsumersJarIsFoundWithItsOrigin() throws IOException {
    MacModels macs = MacDiscovery.load(loader(jarOther));
    assertThat(macs.byName()).containsKey("mymac");
    assertThat(macs.get("mymac").getClass().getName()).startsWith("consumerc.P");
    assertThat(macs.origin("mymac")).isEqualTo(jarOther.toString());
  }

  @Test
  void twoMacsOfOneNameAreRefusedNamingBothJars() throws IOException {
    ClassLoader l = loader(jarA, jarB);
    assertThatThrownBy(() -> MacDiscovery.load(l))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("two MAC models are named 'dup'")
        .hasMessageContaining(jarA.toString())
        .hasMessageContaining(jarB.toString())
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aProviderThatCannotBeLoadedIsOneLine() throws IOException {
    Path bad = dir.resolve("bad.jar");
    try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(bad))) {
      j.putNextEntry(new JarEntry("META-INF/services/" + MacModelProvider.class.getName()));
      j.write("no.such.Provider\n".getBytes(StandardCharsets.UTF_8));
    }
    ClassLoader l = loader(bad);
    assertThatThrownBy(() -> MacDiscovery.load(l))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("no.such.Provider")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aCompileTimeMacAndADiscoveredOneOfTheSameNameClash() throws IOException {
    MacModels found = MacDiscovery.load(loader(jarOther));
    MacModels pinned = MacModels.of(Map.of("mymac", new ExampleMac()));
    assertThatThrownBy(() -> found.with(pinned))
        .hasMessageContaining("two MAC models are named 'mymac'");
    // the same model class from the same place is one model, not a clash
    MacModels twice = pinned.with(MacModels.of(Map.of("mymac", new ExampleMac())));
    assertThat(twice.byName().keySet()).isEqualTo(java.util.Set.of("mymac"));
  }

  @Test
  void anUnknownNameListsTheInstalledModels() throws IOException {
    MacModels macs = MacDiscovery.load(loader(jarOther));
    assertThatThrownBy(() -> macs.get("nope"))
        .hasMessage("--mac: unknown MAC model 'nope' (accepted: " + String.join(", ",
            List.copyOf(macs.byName().keySet())) + ")");
  }
}
