package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.KernelCException;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.execfixture.AcmeCoalHarnesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code --ports c} on the acme fixture: a function compiled from the tree as a shared library
 * and called in-process gives port-check's record (as text and as binary tokens), a fault or a
 * call that never returns fails the call naming the function and its input and leaves the JVM
 * and the next calls alone, and nothing is left in the temporary directory.
 */
class InLoopTest {
  private static final String FILE = "drivers/net/ethernet/acme/acme_coal.c";
  private static final String SET = FILE + " acme_set_coalesce";

  @BeforeAll
  static void needsGccAndJni() {
    assumeTrue(Gcc.version().isPresent(), "no C compiler ('" + Gcc.command() + "'): install gcc");
    assumeTrue(Files.isRegularFile(Path.of(System.getProperty("java.home"), "include", "jni.h")),
        "no jni.h in this JDK: install a full JDK");
  }

  static KernelC compile(List<PortHarness> harnesses, Set<String> wanted, Path... patches) {
    return new InLoopCompiler(harnesses).compile(Fixtures.newTree(), List.of(patches), wanted);
  }

  @Test
  void theTreesCRunsInProcessAndPrintsWhatPortCheckReads() {
    KernelC c = compile(List.of(AcmeCoalHarnesses.setCoalesce(),
        AcmeCoalHarnesses.usecsToTicks()), Set.of(SET));
    assertThat(c.release()).isEqualTo("6.18.2-rc1");
    NativePort port = c.ports().get(SET);
    assertThat(port.function()).isEqualTo("acme_set_coalesce");
    assertThat(port.inside()).containsExactly("acme_usecs_to_ticks"); // harnessed, run inside
    var java = AcmeCoalHarnesses.setCoalesce().java("6.8.0");
    for (long[] in : new long[][] {{100, 5, 1}, {4_294_967, 255, 3}, {0, 256, 0}}) {
      assertThat(port.text(in)).isEqualTo(java.run(in.clone()));
    }
    NativeOut o = port.call(new long[] {100, 5, 1});
    assertThat(o.next()).isTrue();
    assertThat(o.isCall(NativeOut.id("writel"))).isTrue();
    assertThat(o.args()).isEqualTo(2);
    assertThat(o.arg(1)).isEqualTo((5L << 16) | 196); // 100 us in 512 ns ticks, 5 frames
    assertThat(o.field(NativeOut.id("ret"))).isZero();
    assertThat(o.field(NativeOut.id("rx_frames"))).isEqualTo(5);
    o = port.call(new long[] {100, 256, 1});
    assertThat(o.next()).isTrue();
    assertThat(o.kind()).isEqualTo(NativeOut.MESSAGE);
    assertThat(o.name()).isEqualTo(NativeOut.id("netdev_err"));
    assertThat(o.message()).isEqualTo("rx-frames 256 out of range");
    assertThat(o.field(NativeOut.id("ret"))).isEqualTo(-22);
  }

