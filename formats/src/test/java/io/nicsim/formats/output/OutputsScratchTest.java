package io.nicsim.formats.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command's scratch directory is removed with everything in it when its outputs are done:
 * after the commit (the outputs stay) and after a failure (nothing stays). The interrupt's
 * path (SIGTERM) is checked end to end in bench's {@code CalibrateScratchTest}, in a child JVM,
 * since {@link Outputs#discardAll()} ends every later command of the process.
 */
class OutputsScratchTest {
  @TempDir Path dir;

  static Path fill(Path scratch) throws Exception {
    Files.writeString(scratch.resolve("round0.yaml"), "name: x\n");
    Files.createDirectories(scratch.resolve("sub"));
    Files.writeString(scratch.resolve("sub/round1.yaml"), "name: y\n");
    return scratch;
  }

  @Test
  void aCommitKeepsTheOutputsAndRemovesTheScratch() throws Exception {
    Path out = dir.resolve("made/profile.yaml");
    Path scratch;
    try (Outputs o = Outputs.begin(new ByteArrayOutputStream())) {
      o.claim(out, "--out");
      scratch = fill(o.scratchDir("nicsim-test"));
      assertThat(scratch.getFileName().toString()).startsWith("nicsim-test");
      assertThat(scratch.resolve("sub/round1.yaml")).exists();
      o.writeText(out, "--out", "name: z\n");
      o.commit();
    }
    assertThat(scratch).doesNotExist();
    assertThat(out).hasContent("name: z");
  }

  @Test
  void aFailureRemovesTheScratchAndWritesNothing() throws Exception {
    Path out = dir.resolve("made/profile.yaml");
    Path scratch;
    try (Outputs o = Outputs.begin(new ByteArrayOutputStream())) {
      o.claim(out, "--out");
      scratch = fill(o.scratchDir("nicsim-test"));
      o.writeText(out, "--out", "name: z\n");
      // the command fails here: no commit
    }
    assertThat(scratch).doesNotExist();
    assertThat(dir.resolve("made")).doesNotExist();
  }
}
