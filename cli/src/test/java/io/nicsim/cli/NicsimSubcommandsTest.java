package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The subcommand table that lets a fresh JVM build only the command it runs. */
class NicsimSubcommandsTest {
  @Test
  void everyNameIsItsClassesCommandName() {
    for (Map.Entry<String, Class<?>> e : Nicsim.SUBCOMMANDS.entrySet()) {
      assertThat(e.getValue().getAnnotation(Command.class).name()).isEqualTo(e.getKey());
    }
  }

  @Test
  void aNamedSubcommandIsBuiltAloneAndAnythingElseGetsThemAll() {
    CommandLine one = Nicsim.commandLine(CommandLine.defaultFactory(),
        new String[] {"ethtool", "--mac", "fec"});
    assertThat(one.getSubcommands().keySet()).containsExactly("ethtool");
    for (String[] args : new String[][] {{}, {"--help"}, {"help", "run"}, {"reprodcue"}}) {
      assertThat(Nicsim.commandLine(CommandLine.defaultFactory(), args).getSubcommands().keySet())
          .containsExactlyElementsOf(Nicsim.SUBCOMMANDS.keySet());
    }
  }

  @Test
  void helpStillListsEveryCommandAndAMistypedOneIsStillSuggested() {
    Cli.Result help = Cli.run("--help");
    assertThat(help.exit()).isZero();
    for (String name : Nicsim.SUBCOMMANDS.keySet()) {
      assertThat(help.out()).contains("  " + name);
    }
    Cli.Result typo = Cli.run("reprodcue");
    assertThat(typo.exit()).isEqualTo(Nicsim.EXIT_USAGE);
    assertThat(typo.err()).contains("'reprodcue'").contains("did you mean reproduce");
  }
}
