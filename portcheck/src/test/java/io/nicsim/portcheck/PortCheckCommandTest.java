package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.portcheck.fixture.AcmePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** port-check (PortCheckMain, as {@code nicsim port-check} runs it) in-process: exit codes, messages, files written. */
class PortCheckCommandTest {
  private static final String MAIN = "drivers/net/ethernet/acme/acme_main.c";

  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  /** Runs nicsim with the given ports instead of a class-path scan. */
  private int run(Supplier<List<PortedFunction>> ports, String... args) {
    CommandLine.IFactory factory =
        new CommandLine.IFactory() {
          @Override
          @SuppressWarnings("unchecked")
          public <K> K create(Class<K> type) throws Exception {
            return type == PortCheckCommand.class
                ? (K) new PortCheckCommand(ports)
                : CommandLine.defaultFactory().create(type);
          }
        };
    CommandLine cli = PortCheckMain.commandLine(factory);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  private int run(String... args) {
    return run(PortCheckCommandTest::acme, args);
  }

  /** Runs with the acme coalescing ports and the given harnesses. */
  private int runExec(List<io.nicsim.core.port.exec.PortHarness> harnesses, String... args) {
    CommandLine.IFactory factory =
        new CommandLine.IFactory() {
          @Override
          @SuppressWarnings("unchecked")
          public <K> K create(Class<K> type) throws Exception {
            return type == PortCheckCommand.class
                ? (K) new PortCheckCommand(() -> KernelPortReader.read(List.of(
                    io.nicsim.portcheck.execfixture.AcmeCoalPorts.class)), () -> harnesses)
                : CommandLine.defaultFactory().create(type);
          }
        };
    CommandLine cli = PortCheckMain.commandLine(factory);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void executeReportsSameWithTheInputCountAndRecordsItWithUpdate() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Gcc.version().isPresent(), "no gcc");
    var h = io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.class;
    List<io.nicsim.core.port.exec.PortHarness> good = List.of(
        io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.usecsToTicks(),
        io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.setCoalesce());
    assertThat(runExec(good, "--kernel-tree", tree("new"), "--lock", lock(), "--execute",
        "--inputs", "500", "--update")).isEqualTo(0);
    assertThat(out.toString())
        .contains("execute: 2 functions with a harness, 500 inputs each (seed 20260530),"
            + " compiled from Linux 6.18.2-rc1 with ")
        .contains("SAME        500 inputs  drivers/net/ethernet/acme/acme_coal.c acme_set_coalesce\n")
        .contains("execute summary: 2 of 2 ported functions executed (2 SAME, 0 DIFFERS);"
            + " 0 not executed\n")
        .contains("execute verdict: every ported function of this release was executed and"
            + " behaves as its C\n")
        .contains("updated lock: drivers/net/ethernet/acme/acme_coal.c acme_usecs_to_ticks"
            + " (6.18.2-rc1) recorded ");
    assertThat(Files.readString(dir.resolve("port-lock.json")))
        .contains("\"function\": \"acme_usecs_to_ticks\", \"kernel\": \"6.18.2-rc1\"")
        .contains("\"executed\": \"SAME\", \"inputs\": 500}");
    assertThat(h).isNotNull();
  }

