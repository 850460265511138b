package io.nicsim.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Shared by the fuzz properties. Each property takes jqwik's default tries (the root pom's
 * {@code jqwik.tries.default}: 200 in the normal suite, 10 000 under {@code -Pfuzz}); none fixes
 * its own. Run only these: {@code mvn -Pfuzz -pl bench -am verify -Dtest='*FuzzTest'
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
final class Fuzz {
  private Fuzz() {}

  /** A scratch directory for the outputs fuzzed command lines may name. */
  static Path scratch() {
    try {
      Path d = Files.createTempDirectory("nicsim-fuzz");
      d.toFile().deleteOnExit();
      return d;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What a refusal or a success may look like: exit 0 (or 1 for port-check's drift), or exit 2
   * with one line on stderr (progress lines of reproduce aside) and nothing on stdout; never a
   * stack trace or an internal error.
   */
  static void clean(Cli.Result r) {
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("internal error")
        .doesNotContain("Exception");
    assertThat(r.exit()).as(r.err()).isIn(0, 1, 2);
    if (r.exit() == 2) {
      assertThat(r.out()).as(r.err()).isEmpty();
      assertThat(r.err().lines().filter(l -> !l.startsWith("["))).as(r.err()).hasSize(1);
    }
  }
}
