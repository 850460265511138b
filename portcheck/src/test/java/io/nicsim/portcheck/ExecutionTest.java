package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.execfixture.AcmeCoalHarnesses;
import io.nicsim.portcheck.execfixture.AcmeCoalPorts;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --execute on the acme fixture (C written for these tests): the C is taken from the tree and
 * compiled with gcc, a faithful port is SAME on every input, a deliberately broken one (64-bit
 * arithmetic where the C wraps in 32 bits) DIFFERS with a small counterexample, and a function
 * the tree lacks or C that does not compile is NOT RUN with the reason.
 */
class ExecutionTest {
  private static final ExecOptions OPTIONS = new ExecOptions(3000, 7, Optional.empty());

  @TempDir Path keep;

  @BeforeAll
  static void needsGcc() {
    assumeTrue(Gcc.version().isPresent(), "no C compiler ('" + Gcc.command() + "'): install gcc");
  }

  private static List<PortedFunction> ports(Class<?> type) {
    return KernelPortReader.read(List.of(type));
  }

  private static ExecutionRun.Outcome run(Path tree, List<PortHarness> harnesses,
      ExecOptions options) {
    KernelTree t = new KernelTree(tree);
    return ExecutionRun.run(t, t.kernelVersion().orElseThrow(), ports(AcmeCoalPorts.class),
        harnesses, options);
  }

  @Test
  void aFaithfulPortIsTheSameAsItsCOnEveryInput() {
    ExecutionRun.Outcome o = run(Fixtures.newTree(),
        List.of(AcmeCoalHarnesses.usecsToTicks(), AcmeCoalHarnesses.setCoalesce()), OPTIONS);
    assertThat(o.results()).extracting(ExecResult::function, ExecResult::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("acme_set_coalesce", ExecState.SAME),
            org.assertj.core.groups.Tuple.tuple("acme_usecs_to_ticks", ExecState.SAME));
    assertThat(o.results()).allSatisfy(r -> assertThat(r.inputs()).isEqualTo(3000));
    assertThat(o.exitCode()).isZero();
  }

  @Test
  void theBrokenPortDiffersWithItsSmallestCounterexample() {
    ExecutionRun.Outcome o = run(Fixtures.newTree(), List.of(AcmeCoalHarnesses.broken()),
        OPTIONS);
    ExecResult r = o.results().get(0);
    assertThat(r.state()).isEqualTo(ExecState.DIFFERS);
    assertThat(r.differing()).isPositive().isLessThan(r.inputs());
    ExecResult.Counterexample c = r.counterexample().orElseThrow();
    // the first difference is where usecs * 1000 leaves 32 bits: 4294968 us (2^32 / 1000)
    long usecs = Long.parseLong(c.input().get(0).substring("usecs=".length()));
    assertThat(usecs * 1000).isGreaterThanOrEqualTo(1L << 32);
    assertThat(c.input()).contains("frames=0");
    assertThat(c.c()).isNotEqualTo(c.java()).startsWith("ret=");
    assertThat(c.difference()).contains(" vs ");
    // the C's value at that input, by its own u32 arithmetic
    int mode = Integer.parseInt(c.input().get(2).substring("mode=".length()));
    long d = 256L << mode;
    long n = (usecs * 1000) & 0xFFFF_FFFFL;
    assertThat(c.c()).isEqualTo("ret=" + Math.min(0xffff, ((n + d - 1) & 0xFFFF_FFFFL) / d));
    assertThat(o.exitCode()).isEqualTo(1);
  }

  @Test
  void aFunctionTheTreeLacksIsNotRunAndNotAFailure() {
    ExecutionRun.Outcome o = run(Fixtures.oldTree(), List.of(AcmeCoalHarnesses.usecsToTicks()),
        OPTIONS);
    ExecResult r = o.results().get(0);
    assertThat(r.state()).isEqualTo(ExecState.NOT_RUN);
    assertThat(r.reason()).contains("acme_coal.c is not in this tree");
    assertThat(r.failed()).isFalse();
    assertThat(o.exitCode()).isZero();
  }

