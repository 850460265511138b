package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An output option writes only a regular file or a new path. A FIFO, a
 * symbolic link, a character device (made with mknod inside a temp dir, as /dev/full and
 * /dev/null are: the real /dev is never touched), a socket or a directory is refused in one
 * line naming the option and the path, and is still there, unchanged, afterwards; one path for
 * two outputs is refused. Nothing is left in the directory in any case.
 */
class OutputRefusalTest {
  @TempDir Path dir;

  static final String[] RUN = {"run", "--mac", "example", "--soc", "testsoc", "--traffic",
      "ping -c 2 -i 0.001"};

  static Cli.Result run(String... more) {
    List<String> a = new ArrayList<>(List.of(RUN));
    a.addAll(List.of(more));
    return Cli.run(a.toArray(new String[0]));
  }

  static void refused(Cli.Result r, String... expected) {
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(expected).doesNotContain("\tat ").doesNotContain("Exception");
  }

  /** What the directory holds, each entry with its kind (nothing more may appear). */
  static List<String> listing(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName() + ":" + kind(p)).sorted().toList();
    }
  }

  static String kind(Path p) {
    try {
      int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      long rdev = (Long) Files.getAttribute(p, "unix:rdev", LinkOption.NOFOLLOW_LINKS);
      return Integer.toOctalString(mode & 0170000) + "/" + rdev;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static int sh(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor();
  }

  @ParameterizedTest
  @ValueSource(strings = {"--pcap", "--trace", "--plot"})
  void aFifoIsRefusedAndLeftAsItWas(String flag) throws Exception {
    Path fifo = dir.resolve(flag.equals("--plot") ? "f.png" : "f");
    assumeTrue(sh("mkfifo", fifo.toString()) == 0, "mkfifo");
    List<String> before = listing(dir);
    refused(run(flag, fifo.toString()), flag + ": '" + fifo + "' is a FIFO",
        "accepted: a regular file, a new path, or - for standard output");
    assertThat(listing(dir)).isEqualTo(before);
    assertThat(kind(fifo)).startsWith("10000/"); // still a FIFO
  }

  /**
   * {@code --pcap /dev/full} and {@code --trace /dev/null} used to rename a regular file over
   * the device. Here they are character devices with those numbers in a temp dir.
   */
  @Test
  void characterDevicesAreRefusedAndLeftAsTheyWere() throws Exception {
    Path full = dir.resolve("full");
    Path nul = dir.resolve("null");
    assumeTrue(sh("mknod", full.toString(), "c", "1", "7") == 0
        && sh("mknod", nul.toString(), "c", "1", "3") == 0, "mknod (needs root)");
    List<String> before = listing(dir);
    refused(run("--pcap", full.toString()), "--pcap: '" + full + "' is a character device");
    refused(run("--trace", nul.toString()), "--trace: '" + nul + "' is a character device");
    refused(run("--trace", nul.toString(), "--pcap", full.toString()), "is a character device");
    assertThat(listing(dir)).isEqualTo(before);
    assertThat(Files.isRegularFile(full)).isFalse();
    assertThat(Files.isRegularFile(nul)).isFalse();
  }

  /** A symbolic link, to a file or to a device, is refused: it would be replaced, not followed. */
  @Test
  void symlinksAreRefusedAndLeftPointingWhereTheyPointed() throws Exception {
    Path target = Files.writeString(dir.resolve("mine.pcap"), "keep me");
    Path link = Files.createSymbolicLink(dir.resolve("link.pcap"), target);
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling.txt"), dir.resolve("gone"));
    List<String> before = listing(dir);
    refused(run("--pcap", link.toString()), "--pcap: '" + link + "' is a symbolic link to "
        + target + ", which would be replaced, not followed");
    refused(run("--trace", dangling.toString()), "--trace: '" + dangling
        + "' is a symbolic link");
    assertThat(listing(dir)).isEqualTo(before);
    assertThat(Files.readSymbolicLink(link)).isEqualTo(target);
    assertThat(Files.readString(target)).isEqualTo("keep me");
    assertThat(Files.exists(dir.resolve("gone"))).isFalse();
  }

  @Test
  void aDirectoryOrAnEmptyPathIsRefused() throws Exception {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    List<String> before = listing(dir);
    refused(run("--trace", sub.toString()), "--trace: '" + sub + "' is a directory");
    refused(run("--pcap", dir.toString() + "/"), "--pcap: ", "is a directory");
    // --trace '' once said " is a directory"
    refused(run("--trace", ""), "--trace: empty path (accepted: a file name)");
    assertThat(listing(dir)).isEqualTo(before);
    try (Stream<Path> s = Files.list(sub)) {
      assertThat(s).isEmpty();
    }
  }

  /** A Unix socket in the way: refused by kind. */
  @Test
  void aSocketIsRefused() throws Exception {
    Path sock = dir.resolve("s.pcap");
    try (var ch = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
      ch.bind(java.net.UnixDomainSocketAddress.of(sock));
      refused(run("--pcap", sock.toString()), "--pcap: '" + sock + "' is a socket");
      assertThat(kind(sock)).startsWith("140000/");
    }
  }

  /** {@code --trace X --pcap X} (or the same file spelt twice) would lose one output. */
  @Test
  void onePathForTwoOutputsIsRefused() throws Exception {
    Path x = dir.resolve("x");
    refused(run("--trace", x.toString(), "--pcap", x.toString()),
        "--pcap: '" + x + "' is also --trace's output (accepted: a path of its own for each"
            + " output)");
    refused(run("--trace", x.toString(), "--pcap", dir.resolve("sub/../x").toString()),
        "is also --trace's output");
    Path png = dir.resolve("p.png");
    Cli.Result both = run("--pcap", png.toString(), "--plot", png.toString());
    refused(both, "'" + png + "' is also ", "'s output");
    assertThat(both.err()).contains("--pcap").contains("--plot");
    assertThat(listing(dir)).isEmpty();
    // and apart they are all written
    Cli.Result ok = run("--trace", x.toString(), "--pcap", dir.resolve("y").toString(),
        "--plot", png.toString());
    assertThat(ok.exit()).as(ok.err()).isZero();
    assertThat(listing(dir)).containsExactly("p.png:100000/0", "x:100000/0", "y:100000/0");
  }

  /**
   * A /proc path (a kernel file, a directory one cannot create files in): one line that names
   * the path, with neither an exception's name nor the temporary file's.
   */
  @ParameterizedTest
  @ValueSource(strings = {"/proc/self/status", "/proc/x.txt", "/proc/self/x.pcap",
      "/proc/sys/net/core/x", "/proc/1/mem"})
  void procPathsAreRefusedWithoutExceptionOrTemporaryNames(String path) {
    for (String flag : List.of("--trace", "--pcap")) {
      Cli.Result r = run(flag, path);
      refused(r, flag + ": ", path);
      assertThat(r.err()).doesNotContain(".tmp").doesNotContain("Exception")
          .doesNotContainPattern("\\.[a-z]\\.[a-z]+\\.[0-9]+").doesNotContain("java.");
    }
  }

  /**
   * Found by the grammar fuzz: profile upgrade and port-check's lock wrote by their own rename,
   * past these checks ({@code profile upgrade -o ''} was an internal error, {@code -o} a device
   * would have been replaced). Now a FIFO, a device or a symbolic link is refused for them too.
   */
  @Test
  void profileUpgradeAndPortCheckLockRefuseWhatIsNotARegularFile() throws Exception {
    Path fifo = dir.resolve("f.yaml");
    Path nul = dir.resolve("null");
    assumeTrue(sh("mkfifo", fifo.toString()) == 0 && sh("mknod", nul.toString(), "c", "1", "3")
        == 0, "mkfifo, mknod (needs root)");
    Path profile = java.nio.file.Files.writeString(dir.resolve("board.yaml"),
        "name: board\ninherits: knobsoc\ntitle: a board\n"
        + "params:\n  example_ring: {value: 64, source: \"my DT\"}\n");
    Path link = Files.createSymbolicLink(dir.resolve("link.yaml"), profile);
    List<String> before = listing(dir);
    refused(Cli.run("profile", "upgrade", profile.toString(), "-o", fifo.toString()),
        "--output: '" + fifo + "' is a FIFO");
    refused(Cli.run("profile", "upgrade", profile.toString(), "-o", nul.toString()),
        "--output: '" + nul + "' is a character device");
    refused(Cli.run("profile", "upgrade", profile.toString(), "-o", ""), "--output: empty path");
    refused(Cli.run("profile", "upgrade", link.toString()), "FILE: '" + link
        + "' is a symbolic link");
    Path tree = Files.createDirectory(dir.resolve("tree"));
    Files.writeString(tree.resolve("Makefile"), "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n");
    for (Path lock : List.of(fifo, nul, link)) {
      refused(Cli.run("port-check", "--kernel-tree", tree.toString(), "--lock", lock.toString(),
          "--update"), "--lock: " + lock + " is ");
    }
    List<String> expected = new ArrayList<>(before);
    expected.add("tree:40000/0");
    expected.sort(null);
    assertThat(listing(dir)).isEqualTo(expected);
    assertThat(Files.readSymbolicLink(link)).isEqualTo(profile);
  }
}
