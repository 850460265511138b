package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.EnvFactory;
import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The launcher's table of the subcommands' picocli models ({@link CommandTable}): which
 * commands it covers, that a model built from it is picocli's reflective one, and that a
 * command runs the same from it.
 */
class CommandTableTest {
  /** The commands a table leaves to reflection, and the feature that makes it. */
  static final Map<String, String> LEFT_OUT = Map.of(
      "ethtool", "ArgGroup",
      "trace", "subcommands",
      "profile", "subcommands");

  static Path dir;
  static String text;

  @BeforeAll
  static void writeTable() throws IOException {
    dir = Files.createTempDirectory("nicsim-command-table");
    text = CommandTable.write(roots(), CommandLine.defaultFactory());
    Files.writeString(dir.resolve("commands"), text, StandardCharsets.UTF_8);
  }

  @AfterAll
  static void removeTable() throws IOException {
    System.clearProperty(CommandTable.PROPERTY);
    CommandTable.reset();
    Files.deleteIfExists(dir.resolve("commands"));
    Files.deleteIfExists(dir);
  }

  static List<Class<?>> roots() {
    List<Class<?>> roots = new ArrayList<>();
    roots.add(Nicsim.class);
    roots.addAll(Nicsim.SUBCOMMANDS.values());
    return roots;
  }

  @Test
  void everyCommandButThoseWithGroupsOrSubcommandsIsInTheTable() {
    for (Map.Entry<String, Class<?>> e : Nicsim.SUBCOMMANDS.entrySet()) {
      String why = CommandTable.check(e.getValue(), CommandLine.defaultFactory(),
          new LinkedHashMap<>(), new LinkedHashMap<>());
      if (LEFT_OUT.containsKey(e.getKey())) {
        assertThat(why).as(e.getKey()).contains(LEFT_OUT.get(e.getKey()));
        assertThat(text).doesNotContain("class\t" + e.getValue().getName() + "\n");
      } else {
        assertThat(why).as(e.getKey()).isNull();
        assertThat(text).contains("class\t" + e.getValue().getName() + "\n");
      }
    }
  }

  @Test
  void aModelFromTheTableReadsNoAnnotationAndAChangedValueIsSeen() throws Exception {
    CommandTable table = CommandTable.parse(text);
    CommandSpec spec = table.spec(new ListCommand(), CommandLine.defaultFactory());
    assertThat(spec).isNotNull();
    // bound by the table's elements, not picocli's reflective field bindings
    for (OptionSpec o : spec.options()) {
      assertThat(o.getter().getClass().getName()).startsWith(CommandTable.class.getName());
    }
    assertThat(CommandTable.sameModel(new CommandLine(spec),
        new CommandLine(new ListCommand()))).isNull();
    // one description word changed in the table: the comparison that gates it says where
    String edited = text.replace("patches of this MAC only", "patches of this MAC");
    assertThat(edited).isNotEqualTo(text);
    CommandSpec changed = CommandTable.parse(edited).spec(new ListCommand(),
        CommandLine.defaultFactory());
    assertThat(CommandTable.sameModel(new CommandLine(changed),
        new CommandLine(new ListCommand()))).contains("--mac");
    // a class the table lacks is built by reflection
    assertThat(CommandTable.parse("").spec(new ListCommand(), CommandLine.defaultFactory()))
        .isNull();
  }

  /** Each line run as main runs it, with the launcher's table and without: the same. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "list macs",
    "list socs",
    "list patches --mac knob",
    "list scenarios",
    "list macs --mac knob",
    "list nosuch",
    "list",
    "list macs extra",
    "list --help",
    "run --help",
    "run --mac example --soc testsoc --traffic ping -c 3 -i 0.01",
    "run --mac example --soc testsoc --traffic ping -c 3 -i 0.01 --json",
    "run --mac knob --soc knobsoc -C tx-usecs 100 tx-frames 4 --traffic ping -c 2",
    "run --mac example --soc testsoc --traffic ping -c 1 --bogus",
    "run --mac example --soc testsoc --seed x --traffic ping -c 1",
    "run --mac example --soc testsoc --jitter abc --traffic ping -c 1",
    "run --mac example --traffic ping -c 1",
    "run --mac",
    "run --tx-usecs 100 --mac knob --soc knobsoc --traffic ping -c 1",
    "sweep --help",
    "tune --help",
    "explore --help",
    "reproduce --help",
    "patch --help",
    "port-check --help",
    "bench --help",
    "soak --help",
    "validate --help",
    "sysfs --help",
    "sysfs --mac knob --soc knobsoc",
    "reproduce --nosuch",
    "soak --minutes x",
  })
  void aCommandRunsTheSameFromTheTable(String line) {
    String[] args = split(line);
    System.clearProperty(CommandTable.PROPERTY);
    CommandTable.reset();
    Cli.Result reflected = Cli.run(args);
    System.setProperty(CommandTable.PROPERTY, dir.resolve("commands").toString());
    CommandTable.reset();
    try {
      CommandLine cli = Nicsim.commandLine(new EnvFactory(Cli.env(2)), args);
      if (args.length > 0 && !LEFT_OUT.containsKey(args[0])) {
        CommandLine sub = cli.getSubcommands().get(args[0]);
        for (OptionSpec o : sub.getCommandSpec().options()) {
          assertThat(o.getter().getClass().getName()).as(line)
              .startsWith(CommandTable.class.getName());
        }
      }
      Cli.Result tabled = Cli.run(args);
      assertThat(tabled).as(line).isEqualTo(reflected);
    } finally {
      System.clearProperty(CommandTable.PROPERTY);
      CommandTable.reset();
    }
  }

  /** The words of a line; "-C tx-usecs 100 …" and "--traffic ping -c 3" keep their words. */
  static String[] split(String line) {
    List<String> out = new ArrayList<>();
    String[] w = line.split(" ");
    for (int i = 0; i < w.length; i++) {
      if (w[i].equals("--traffic") && i + 1 < w.length) {
        StringBuilder t = new StringBuilder(w[++i]);
        while (i + 1 < w.length && !w[i + 1].startsWith("--")) {
          t.append(' ').append(w[++i]);
        }
        out.add("--traffic");
        out.add(t.toString());
      } else {
        out.add(w[i]);
      }
    }
    return out.toArray(new String[0]);
  }
}
