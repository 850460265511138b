package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * port-check as a driver maintainer runs it without the simulator: a fresh JVM whose class path
 * is this module's jar, its runtime dependencies (target/classpath: the annotations artifact,
 * the port-execution SPI's, port-check's two lower artifacts, portcheck-c and portcheck-inputs,
 * and its libraries) and the
 * maintainer's own ports (here the test fixtures).
 */
class PortCheckStandaloneIT {
  @TempDir Path dir;

  private static Path target() throws URISyntaxException {
    return Path.of(PortCheckStandaloneIT.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI()).getParent();
  }

  @Test
  void runsFromItsOwnJarWithOnlyTheAnnotationsArtifactAndItsLibraries() throws Exception {
    Path target = target();
    String deps = Files.readString(target.resolve("classpath")).strip();
    assertThat(java.util.Arrays.stream(deps.split(File.pathSeparator))
        .map(e -> Path.of(e).getFileName().toString())
        .filter(n -> n.startsWith("nicsim-"))
        .map(n -> n.replaceAll("-[0-9].*", "")).toList())
        .containsExactlyInAnyOrder("nicsim-annotations", "nicsim-port-exec",
            "nicsim-portcheck-c", "nicsim-portcheck-inputs");
    Path jar;
    try (var s = Files.list(target)) {
      jar = s.filter(p -> p.getFileName().toString().matches("nicsim-portcheck-.*[0-9T](-SNAPSHOT)?\\.jar"))
          .findFirst().orElseThrow();
    }
    String cp = String.join(File.pathSeparator,
        jar.toString(), deps, target.resolve("test-classes").toString());
    Path tree = Path.of(PortCheckStandaloneIT.class.getResource("/portcheck/old").toURI());
    Path lock = dir.resolve("my-lock.json");

    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
        "io.nicsim.portcheck.PortCheckMain", "--kernel-tree", tree.toString(),
        "--lock", lock.toString(), "--package", "io.nicsim.portcheck.fixture", "--update"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isIn(0, 1);
    assertThat(out).contains("acme_tx_timer_arm");
    assertThat(lock).isRegularFile();

    // --execute with a consumer's harness: their jar (here test-classes) and a services file
    if (Gcc.version().isPresent()) {
      Path services = dir.resolve("services/META-INF/services");
      Files.createDirectories(services);
      Files.writeString(services.resolve("io.nicsim.core.port.exec.PortHarnessProvider"),
          "io.nicsim.portcheck.execfixture.AcmeCoalHarnesses\n");
      String execCp = cp + File.pathSeparator + dir.resolve("services");
      // a lock that exists but holds nothing yet: --lock names an existing file unless --update
      Path execLock = dir.resolve("exec-lock.json");
      Files.writeString(execLock, "{\"format\": 2, \"ports\": []}\n");
      Path newTree = Path.of(PortCheckStandaloneIT.class.getResource("/portcheck/new").toURI());
      Process exec = new ProcessBuilder(List.of(cmd.get(0), "-cp", execCp,
          "io.nicsim.portcheck.PortCheckMain", "--kernel-tree", newTree.toString(),
          "--lock", execLock.toString(),
          "--class", "io.nicsim.portcheck.execfixture.AcmeCoalPorts", "--execute", "--inputs",
          "300"))
          .redirectErrorStream(true).start();
      String execOut = new String(exec.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      // the text part reports NEW (no lock yet): exit 1; both functions run SAME
      assertThat(exec.waitFor()).as(execOut).isEqualTo(1);
      assertThat(execOut)
          .contains("SAME        300 inputs  drivers/net/ethernet/acme/acme_coal.c acme_usecs_to_ticks")
          .contains("SAME        300 inputs  drivers/net/ethernet/acme/acme_coal.c acme_set_coalesce")
          .contains("execute summary: 2 of 2 ported functions executed (2 SAME, 0 DIFFERS)");
    }

    // a refused input: one line, exit 2, named after the standalone command
    Process bad = new ProcessBuilder(List.of(cmd.get(0), "-cp", cp,
        "io.nicsim.portcheck.PortCheckMain", "--kernel-tree", dir.resolve("absent").toString()))
        .redirectErrorStream(true).start();
    String badOut = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bad.waitFor()).isEqualTo(2);
    assertThat(badOut.lines().toList()).singleElement().asString()
        .startsWith("port-check: --kernel-tree: ");
  }
}
