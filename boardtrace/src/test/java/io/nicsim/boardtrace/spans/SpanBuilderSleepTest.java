package io.nicsim.boardtrace.spans;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.boardtrace.parse.FtraceTextParser;
import io.nicsim.boardtrace.parse.ParseOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A syscall's span carries the task's user time since its previous traced syscall, unless the
 * task slept in between outside every traced syscall: then it was inside one the trace does
 * not record (a pacing sender's clock_nanosleep), and that time is the untraced call's.
 */
class SpanBuilderSleepTest {
  private static List<Span> spans(String... lines) {
    List<Span> out = new ArrayList<>();
    FtraceTextParser p = new FtraceTextParser("test", new SpanBuilder(out::add),
        ParseOptions.DEFAULT);
    for (String l : lines) {
      p.line(l);
    }
    p.finish(true);
    return out;
  }

  private static final String FIRST =
      "           flood-77    [001] 100.000000000: sys_enter_sendto:     fd: 0x3, buff: 0x1, len: 0x40";
  private static final String FIRST_EXIT =
      "           flood-77    [001] 100.000002000: sys_exit_sendto:      0x40";
  private static final String NEXT =
      "           flood-77    [001] 100.000060000: sys_enter_sendto:     fd: 0x3, buff: 0x1, len: 0x40";
  private static final String NEXT_EXIT =
      "           flood-77    [001] 100.000061500: sys_exit_sendto:      0x40";

  @Test
  void userTimeBeforeTheCallIsTheCalls() {
    List<Span> s = spans(FIRST, FIRST_EXIT,
        "           flood-77    [001] 100.000003000: softirq_raise:        vec=9 [action=RCU]",
        NEXT, NEXT_EXIT);
    assertThat(s).hasSize(2);
    assertThat(s.get(1).userNs).isEqualTo(58_000);
    assertThat(s.get(1).selfNs).isEqualTo(1_500);
    // the exit before, the raise in user space, its own entry: their costs land in it
    assertThat(s.get(1).events).isEqualTo(3);
  }

  @Test
  void aSleepOutsideTracedCallsIsNotTheNextCallsUserTime() {
    List<Span> s = spans(FIRST, FIRST_EXIT,
        "           flood-77    [001] 100.000003000: sched_switch:         flood:77 [120] S ==> swapper/1:0 [120]",
        "          <idle>-0     [001] 100.000050000: sched_switch:         swapper/1:0 [120] R ==> flood:77 [120]",
        NEXT, NEXT_EXIT);
    assertThat(s).hasSize(2);
    assertThat(s.get(1).userNs).isZero();
    assertThat(s.get(1).selfNs).isEqualTo(1_500);
    assertThat(s.get(1).blocked).isFalse();
    assertThat(s.get(1).events).isEqualTo(1); // its entry; the dropped user part's are not its
  }

  @Test
  void theFitTakesTheTracingsCostOffEachSpan() {
    String[] lines = {FIRST, FIRST_EXIT,
        "           flood-77    [001] 100.000003000: softirq_raise:        vec=9 [action=RCU]",
        NEXT, NEXT_EXIT};
    double plain = sendCost(lines, 0);
    double traced = sendCost(lines, 100);
    // the second send's 59.5 us less 3 events x 100 ns; the first, 2 us less its entry's 100
    assertThat(plain).isCloseTo((2_000 + 59_500) / 2.0, org.assertj.core.api.Assertions.within(1e-6));
    assertThat(traced).isCloseTo((2_000 - 100 + 59_500 - 300) / 2.0,
        org.assertj.core.api.Assertions.within(1e-6));
  }

  private static double sendCost(String[] lines, double nsPerEvent) {
    io.nicsim.boardtrace.fit.SpanSamples samples = new io.nicsim.boardtrace.fit.SpanSamples(
        "flood", null, 0, Long.MAX_VALUE, nsPerEvent);
    FtraceTextParser p = new FtraceTextParser("test", new SpanBuilder(samples),
        ParseOptions.DEFAULT);
    for (String l : lines) {
      p.line(l);
    }
    p.finish(true);
    io.nicsim.boardtrace.fit.CostFit f = samples.fit("send flood",
        List.of(io.nicsim.boardtrace.fit.Regressor.SPAN), 1, true);
    return f.coef()[0];
  }

  @Test
  void aPreemptionKeepsTheUserTime() {
    List<Span> s = spans(FIRST, FIRST_EXIT,
        "           flood-77    [001] 100.000003000: sched_switch:         flood:77 [120] R ==> javac:88 [120]",
        "           javac-88    [001] 100.000050000: sched_switch:         javac:88 [120] R ==> flood:77 [120]",
        NEXT, NEXT_EXIT);
    assertThat(s).hasSize(2);
    // on the CPU 2 us after the exit and 10 us after the return: off the CPU is nobody's
    assertThat(s.get(1).userNs).isEqualTo(11_000);
  }
}
