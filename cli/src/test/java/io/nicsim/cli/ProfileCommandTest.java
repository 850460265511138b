package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import io.nicsim.core.soc.SocProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A profile of the previous schema runs with a warning; {@code profile upgrade} rewrites it. */
class ProfileCommandTest {
  /** Schema 1: the form before uncertainty classes, for the example MAC. */
  static final String OLD = "# an old board file\n"
      + "name: old-example\n"
      + "mac: example\n"
      + "inherits: testsoc\n"
      + "cpu:\n"
      + "  cores: {value: 2, source: \"two cores\"}\n"
      + "costs:\n"
      + "  irq_entry: {value: 700, source: \"estimate: ~700 cycles\"}   # as testsoc\n";

  @TempDir Path dir;
  private final List<String> warnings = new ArrayList<>();
  private Consumer<String> previous;

  @BeforeEach
  void collect() {
    previous = SocProfile.setWarningSink(warnings::add);
  }

  @AfterEach
  void restore() {
    SocProfile.setWarningSink(previous);
  }

  @Test
  void aSchema1ProfileRunsWithOneWarningLine() throws Exception {
    Path old = Files.writeString(dir.resolve("old.yaml"), OLD);
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc-file", old.toString(),
        "--traffic", "ping -c 2 -i 0.01");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(warnings).containsExactly("warning: soc profile " + old.toAbsolutePath()
        .normalize() + " is of schema 1 (numbers without an uncertainty class): 1 cost given"
        + " class estimate (±30%), 1 other number class exact; 'nicsim profile upgrade FILE'"
        + " writes them in (schema 2)");
  }

  @Test
  void upgradeRewritesTheFileOnceAndItThenReadsWithoutAWarning() throws Exception {
    Path old = Files.writeString(dir.resolve("old.yaml"), OLD);
    Cli.Result r = Cli.run("profile", "upgrade", old.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(old + ": schema 2, 2 numbers given a class (costs estimate,"
        + " the rest exact): review them (a measured number is 'measured', a datasheet's"
        + " 'datasheet')\n");
    String text = Files.readString(old);
    assertThat(text).startsWith("# an old board file\nschema: 2\nname: old-example\n")
        .contains("cores: {value: 2, source: \"two cores\", class: exact}")
        .contains("irq_entry: {value: 700, source: \"estimate: ~700 cycles\", class: estimate}"
            + "   # as testsoc\n");
    Cli.Result again = Cli.run("profile", "upgrade", old.toString());
    assertThat(again.out()).isEqualTo(old + ": already schema 2, unchanged\n");
    assertThat(Files.readString(old)).isEqualTo(text);
    assertThat(Cli.run("run", "--mac", "example", "--soc-file", old.toString(), "--traffic",
        "ping -c 2 -i 0.01").exit()).isZero();
    assertThat(warnings).isEmpty();
    assertThat(Files.list(dir).toList()).containsExactly(old); // no temporary file left
  }

  @Test
  void badInputIsOneLineAndNothingIsWritten() throws Exception {
    Cli.Result missing = Cli.run("profile", "upgrade", dir.resolve("nope.yaml").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err().lines().toList()).singleElement().asString()
        .contains("nope.yaml: no such file");
    Path broken = Files.writeString(dir.resolve("b.yaml"), OLD.replace("inherits: testsoc",
        "inherits: no-such-base"));
    Cli.Result r = Cli.run("profile", "upgrade", broken.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines().toList()).singleElement().asString()
        .contains("unknown SoC profile 'no-such-base'");
    assertThat(Files.readString(broken)).doesNotContain("schema:");
    Cli.Result none = Cli.run("profile");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("a subcommand is required (upgrade)");
  }
}