  @Test
  void eachThreadGetsItsOwnCopyOfTheLibrary() throws Exception {
    KernelC c = compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET));
    NativePort mine = c.ports().get(SET);
    NativePort[] theirs = new NativePort[1];
    Thread t = new Thread(() -> theirs[0] = c.ports().get(SET));
    t.start();
    t.join();
    assertThat(theirs[0]).isNotSameAs(mine);
    assertThat(c.ports().get(SET)).isSameAs(mine);
  }

  private static PortHarness faults() {
    return ticks("portexec/acme/acme_faults.c");
  }

  /** acme_usecs_to_ticks with the harness program {@code program}, a resource. */
  private static PortHarness ticks(String program) {
    return PortHarness.of(FILE, "acme_usecs_to_ticks")
        .sources(List.of(FILE, "drivers/net/ethernet/acme/acme_regs.h"))
        .program(PortHarness.resource(InLoopTest.class, program))
        .inputs(AcmeCoalHarnesses.INPUTS)
        .build();
  }

  @Test
  void aCrashOrAHangFailsTheCallNamingTheFunctionAndItsInput() {
    String label = FILE + " acme_usecs_to_ticks";
    NativePort port = compile(List.of(faults()), Set.of(label)).ports().get(label);
    assertThat(port.call(new long[] {100, 3, 0}).field(NativeOut.id("ret"))).isEqualTo(391);
    assertThatThrownBy(() -> port.call(new long[] {100, 16, 1}))
        .isInstanceOf(NativeFailure.class)
        .hasMessageContaining("acme_usecs_to_ticks")
        .hasMessageContaining("SIGSEGV")
        .hasMessageContaining("usecs=100 frames=16 mode=1");
    assertThatThrownBy(() -> port.call(new long[] {7, 0, 2}))
        .isInstanceOf(NativeFailure.class).hasMessageContaining("SIGFPE");
    assertThatThrownBy(() -> port.call(new long[] {7, 0, 3}))
        .isInstanceOf(NativeFailure.class).hasMessageContaining("did not return within");
    // the JVM's own signals still reach it: a Java division by zero, a null dereference
    int zero = (int) (System.nanoTime() & 0);
    assertThatThrownBy(() -> Integer.toString(1 / zero)).isInstanceOf(ArithmeticException.class);
    Object none = zero == 0 ? null : "";
    assertThatThrownBy(() -> none.hashCode()).isInstanceOf(NullPointerException.class);
    // and the library still answers
    assertThat(port.call(new long[] {100, 3, 0}).field(NativeOut.id("ret"))).isEqualTo(391);
  }

  @Test
  void theTextOfARecordLongerThanItsFieldsIsWhatTheCallGot() {
    String label = FILE + " acme_usecs_to_ticks";
    PortHarness tail = ticks("portexec/acme/acme_tail.c");
    NativePort port = compile(List.of(tail), Set.of(label)).ports().get(label);
    long[] a = {100, 3, 2, 11, 12};
    long[] b = {100, 3, 2, 21, 22};
    NativeOut o = port.call(a, a.length);
    assertThat(o.next()).isTrue();
    assertThat(o.value()).isEqualTo(11);
    // the words past the fields are part of the record: a report's text of b (a logged call)
    // prints b's, not what an earlier call left in the library's input
    assertThat(port.text(b)).isEqualTo("tail=21 tail=22 ret=391");
    port.call(a, a.length);
    assertThat(port.text(a)).isEqualTo("tail=11 tail=12 ret=391");
  }

  @Test
  void aRecordRepeatingTheLastCallsTakesItsOutputWithoutRunningTheC() {
    assumeTrue(System.getenv().getOrDefault("NICSIM_PORTS_C_MEMO", "on").equals("on"),
        "NICSIM_PORTS_C_MEMO is set: this test checks the default");
    String label = FILE + " acme_usecs_to_ticks";
    PortHarness counting = ticks("portexec/acme/acme_count.c");
    NativePort port = compile(List.of(counting), Set.of(label)).ports().get(label);
    long runs = NativeOut.id("runs");
    long ret = NativeOut.id("ret");
    long[] a = {100, 3, 0};
    long[] b = {200, 3, 0};
    assertThat(port.call(a).field(runs)).isEqualTo(1);
    // the same words: the last output again, the C not run (its count would be 2)
    NativeOut again = port.call(a);
    assertThat(again.field(runs)).isEqualTo(1);
    assertThat(again.field(ret)).isEqualTo(391);
    assertThat(port.reused()).isEqualTo(1);
    // another word: the C runs; and the first record again is no longer the last one
    assertThat(port.call(b).field(runs)).isEqualTo(2);
    assertThat(port.call(a).field(runs)).isEqualTo(3);
    // a record read only in part: the words the call passes are the record
    assertThat(port.call(new long[] {100, 3, 0, 99}, 3).field(runs)).isEqualTo(3);
    assertThat(port.call(new long[] {100, 3, 0, 99}, 4).field(runs)).isEqualTo(4);
    assertThat(port.reused()).isEqualTo(2);
  }

  /**
   * A patch that gives a function static state (a counter kept between calls) makes its answer
   * depend on more than its record: its object's writable static storage turns the output
   * reuse off for it (saying so), so the same record twice runs the C twice and the answers
   * differ where a reused output would have repeated the first. The harness's own static (the
   * acme_count.c counter) does not count.
   */
  @Test
  void aPatchAddingStaticStateRunsEveryCallAsC() {
    assumeTrue(System.getenv().getOrDefault("NICSIM_PORTS_C_MEMO", "on").equals("on"),
        "NICSIM_PORTS_C_MEMO is set: this test checks the default");
    String label = FILE + " acme_usecs_to_ticks";
    long runs = NativeOut.id("runs");
    long ret = NativeOut.id("ret");
    long[] a = {100, 3, 0};
    KernelC plain = compile(List.of(ticks("portexec/acme/acme_count.c")), Set.of(label));
    assertThat(plain.notes()).noneMatch(n -> n.startsWith("memo: "));
    NativePort same = plain.ports().get(label);
    assertThat(same.call(a).field(ret)).isEqualTo(391);
    assertThat(same.call(a).field(runs)).isEqualTo(1); // reused: the C ran once
    KernelC patched = compile(List.of(ticks("portexec/acme/acme_count.c")), Set.of(label),
        Fixtures.resource("/patches/acme-static-counter.patch"));
    assertThat(patched.notes()).anyMatch(n -> n.matches("memo: off for acme_usecs_to_ticks"
        + " \\(its object holds the tree's writable static storage: acme_calls\\.\\d+;"
        + " every call runs the C\\)"));
    NativePort port = patched.ports().get(label);
    NativeOut first = port.call(a);
    assertThat(first.field(runs)).isEqualTo(1);
    assertThat(first.field(ret)).isEqualTo(391);
    NativeOut second = port.call(a);
    // the C ran again, and its counter made it answer otherwise: the reused output (391)
    // would have hidden the patch's effect
    assertThat(second.field(runs)).isEqualTo(2);
    assertThat(second.field(ret)).isEqualTo(392);
    assertThat(port.reused()).isZero();
  }

  @Test
  void compilingLeavesNothingInTheTemporaryDirectory() throws IOException {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    Set<Path> before = ours(tmp);
    compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET)).ports();
    // only what this compile added counts: other processes on the machine (another suite, a
    // run) may remove their own nicsim- directories meanwhile
    Set<Path> added = new HashSet<>(ours(tmp));
    added.removeAll(before);
    assertThat(added).isEmpty();
  }

  private static Set<Path> ours(Path tmp) throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(p -> p.getFileName().toString().startsWith("nicsim-"))
          .collect(Collectors.toSet());
    }
  }

  @Test
  void aPatchRunsAsThePatchedC() {
    Path patch = Fixtures.resource("/patches/acme-frames.patch");
    KernelC c = compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET), patch);
    assertThat(c.ports().get(SET).call(new long[] {100, 200, 1}).field(NativeOut.id("ret")))
        .isEqualTo(-22);
    assertThat(c.touched()).containsExactly(
        new KernelC.Touched(FILE, "acme_set_coalesce", true, ""));
    assertThat(c.notes()).containsExactly(
        FILE + ": hunk 1 applied at line 24 (offset -6 lines)");
  }

  @Test
  void aMailFromTheWebViewAppliesWithItsBlanksLost() {
    Path mail = Fixtures.resource("/patches/acme-frames-webview.txt");
    KernelC c = compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET), mail);
    assertThat(c.ports().get(SET).call(new long[] {100, 200, 1}).field(NativeOut.id("ret")))
        .isEqualTo(-22);
    assertThat(c.notes()).containsExactly(FILE
        + ": hunk 1 applied at line 24 (offset -6 lines), blanks ignored");
  }

  @Test
  void aMailWhoseBlankContextLinesWereDroppedStillApplies() {
    Path mail = Fixtures.resource("/patches/acme-frames-noblank.txt");
    KernelC c = compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET), mail);
    assertThat(c.ports().get(SET).call(new long[] {100, 200, 1}).field(NativeOut.id("ret")))
        .isEqualTo(-22);
    assertThat(c.notes()).containsExactly(FILE + ": hunk 1 applied at line 25 (offset -5"
        + " lines), blanks ignored, 1 blank context line the mail dropped");
  }

  @Test
  void aPatchTwiceIsRefusedAsAlreadyInTheTree() {
    Path patch = Fixtures.resource("/patches/acme-frames.patch");
    assertThatThrownBy(() -> compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET),
        patch, patch))
        .isInstanceOf(KernelCException.class)
        .hasMessage("acme-frames.patch: " + FILE + " hunk 1 (@@ -30,7 +30,7 @@ static"
            + " u32 acme_usecs_to_ticks(u32 usecs, enum acme_mode mode)) is already in the tree"
            + " (its result is there at line 24): the tree carries this change");
  }

  @Test
  void aPatchThatDoesNotApplyIsRefusedWithTheLine(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path p = dir.resolve("bad.patch");
    Files.writeString(p, Files.readString(Fixtures.resource("/patches/acme-frames.patch"))
        .replace("-\tif (frames > 255) {", "-\tif (frames >= 255) {"));
    assertThatThrownBy(() -> compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(SET), p))
        .isInstanceOf(KernelCException.class)
        .hasMessage("bad.patch: " + FILE + " hunk 1 (@@ -30,7 +30,7 @@ static u32"
            + " acme_usecs_to_ticks(u32 usecs, enum acme_mode mode)) does not apply: at line 27"
            + " the hunk expects 'if (frames >= 255) {', the tree has 'if (frames > 255) {'");
  }

  @Test
  void aPatchChangingNoCompiledFunctionIsRefusedNamingWhatItTouched(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path p = dir.resolve("table.patch");
    Files.writeString(p, """
        --- a/drivers/net/ethernet/acme/acme_coal.c
        +++ b/drivers/net/ethernet/acme/acme_coal.c
        @@ -7,1 +7,1 @@
        -static const u16 acme_tick_scale[] = { 1, 2, 4, 8 };
        +static const u16 acme_tick_scale[] = { 1, 2, 4, 16 };
        """);
    assertThatThrownBy(() -> compile(List.of(AcmeCoalHarnesses.setCoalesce()), Set.of(),
        p))
        .isInstanceOf(KernelCException.class)
        .hasMessage("table.patch changes no function nicsim runs as C: it touches "
            + FILE + " variable acme_tick_scale");
  }
}
