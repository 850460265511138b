package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the READMEs show a command printing, printed by this build: in every README's plain
 * code blocks, a {@code $ nicsim …} line followed by lines that are not commands shows output,
 * and each such line must be a line of what the command prints (stdout and stderr), with
 * {@code …} standing for whatever the README left out. ReadmeCommandsTest checks that the
 * commands run; ReadmeFiguresTest the figures the prose quotes.
 */
class ReadmeOutputsTest {
  static final Path ROOT = Path.of("..");

  /** One example: the README, the command (without {@code $ nicsim}) and its shown lines. */
  record Example(String readme, String command, List<String> shown) {
    @Override
    public String toString() {
      return readme + ": nicsim " + command;
    }
  }

  static List<Path> readmes() throws IOException {
    List<Path> out = new ArrayList<>();
    out.add(ROOT.resolve("README.md"));
    try (Stream<Path> dirs = Files.list(ROOT)) {
      dirs.map(d -> d.resolve("README.md")).filter(Files::isRegularFile).sorted()
          .forEach(out::add);
    }
    return out;
  }

  static List<Example> examples() throws IOException {
    List<Example> out = new ArrayList<>();
    for (Path readme : readmes()) {
      boolean in = false;
      String cmd = null;
      List<String> shown = new ArrayList<>();
      for (String line : Files.readAllLines(readme, StandardCharsets.UTF_8)) {
        if (line.startsWith("```")) {
          if (cmd != null && !shown.isEmpty()) {
            out.add(new Example(ROOT.relativize(readme).toString(), cmd, List.copyOf(shown)));
          }
          in = !in && line.strip().equals("```");
          cmd = null;
          shown.clear();
          continue;
        }
        if (!in) {
          continue;
        }
        if (line.startsWith("$ ")) {
          if (cmd != null && !shown.isEmpty()) {
            out.add(new Example(ROOT.relativize(readme).toString(), cmd, List.copyOf(shown)));
          }
          shown.clear();
          // a usage synopsis ([optional] parts, … placeholders) shows no output
          cmd = line.startsWith("$ nicsim ") && !line.endsWith("\\")
              && !ReadmeCommandsTest.synopsis(line) ? line.substring(9) : null;
        } else if (cmd != null && !line.isBlank()) {
          shown.add(line);
        }
      }
    }
    return out;
  }

  /** A shown line as a pattern: the text literally, {@code …} for anything. */
  static Pattern pattern(String shown) {
    StringBuilder re = new StringBuilder();
    for (String part : shown.strip().split("…", -1)) {
      if (re.length() > 0) {
        re.append(".*");
      }
      re.append(Pattern.quote(part.strip()));
    }
    return Pattern.compile(".*" + re + ".*");
  }

  /** The command's words as the shell splits them (single quotes only, as the READMEs use). */
  static String[] words(String cmd) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = null;
    boolean quoted = false;
    for (char c : cmd.toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
        cur = cur == null ? new StringBuilder() : cur;
      } else if (c == ' ' && !quoted) {
        if (cur != null) {
          out.add(cur.toString());
          cur = null;
        }
      } else {
        cur = cur == null ? new StringBuilder() : cur;
        cur.append(c);
      }
    }
    if (cur != null) {
      out.add(cur.toString());
    }
    return out.toArray(new String[0]);
  }

  @Test
  void theReadmesShowOutputThisTestChecks() throws IOException {
    assertThat(examples()).extracting(Example::command)
        .anyMatch(c -> c.startsWith("sysfs --mac bcmgenet"))
        .anyMatch(c -> c.startsWith("run --mac bcmgenet"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void printsWhatItsReadmeShows(Example e) {
    Cli.Result r = Cli.run(CliEnv.standard(), words(e.command()));
    List<String> printed = new ArrayList<>(r.out().lines().toList());
    printed.addAll(r.err().lines().toList());
    for (String shown : e.shown()) {
      Pattern p = pattern(shown);
      assertThat(printed).as(e + "\nshows: " + shown + "\nprinted (exit " + r.exit() + "):\n"
          + r.out() + r.err()).anyMatch(l -> p.matcher(l).matches());
    }
  }
}
