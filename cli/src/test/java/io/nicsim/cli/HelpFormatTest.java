package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * picocli formats every description line of {@code --help} with {@code String.format}; a line
 * it cannot format (a lone {@code %}) is printed raw after a "[picocli WARN] Could not format"
 * line on the process's standard error. Every command's help prints without one.
 */
class HelpFormatTest {
  @Test
  void everyCommandsHelpFormatsWithoutAWarning() {
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    PrintStream err = System.err;
    StringWriter help = new StringWriter();
    System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
    try {
      walk(Nicsim.commandLine(), new PrintWriter(help));
    } finally {
      System.setErr(err);
    }
    assertThat(help.toString()).contains("--traffic").contains("--path");
    assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  private static void walk(CommandLine cli, PrintWriter out) {
    cli.usage(out);
    for (Map.Entry<String, CommandLine> s : cli.getSubcommands().entrySet()) {
      walk(s.getValue(), out);
    }
  }
}
