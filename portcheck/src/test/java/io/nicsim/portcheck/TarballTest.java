package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A source tarball gives the same verdicts as the unpacked tree. */
class TarballTest {
  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
    "linux-new.tar.xz, linux-source-6.18/",
    "linux-new.tar.gz, linux-6.18/",
    "linux-new.tar.bz2, ./",
    "linux-new.tgz, ''",
  })
  void aTarballGivesTheSameResultAsTheUnpackedTree(String name, String top) throws IOException {
    Path lock = dir.resolve("port-lock.json");
    List<PortedFunction> ports = Fixtures.acmePorts();
    PortCheckRun.run(new PortCheckRun.Request(Fixtures.oldTree(), Optional.empty(), lock, true),
        ports);
    Path archive = pack(Fixtures.newTree(), dir.resolve(name), top);

    PortCheckRun.Outcome unpacked = PortCheckRun.run(
        new PortCheckRun.Request(Fixtures.newTree(), Optional.empty(), lock, false), ports);
    PortCheckRun.Outcome packed = PortCheckRun.run(
        new PortCheckRun.Request(archive, Optional.empty(), lock, false), ports);

    assertThat(packed.kernel()).isEqualTo("6.18.2-rc1").isEqualTo(unpacked.kernel());
    assertThat(packed.results()).hasSameSizeAs(unpacked.results());
    for (int i = 0; i < unpacked.results().size(); i++) {
      PortResult a = unpacked.results().get(i);
      PortResult b = packed.results().get(i);
      assertThat(b.state()).as(a.port().label()).isEqualTo(a.state());
      assertThat(b.hash()).as(a.port().label()).isEqualTo(a.hash());
      assertThat(b.location().definitions().stream().map(CFunction::where).toList())
          .as(a.port().label())
          .isEqualTo(a.location().definitions().stream().map(CFunction::where).toList());
    }
    // every state the fixtures produce, MOVED (found under the directory) included
    assertThat(packed.results()).extracting(PortResult::state)
        .contains(PortState.OK, PortState.CHANGED, PortState.MOVED, PortState.MISSING,
            PortState.AMBIGUOUS);
    assertThat(TextReport.summary(packed)).isEqualTo(TextReport.summary(unpacked));
  }

  @ParameterizedTest
  @CsvSource({"empty.tar.xz"})
  void anArchiveWithoutAKernelMakefileIsRefused(String name) throws IOException {
    Path src = Files.createDirectories(dir.resolve("src/drivers"));
    Files.writeString(src.resolve("x.c"), "int x(void) { return 0; }\n");
    Path archive = pack(dir.resolve("src"), dir.resolve(name), "top/");
    assertThatThrownBy(() -> PortCheckRun.run(new PortCheckRun.Request(
            archive, Optional.empty(), dir.resolve("lock.json"), false), Fixtures.acmePorts()))
        .isInstanceOf(PortCheckException.class)
        .hasMessageContaining("holds no kernel tree");
  }

  /** Writes {@code tree} as a tarball, every entry under {@code top}, compressed by suffix. */
  static Path pack(Path tree, Path archive, String top) throws IOException {
    String name = archive.getFileName().toString();
    try (OutputStream file = Files.newOutputStream(archive);
        OutputStream packed = name.endsWith(".xz") ? new XZCompressorOutputStream(file)
            : name.endsWith(".bz2") ? new BZip2CompressorOutputStream(file)
            : new GzipCompressorOutputStream(file);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(packed);
        Stream<Path> walk = Files.walk(tree)) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
        String rel = tree.relativize(p).toString().replace('\\', '/');
        if (rel.isEmpty()) {
          continue;
        }
        boolean isDir = Files.isDirectory(p);
        TarArchiveEntry e = new TarArchiveEntry(top + rel + (isDir ? "/" : ""));
        if (!isDir) {
          e.setSize(Files.size(p));
        }
        tar.putArchiveEntry(e);
        if (!isDir) {
          Files.copy(p, tar);
        }
        tar.closeArchiveEntry();
      }
      tar.finish();
    }
    return archive;
  }
}
