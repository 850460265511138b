package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refusals that used to give the wrong reason (exit 2, but "no such file" for /dev/null,
 * "not a number" for -5, picocli's group internals for -c -c, --soc for a --soc-file), and
 * odd input that used to be accepted: each now names the real problem in one line, exit 2.
 */
class MessagesThatSayWhyTest {
  @TempDir Path dir;
  static final CliEnv STANDARD = CliEnv.standard();

  static void refused(Cli.Result r, String... expected) {
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.err().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(expected).doesNotContain("Exception");
  }

  @Test
  void inputsThatExistAreNamedForWhatTheyAre() throws Exception {
    refused(Cli.run(STANDARD, "run", "--mac", "stmmac", "--soc-file", "/dev/null",
        "--traffic", "ping -c 1"), "/dev/null: is a character device, not a file");
    Path fifo = dir.resolve("fifo");
    new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
    refused(Cli.run(STANDARD, "reproduce", "--file", fifo.toString()), "is a FIFO, not a file");
    refused(Cli.run(STANDARD, "profile", "upgrade", "/dev/null"),
        "is a character device, not a file");
  }

  @Test
  void aNegativeNumberIsCalledNegative() {
    refused(Cli.run(STANDARD, "run", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
        "ping -c 1", "--duration", "-5"), "'-5' is negative");
  }

  @Test
  void aRepeatedExclusiveOptionIsNamed() {
    refused(Cli.run(STANDARD, "ethtool", "--mac", "stmmac", "--soc", "cyclone5", "-c", "-c"),
        "nicsim ethtool: -c is given twice (accepted: once)");
  }

  @Test
  void aSocFileProblemNamesSocFile() throws Exception {
    Path p = Files.writeString(dir.resolve("b.yaml"), "name: board\ninherits: cyclone5\n"
        + "title: a board\n");
    refused(Cli.run(STANDARD, "run", "--mac", "fec", "--soc-file", p.toString(), "--traffic",
        "ping -c 1"), "--soc-file: SoC profile");
  }

  @Test
  void oddInputIsRefused() throws Exception {
    refused(Cli.run(STANDARD, "tune", "--mac", "fec", "--soc", "imx8qxp", "--traffic",
        "ping -c 2", "--vary", "rx-usecs=0,100", "--objective", "min cpu_pct", "--objective",
        "min cpu_pct"), "--objective: 'min cpu_pct' repeats");
    Path tree = Files.createDirectory(dir.resolve("tree"));
    Files.writeString(tree.resolve("Makefile"), "VERSION = banana\nPATCHLEVEL = 1\n");
    refused(Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--class",
        "io.nicsim.stmmac.StmmacEthtool"), "its Makefile says VERSION = banana");
    refused(Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--lock",
        dir.resolve("none").resolve("lock.json").toString()), "--lock: no such file or directory");
  }

  @Test
  void aLockThatIsNotThereIsReadOnlyByACommandThatWritesIt() throws Exception {
    Path tree = Files.createDirectory(dir.resolve("tree"));
    Files.writeString(tree.resolve("Makefile"), "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n");
    Path lock = dir.resolve("lock.json");
    refused(Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--class",
        "io.nicsim.stmmac.StmmacEthtool", "--lock", lock.toString()),
        "--lock: no such file: " + lock + " (accepted: an existing lock file; --update or"
            + " --update-verified writes a new one)");
    assertThat(lock).doesNotExist();
    // --update writes it: the one command that may name a lock not there yet
    Cli.Result r = Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--class",
        "io.nicsim.stmmac.StmmacEthtool", "--lock", lock.toString(), "--update");
    assertThat(r.exit()).as(r.err()).isNotEqualTo(2);
    assertThat(lock).exists();
  }

  @Test
  void theLockIsNeverWrittenOverOrIntoWhatPortCheckReads() throws Exception {
    Path tree = Files.createDirectory(dir.resolve("tree"));
    Files.writeString(tree.resolve("Makefile"), "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n");
    Path old = Files.createDirectory(dir.resolve("old"));
    Files.writeString(old.resolve("Makefile"), "VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n");
    Path tarball = Files.write(dir.resolve("linux.tar.xz"), new byte[] {(byte) 0xfd, '7', 'z'});
    Path link = Files.createSymbolicLink(dir.resolve("link.tar.xz"), tarball);
    Path hard = Files.createLink(dir.resolve("hard.tar.xz"), tarball);
    String[][] cases = {
        {tarball.toString(), tarball.toString(), "is the same file as --kernel-tree"},
        {tarball.toString(), link.toString(), "is the same file as (by another path) --kernel-tree"},
        {tarball.toString(), tree.resolve("..").resolve("linux.tar.xz").toString(),
            "is the same file as --kernel-tree"},
        {tarball.toString(), hard.toString(), "is a hard link to --kernel-tree"},
        {tree.toString(), tree.resolve("port-lock.json").toString(), "is inside --kernel-tree"},
    };
    for (String[] c : cases) {
      refused(Cli.run(STANDARD, "port-check", "--kernel-tree", c[0], "--class",
          "io.nicsim.stmmac.StmmacEthtool", "--lock", c[1], "--update"), c[2]);
    }
    refused(Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--against",
        old.toString(), "--class", "io.nicsim.stmmac.StmmacEthtool", "--lock",
        old.resolve("lock.json").toString(), "--update"), "is inside --against");
    Path progs = Files.createDirectory(dir.resolve("progs"));
    refused(Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--execute",
        "--keep-programs", progs.toString(), "--class", "io.nicsim.stmmac.StmmacEthtool",
        "--lock", progs.resolve("lock.json").toString(), "--update-verified"),
        "is inside --keep-programs");
    // the mutation check reads no lock: a --lock with it would be silently ignored
    Path mutants = Files.writeString(dir.resolve("m.json"), "{\"mutants\": []}\n");
    refused(Cli.run(STANDARD, "port-check", "--kernel-tree", tree.toString(), "--mutants",
        mutants.toString(), "--lock", mutants.toString()), "--mutants: runs on its own");
    assertThat(Files.readAllBytes(tarball)).containsExactly((byte) 0xfd, '7', 'z');
    assertThat(Files.isSymbolicLink(link)).isTrue();
    try (var files = Files.list(tree)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("Makefile");
    }
    try (var files = Files.list(old)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("Makefile");
    }
    assertThat(Files.readString(mutants)).isEqualTo("{\"mutants\": []}\n");
  }
}