  @Test
  void cThatDoesNotCompileIsNotRunWithTheCompilersErrorAndFails() {
    PortHarness bad = PortHarness.of("drivers/net/ethernet/acme/acme_coal.c",
        "acme_usecs_to_ticks")
        .sources(List.of("drivers/net/ethernet/acme/acme_coal.c"))
        .program("//@ driver\nstatic void nicsim_run(const long long *in) {\n"
            + "  OUT(\"ret\", acme_usecs_to_ticks((u32)in[0], 0));\n}\n")
        .inputs(AcmeCoalHarnesses.usecsToTicks().inputs())
        .java(k -> r -> "ret=0")
        .build();
    ExecutionRun.Outcome o = run(Fixtures.newTree(), List.of(bad), OPTIONS);
    ExecResult r = o.results().get(0);
    assertThat(r.state()).isEqualTo(ExecState.NOT_RUN);
    // acme_regs.h is not among this harness's sources: enum acme_mode is never defined; the
    // message names the tree file and line
    assertThat(r.reason()).startsWith("does not compile: drivers/net/ethernet/acme/acme_coal.c:")
        .contains("error:");
    assertThat(r.failed()).isTrue();
    assertThat(o.exitCode()).isEqualTo(1);
  }

  /**
   * A program killed by a signal it does not catch (abort) loses the records it had not written
   * out yet: they run again, each written as it is done, so every record is still paired with
   * its own output and the one it died on is named.
   */
  @Test
  void aProgramKilledOutrightLosesNoRecordAndNamesTheOneItDiedOn() {
    PortHarness plain = AcmeCoalHarnesses.usecsToTicks();
    PortHarness aborting = PortHarness.of(plain.file(), "acme_usecs_to_ticks")
        .sources(plain.sources())
        .program(plain.program().replace("#define NICSIM_KIND 0",
            "#define NICSIM_KIND 0\n#define nicsim_run nicsim_acme_run")
            + "//@ driver\n#undef nicsim_run\nstatic void nicsim_run(const long long *in) {\n"
            + "  if ((u32)in[1] % 7 == 3)\n    abort();\n  nicsim_acme_run(in);\n}\n")
        .inputs(plain.inputs())
        .java(k -> {
          var port = plain.java(k);
          return r -> (r[1] & 0xFFFF_FFFFL) % 7 == 3 ? "signal=6" : port.run(r);
        })
        .build();
    ExecutionRun.Outcome o = run(Fixtures.newTree(), List.of(aborting),
        new ExecOptions(1000, 7, Optional.empty()));
    ExecResult r = o.results().get(0);
    assertThat(r.state()).isEqualTo(ExecState.SAME);
    assertThat(r.inputs()).isEqualTo(1000);
    assertThat(r.crashed()).isPositive();
  }

  @Test
  void theProgramHoldsTheTreesCUnderItsConditionsAndKeepsItOnRequest() throws Exception {
    run(Fixtures.newTree(), List.of(AcmeCoalHarnesses.setCoalesce()),
        new ExecOptions(10, 7, Optional.of(keep)));
    String c = java.nio.file.Files.readString(keep.resolve("acme_set_coalesce.c"));
    assertThat(c)
        .contains("#line 1 \"nicsim_kernel.h\"")
        .contains("#line 7 \"drivers/net/ethernet/acme/acme_coal.c\"\nstatic const u16 acme_tick_scale[]")
        .contains("static inline u32 acme_round_up(u32 n, u32 d)")
        // both variants of the macro, each under its own #if: the preprocessor picks the same
        .contains("#if (!defined(__ACME_REGS_H__)) && (defined(CONFIG_ACME_LEGACY))\n"
            + "#line 7 \"drivers/net/ethernet/acme/acme_regs.h\"\n#define ACME_RXIC\t\t0x0fff")
        .contains("#if (!defined(__ACME_REGS_H__)) && !(defined(CONFIG_ACME_LEGACY))\n"
            + "#line 10 \"drivers/net/ethernet/acme/acme_regs.h\"\n#define ACME_RXIC\t\t0x0100")
        .contains("enum acme_mode {")
        .doesNotContain("EXPORT_SYMBOL(acme_set_coalesce);");
    assertThat(keep.resolve("acme_set_coalesce")).isExecutable();
  }

  @Test
  void generatedInputsCoverTheEdgesAndRepeatForASeed() {
    PortHarness h = AcmeCoalHarnesses.usecsToTicks();
    List<long[]> a = new InputGenerator(h, 7).records(2000);
    List<long[]> b = new InputGenerator(h, 7).records(2000);
    assertThat(a).hasSize(2000);
    assertThat(a.stream().map(java.util.Arrays::toString).toList())
        .isEqualTo(b.stream().map(java.util.Arrays::toString).toList());
    assertThat(a).anySatisfy(r -> assertThat(r[0]).isEqualTo(0xFFFF_FFFFL));
    assertThat(a).anySatisfy(r -> assertThat(r[0]).isEqualTo(4_294_968L));
    assertThat(a).anySatisfy(r -> assertThat(r[0]).isEqualTo(0x8000_0000L));
    assertThat(a).allSatisfy(r -> assertThat(r[2]).isBetween(0L, 3L));
  }
}