  @Test
  void aBrokenPortExitsOneWithItsCounterexampleInTextAndJson() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Gcc.version().isPresent(), "no gcc");
    List<io.nicsim.core.port.exec.PortHarness> broken =
        List.of(io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.broken());
    assertThat(runExec(broken, "--kernel-tree", tree("new"), "--lock", emptyLock(), "--execute",
        "--inputs", "2000")).isEqualTo(1);
    assertThat(out.toString())
        .containsPattern("DIFFERS  drivers/net/ethernet/acme/acme_coal.c acme_usecs_to_ticks: \\d+ of"
            + " 2000 inputs differ; smallest counterexample found:\n           input: usecs=\\d+"
            + " frames=0 mode=\\d\n           C:     ret=\\d+\n           Java:  ret=\\d+\n")
        .contains("execute summary: 1 of 2 ported functions executed (0 SAME, 1 DIFFERS);"
            + " 1 not executed:\n      1  no harness: acme_set_coalesce\n"
            + "executed in range: 1 of the 2 ported functions this release holds (50%)\n")
        .contains("execute verdict: behaviour differs or a harness failed (1 DIFFERS)\n");
    out.getBuffer().setLength(0);
    assertThat(runExec(broken, "--kernel-tree", tree("new"), "--lock", emptyLock(), "--execute",
        "--inputs", "2000", "--json")).isEqualTo(1);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    JsonNode f = json.path("execute").path("functions").get(0);
    assertThat(f.path("state").asText()).isEqualTo("DIFFERS");
    assertThat(f.path("counterexample").path("input").get(0).asText()).startsWith("usecs=");
    assertThat(f.path("counterexample").path("c").asText())
        .isNotEqualTo(f.path("counterexample").path("java").asText());
    assertThat(json.path("exit").asInt()).isEqualTo(1);
  }

  /**
   * A function the Java side refuses for this release is NOT RUN, and the run never says every
   * function behaves as its C: the summary counts it as not executed, with its reason, and
   * --strict makes that exit 1.
   */
  @Test
  void aRefusedReleaseIsNeverAgreementAndStrictFailsOnIt() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Gcc.version().isPresent(), "no gcc");
    io.nicsim.core.port.exec.PortHarness good =
        io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.usecsToTicks();
    io.nicsim.core.port.exec.PortHarness refusing = io.nicsim.core.port.exec.PortHarness
        .of(good.file(), "acme_set_coalesce").sources(good.sources())
        .program(good.program()).inputs(good.inputs())
        .java(k -> {
          throw new io.nicsim.core.port.exec.NotRunnable("the model stops at v6.17");
        }).build();
    List<io.nicsim.core.port.exec.PortHarness> both = List.of(good, refusing);
    assertThat(runExec(both, "--kernel-tree", tree("new"), "--lock", lock(), "--execute",
        "--inputs", "200", "--update")).isEqualTo(0);
    assertThat(out.toString())
        .contains("NOT RUN  drivers/net/ethernet/acme/acme_coal.c acme_set_coalesce: Java side:"
            + " the model stops at v6.17\n")
        .contains("execute summary: 1 of 2 ported functions executed (1 SAME, 0 DIFFERS);"
            + " 1 not executed:\n      1  the Java side refuses this release (Linux 6.18.2-rc1):"
            + " acme_set_coalesce\n")
        .contains("execute verdict: the 1 executed functions behave as their C; 1 ported"
            + " functions of this release were not executed\n")
        .doesNotContain("every ported function");
    out.getBuffer().setLength(0);
    assertThat(runExec(both, "--kernel-tree", tree("new"), "--lock", lock(), "--execute",
        "--inputs", "200", "--strict")).isEqualTo(1);
    assertThat(out.toString()).contains("(--strict: that fails the run)");
    out.getBuffer().setLength(0);
    assertThat(runExec(both, "--kernel-tree", tree("new"), "--lock", lock(), "--execute",
        "--inputs", "200", "--strict", "--json")).isEqualTo(1);
    JsonNode s = new ObjectMapper().readTree(out.toString()).path("execute").path("summary");
    assertThat(s.path("executed").asInt()).isEqualTo(1);
    assertThat(s.path("not_executed_in_release").asInt()).isEqualTo(1);
    assertThat(s.path("not_executed_by_reason").get(0).path("functions").get(0).asText())
        .isEqualTo("drivers/net/ethernet/acme/acme_coal.c acme_set_coalesce");
    // without --execute, --strict has nothing to judge
    err.getBuffer().setLength(0);
    out.getBuffer().setLength(0);
    assertThat(run("--kernel-tree", tree("new"), "--lock", lock(), "--strict")).isEqualTo(2);
    assertOneErrorLine("port-check: --strict: needs --execute");
  }

  @Test
  void updateVerifiedRecordsOnlyTheFunctionsThatRanSame() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Gcc.version().isPresent(), "no gcc");
    // the broken harness runs acme_usecs_to_ticks (DIFFERS); the good one acme_set_coalesce
    List<io.nicsim.core.port.exec.PortHarness> mixed = List.of(
        io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.broken(),
        io.nicsim.portcheck.execfixture.AcmeCoalHarnesses.setCoalesce());
    assertThat(runExec(mixed, "--kernel-tree", tree("new"), "--lock", lock(), "--execute",
        "--inputs", "500", "--update-verified")).isEqualTo(1);
    String written = Files.readString(dir.resolve("port-lock.json"));
    assertThat(written).contains("\"function\": \"acme_set_coalesce\"")
        .contains("\"executed\": \"SAME\", \"inputs\": 500")
        .doesNotContain("acme_usecs_to_ticks");
    err.getBuffer().setLength(0);
    out.getBuffer().setLength(0);
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock(), "--update-verified"))
        .isEqualTo(2);
    assertOneErrorLine("port-check: --update-verified: needs --execute");
  }

  @Test
  void executeOptionsWithoutExecuteAndOutOfRangeInputsAreRefusedInOneLine() {
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock(), "--inputs", "10"))
        .isEqualTo(2);
    assertOneErrorLine("port-check: --execute: --inputs, --seed and --keep-programs need"
        + " --execute");
    err.getBuffer().setLength(0);
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock(), "--execute", "--inputs", "0"))
        .isEqualTo(2);
    assertOneErrorLine("port-check: --inputs: '0' is out of range (accepted: 1..1000000)");
  }

  private static List<PortedFunction> acme() {
    return KernelPortReader.read(List.of(AcmePorts.class));
  }

  /** The acme ports without the one that is AMBIGUOUS in every tree. */
  private static List<PortedFunction> acmeWithoutIrq() {
    return acme().stream().filter(p -> !p.function().equals("acme_irq")).toList();
  }

  private static String tree(String name) {
    try {
      return Path.of(PortCheckCommandTest.class.getResource("/portcheck/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private String lock() {
    return dir.resolve("port-lock.json").toString();
  }

  /** A lock with no entries yet (a check that only reads the lock needs one to exist). */
  private String emptyLock() throws java.io.IOException {
    Path p = dir.resolve("port-lock.json");
    if (!Files.exists(p)) {
      Files.writeString(p, "{\"format\": 2, \"ports\": []}\n");
    }
    return p.toString();
  }

  private void assertOneErrorLine(String startingWith) {
    assertThat(err.toString().lines().toList()).singleElement()
        .satisfies(line -> assertThat(line).startsWith(startingWith));
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void missingKernelTreeIsAUsageError() {
    assertThat(run()).isEqualTo(2);
    assertOneErrorLine("port-check: Missing required option: '--kernel-tree=DIR|TARBALL'");
  }

  @Test
  void aFileThatIsNotASourceTarballIsRefusedInOneLine() throws Exception {
    Path zip = Files.writeString(dir.resolve("linux.zip"), "PK");
    assertThat(run("--kernel-tree", zip.toString())).isEqualTo(2);
    assertOneErrorLine("port-check: --kernel-tree: '" + zip + "' is not a source tarball");
  }

  @Test
  void aSelectionWithNoPortsIsRefusedInOneLine() {
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock(),
        "--package", "com.example")).isEqualTo(2);
    assertOneErrorLine("port-check: --package: no method carrying @KernelPort in"
        + " com.example");
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertThat(run("--kernel-tree", tree("old"), "--frobnicate")).isEqualTo(2);
    assertOneErrorLine("port-check: Unknown option: '--frobnicate'");
  }

  @Test
  void treeThatIsNotADirectoryIsRefusedInOneLine() {
    String absent = dir.resolve("no-such-tree").toString();
    assertThat(run("--kernel-tree", absent)).isEqualTo(2);
    assertOneErrorLine("port-check: --kernel-tree: '" + absent + "' is not a directory");
  }

  @Test
  void aDirectoryWithoutTheTopLevelMakefileIsRefusedInOneLine() throws Exception {
    // a subdirectory or an unrelated directory: every port would otherwise be MISSING
    String sub = Files.createDirectories(dir.resolve("drivers")).toString();
    assertThat(run("--kernel-tree", sub)).isEqualTo(2);
    assertOneErrorLine("port-check: --kernel-tree: '" + sub + "' has no top-level"
        + " Makefile (accepted: the root directory of a kernel source tree)");
  }

  @Test
  void againstThatIsNotADirectoryIsRefusedInOneLine() {
    assertThat(run("--kernel-tree", tree("new"), "--against", lock())).isEqualTo(2);
    assertOneErrorLine("port-check: --against: ");
  }

  @Test
  void unreadableLockIsAnIoErrorInOneLine() throws Exception {
    Files.writeString(dir.resolve("port-lock.json"), "{\"format\": 1, \"ports\": [");
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock())).isEqualTo(2);
    assertOneErrorLine("port-check: " + lock() + ": not a valid port lock: not JSON");
  }

  /**
   * A lock that is not text (a binary file, a wrong download) names the file and says it is no
   * lock; the decoder's own words ("Input length = 1") are no help.
   */
  @Test
  void garbageLockNamesTheFileAndSaysItIsNoLock() throws Exception {
    Files.write(dir.resolve("port-lock.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x00, 0x42,
        (byte) 0xc3, 0x28, (byte) 0x80});
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock())).isEqualTo(2);
    assertOneErrorLine("port-check: " + lock() + ": not a valid port lock (not UTF-8 text");
    assertThat(err.toString()).doesNotContain("Input length").doesNotContain("Exception");
    Files.writeString(dir.resolve("port-lock.json"), "[1, 2, 3]\n");
    err.getBuffer().setLength(0);
    assertThat(run("--kernel-tree", tree("old"), "--lock", lock())).isEqualTo(2);
    assertOneErrorLine("port-check: " + lock() + ": not a valid port lock: expected a JSON object");
  }

  /**
   * A tarball cut short (an interrupted download) says it ends early, for each compression; the
   * decompressor's exception without a message used to print "cannot read …: null".
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"linux.tar.xz", "linux.tar.gz",
      "linux.tar.bz2"})
  void truncatedTarballSaysWhatIsWrong(String name) throws Exception {
    Path whole = TarballTest.pack(Path.of(tree("new")), dir.resolve("whole-" + name), "linux/");
    byte[] all = Files.readAllBytes(whole);
    Path cut = dir.resolve(name);
    Files.write(cut, java.util.Arrays.copyOf(all, all.length / 2));
    assertThat(run("--kernel-tree", cut.toString(), "--lock", emptyLock())).isEqualTo(2);
    assertOneErrorLine("port-check: cannot read " + cut + ": ");
    assertThat(err.toString()).containsPattern("ends early|corrupt")
        .contains("truncated or damaged").doesNotContain("null").doesNotContain("Exception");
    // junk with a tarball's name: not an archive at all
    Files.write(cut, "not an archive\n".repeat(50).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    err.getBuffer().setLength(0);
    assertThat(run("--kernel-tree", cut.toString(), "--lock", emptyLock())).isEqualTo(2);
    assertOneErrorLine("port-check: cannot read " + cut + ": ");
    assertThat(err.toString()).doesNotContain(": null").doesNotContain("Exception");
  }

  @Test
  void classThatWillNotLoadIsAnIoErrorInOneLine() throws Exception {
    Supplier<List<PortedFunction>> failing = () -> {
      throw new PortCheckException("cannot load com.example.Broken (it mentions @KernelPort): "
          + "NoClassDefFoundError com/example/Missing");
    };
    assertThat(run(failing, "--kernel-tree", tree("old"), "--lock", emptyLock()))
        .isEqualTo(2);
    assertOneErrorLine("port-check: cannot load com.example.Broken");
  }

  @Test
  void noPortsOnTheClassPathIsAnErrorNotASuccess() throws Exception {
    assertThat(run(List::of, "--kernel-tree", tree("old"), "--lock", emptyLock()))
        .isEqualTo(2);
    assertOneErrorLine("port-check: no method carrying @KernelPort on the class path");
  }

  @Test
  void unexpectedFailureIsStillOneLineWithoutStackTrace() throws Exception {
    Supplier<List<PortedFunction>> buggy = () -> {
      throw new IllegalStateException("boom\nsecond line");
    };
    assertThat(run(buggy, "--kernel-tree", tree("old"), "--lock", emptyLock()))
        .isEqualTo(2);
    assertOneErrorLine("port-check: internal error: java.lang.IllegalStateException: boom second line");
  }

  @Test
  void updateThenCheckTheSameTreeExitsZero() {
    assertThat(run(PortCheckCommandTest::acmeWithoutIrq,
        "--kernel-tree", tree("old"), "--lock", lock(), "--update")).isEqualTo(0);
    assertThat(out.toString())
        .contains("updated lock: " + MAIN + " acme_tx_timer_arm (6.6.0) recorded ");
    out.getBuffer().setLength(0);

    assertThat(run(PortCheckCommandTest::acmeWithoutIrq,
        "--kernel-tree", tree("old"), "--lock", lock())).isEqualTo(0);
    assertThat(out.toString())
        .contains("OK           " + MAIN + " acme_tx_timer_arm\n")
        .endsWith("summary: 10 OK, 0 CHANGED, 0 MOVED, 0 MISSING, 0 AMBIGUOUS, 0 NEW, 0 OUT_OF_RANGE: every port matches the lock\n");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void driftExitsOneAndNamesStateFileFunctionAndJavaMember() {
    run("--kernel-tree", tree("old"), "--lock", lock(), "--update");
    out.getBuffer().setLength(0);

    assertThat(run("--kernel-tree", tree("new"), "--lock", lock())).isEqualTo(1);
    String text = out.toString();
    assertThat(text)
        .contains("CHANGED      " + MAIN + " acme_tx_timer_arm\n")
        .contains("ported by io.nicsim.portcheck.fixture.AcmePorts#txTimerArm(int)")
        .contains("MOVED        drivers/net/ethernet/acme/acme_ring.c acme_ring_refill\n"
            + "             now at drivers/net/ethernet/acme/acme_dma.c:5, text unchanged")
        .contains("MISSING      " + MAIN + " acme_old_reset\n             not defined in " + MAIN
            + ", nor in any .c/.h under drivers/net/ethernet/acme/")
        .contains("AMBIGUOUS    " + MAIN + " acme_irq\n             2 definitions: " + MAIN + ":")
        .contains("OK           " + MAIN + " acme_tx_clean\n")
        .doesNotContain("@@"); // no diffs without --against
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void againstPrintsTheUnifiedDiffOfChangedFunctions() {
    run("--kernel-tree", tree("old"), "--lock", lock(), "--update");
    out.getBuffer().setLength(0);

    assertThat(run("--kernel-tree", tree("new"), "--against", tree("old"),
        "--lock", lock())).isEqualTo(1);
    String text = out.toString();
    assertThat(text).contains("\n== " + MAIN + " acme_tx_timer_arm: " + tree("old") + " -> " + tree("new") + "\n"
        + "--- a/" + MAIN + "\n+++ b/" + MAIN + "\n@@ -");
    assertThat(text.lines().filter(l -> l.startsWith("-\t") || l.startsWith("+\t")).toList())
        .containsExactly("-\telse", "+\telse if (!hrtimer_active(&tx_q->txtimer))");
  }

  @Test
  void jsonIsParseableDeterministicAndCarriesTheExitStatus() throws Exception {
    run("--kernel-tree", tree("old"), "--lock", lock(), "--update");
    out.getBuffer().setLength(0);

    assertThat(run("--kernel-tree", tree("new"), "--against", tree("old"),
        "--lock", lock(), "--json")).isEqualTo(1);
    String first = out.toString();
    out.getBuffer().setLength(0);
    run("--kernel-tree", tree("new"), "--against", tree("old"), "--lock", lock(), "--json");
    assertThat(out.toString()).isEqualTo(first);

    JsonNode json = new ObjectMapper().readTree(first);
    assertThat(json.get("exit").asInt()).isEqualTo(1);
    assertThat(json.get("kernel").asText()).isEqualTo("6.18.2-rc1");
    List<String> states = new ArrayList<>();
    json.get("ports").forEach(p -> states.add(p.get("function").asText() + "=" + p.get("state").asText()));
    assertThat(states).contains("acme_tx_timer_arm=CHANGED", "acme_ring_refill=MOVED",
        "acme_old_reset=MISSING", "acme_irq=AMBIGUOUS", "acme_poll=OK");
    assertThat(json.get("summary").get("OK").asInt()).isEqualTo(7);
    JsonNode changed = json.get("ports").findParent("against");
    assertThat(changed.get("function").asText()).isEqualTo("acme_tx_timer_arm");
    assertThat(changed.get("ported_by").get(0).asText())
        .isEqualTo("io.nicsim.portcheck.fixture.AcmePorts#txTimerArm(int)");
    assertThat(changed.get("versions").get(0).asText()).isEqualTo("v6.6");
    assertThat(changed.get("against").get("diff").asText()).contains("+\telse if (!hrtimer_active");
  }

  @Test
  void defaultLockIsAtTheRepositoryRootTheLauncherNames() {
    String previous = System.getProperty(PortCheckCommand.HOME_PROPERTY);
    System.setProperty(PortCheckCommand.HOME_PROPERTY, dir.toString());
    try {
      run("--kernel-tree", tree("old"), "--update");
      assertThat(dir.resolve("port-lock.json")).isRegularFile();
      assertThat(out.toString()).contains("lock " + dir.resolve("port-lock.json"));
    } finally {
      if (previous == null) {
        System.clearProperty(PortCheckCommand.HOME_PROPERTY);
      } else {
        System.setProperty(PortCheckCommand.HOME_PROPERTY, previous);
      }
    }
  }

  @Test
  void aSelectionsDefaultLockIsTheCurrentDirectorysNeverNicsims() {
    String previous = System.getProperty(PortCheckCommand.HOME_PROPERTY);
    System.setProperty(PortCheckCommand.HOME_PROPERTY, dir.toString());
    try {
      // without --update nothing is written: the report names the lock it read
      run("--kernel-tree", tree("old"), "--package", "io.nicsim.portcheck.fixture");
      assertThat(out.toString()).contains("lock " + Path.of("port-lock.json").toAbsolutePath())
          .doesNotContain("lock " + dir.resolve("port-lock.json"));
      out.getBuffer().setLength(0);
      run("--kernel-tree", tree("old"), "--class", AcmePorts.class.getName());
      assertThat(out.toString()).contains("lock " + Path.of("port-lock.json").toAbsolutePath());
    } finally {
      if (previous == null) {
        System.clearProperty(PortCheckCommand.HOME_PROPERTY);
      } else {
        System.setProperty(PortCheckCommand.HOME_PROPERTY, previous);
      }
    }
  }

  @Test
  void helpSucceeds() {
    assertThat(run("--help")).isEqualTo(0);
    assertThat(out.toString()).contains("--kernel-tree=DIR", "--against=OLD_DIR", "--update", "--json");
  }
}
