package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's own build honours the user's Maven settings: NICSIM_MAVEN_ARGS (e.g. another
 * local repository, offline) reaches its mvn command line and MAVEN_OPTS reaches mvn's
 * environment. A copy of the launcher in an empty directory must build; the mvn on its PATH
 * is a stand-in that records what it was given and fails, so nothing is built.
 */
class LauncherMavenArgsTest {
  @TempDir Path dir;

  @Test
  void nicsimMavenArgsAndMavenOptsReachTheBuild() throws Exception {
    Path root = Files.createDirectories(dir.resolve("nicsim"));
    Files.copy(Path.of("..", "nicsim"), root.resolve("nicsim"));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\n"
        + "printf '%s\\n' \"$@\" > \"$REC/args\"\n"
        + "printf '%s\\n' \"$MAVEN_OPTS\" > \"$REC/opts\"\n"
        + "echo '[ERROR] stand-in mvn'\n"
        + "exit 1\n");
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("nicsim").toString(), "list",
        "macs");
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.environment().put("REC", dir.toString());
    pb.environment().put("NICSIM_MAVEN_ARGS", "-o -Dmaven.repo.local=" + dir.resolve("m2"));
    pb.environment().put("MAVEN_OPTS", "-Xmx512m");
    pb.redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile());
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = Files.readString(dir.resolve("out"), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(out).isEqualTo(2);
    List<String> args = Files.readAllLines(dir.resolve("args"));
    assertThat(args).containsSubsequence("-o", "-Dmaven.repo.local=" + dir.resolve("m2"), "-pl",
        "cli", "-am", "-DskipTests", "package");
    assertThat(Files.readString(dir.resolve("opts")).strip()).isEqualTo("-Xmx512m");
    assertThat(out).contains("stand-in mvn").contains("nicsim: build failed (mvn -o"
        + " -Dmaven.repo.local=" + dir.resolve("m2") + " -pl cli -am package in " + root);
  }
}
