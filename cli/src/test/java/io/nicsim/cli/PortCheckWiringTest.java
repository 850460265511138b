package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code nicsim port-check} is port-check's own command under nicsim's error handling. */
class PortCheckWiringTest {
  @TempDir Path dir;

  @Test
  void refusedInputIsOneLineNamedAfterNicsimsSubcommand() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Nicsim.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));

    Path absent = dir.resolve("absent");
    assertThat(cli.execute("port-check", "--kernel-tree", absent.toString())).isEqualTo(2);
    assertThat(err.toString().lines().toList()).singleElement().isEqualTo(
        "nicsim port-check: --kernel-tree: '" + absent + "' is not a directory or a tarball"
            + " (accepted: the root directory of a kernel source tree, or its source tarball)");
    assertThat(out.toString()).isEmpty();
  }
}
