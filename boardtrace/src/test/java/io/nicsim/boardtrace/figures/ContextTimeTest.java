package io.nicsim.boardtrace.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.nicsim.boardtrace.parse.FtraceTextParser;
import io.nicsim.boardtrace.parse.ParseOptions;
import org.junit.jupiter.api.Test;

/**
 * Each CPU's time by context as mpstat splits it, read from a trace's events: a hard IRQ
 * handler is irq, an hrtimer callback outside a softirq is irq, a softirq action is soft, a
 * task inside a traced syscall is sys, elsewhere usr, the idle task idle; task time is kept per
 * task, so the time off the application's own task can be told.
 */
class ContextTimeTest {
  /** 100 µs on CPU 1, in the trace-cmd report -t layout. */
  static final String[] TRACE = {
    "          <idle>-0     [001] 100.000000000: sched_switch:         swapper/1:0 [120] R ==> flood:77 [120]",
    "           flood-77    [001] 100.000010000: sys_enter_sendto:     fd: 0x3, buff: 0x1, len: 0x40",
    "           flood-77    [001] 100.000030000: softirq_entry:        vec=3 [action=NET_RX]",
    "           flood-77    [001] 100.000035000: irq_handler_entry:    irq=11 name=virtio3-tx",
    "           flood-77    [001] 100.000037000: irq_handler_exit:     irq=11 ret=handled",
    "           flood-77    [001] 100.000045000: softirq_exit:         vec=3 [action=NET_RX]",
    "           flood-77    [001] 100.000050000: sys_exit_sendto:      0x40",
    "           flood-77    [001] 100.000060000: sched_switch:         flood:77 [120] R ==> javac:88 [120]",
    "           javac-88    [001] 100.000070000: hrtimer_expire_entry: hrtimer=0xffff1 now=1 function=tick_nohz_handler/0x0",
    "           javac-88    [001] 100.000074000: hrtimer_expire_exit:  hrtimer=0xffff1",
    "           javac-88    [001] 100.000090000: sched_switch:         javac:88 [120] S ==> swapper/1:0 [120]",
    "          <idle>-0     [001] 100.000100000: softirq_raise:        vec=9 [action=RCU]",
  };

  static ContextTime read() {
    ContextTime t = new ContextTime(100_000_000_000L, 100_000_100_000L);
    FtraceTextParser p = new FtraceTextParser("test", t, ParseOptions.DEFAULT);
    for (String l : TRACE) {
      p.line(l);
    }
    p.finish(true);
    return t;
  }

  @Test
  void splitsEachCpuAsMpstatDoes() {
    ContextTime t = read();
    assertThat(t.percent(1, "irq")).isCloseTo(2 + 4, within(1e-9)); // handler 2 us, tick 4 us
    assertThat(t.percent(1, "soft")).isCloseTo(13, within(1e-9)); // 15 us less the handler
    assertThat(t.percent(1, "sys")).isCloseTo(20 + 5, within(1e-9));
    assertThat(t.percent(1, "usr")).isCloseTo(10 + 10 + 10 + 16, within(1e-9));
    assertThat(t.percent(1, "idle")).isCloseTo(10, within(1e-9));
    assertThat(t.rows()).extracting(Figure::figure).contains("CPU %soft cpu1", "CPU %idle cpu1");
  }

  @Test
  void tellsTheApplicationsTaskFromOthers() {
    ContextTime t = read();
    assertThat(t.tasks(1)).containsOnlyKeys("flood:77", "javac:88");
    double[] off = t.offApp(1, "flood"::equals);
    assertThat(off[1]).isCloseTo(45, within(1e-9)); // flood's sys and usr
    assertThat(off[0]).isCloseTo(26, within(1e-9)); // javac outside its tick
  }

  @Test
  void takesTheTracingsOwnCostOffTheContextEachEventLandedIn() {
    // 1 us an event, each in the context that runs right after it: sys_enter and softirq_exit
    // (sys), softirq_entry and irq_handler_exit (soft), irq_handler_entry and the tick's
    // hrtimer_expire_entry (irq)
    ContextTime t = read().lessTracing(1000);
    assertThat(t.percent(1, "irq")).isCloseTo(6 - 2, within(1e-9));
    assertThat(t.percent(1, "soft")).isCloseTo(13 - 2, within(1e-9));
    assertThat(t.percent(1, "sys")).isCloseTo(25 - 2, within(1e-9));
    assertThat(t.sysOf(1, "flood"::equals)).isCloseTo(25 - 2, within(1e-9));
    assertThat(t.sysOf(1, "javac"::equals)).isZero();
    assertThat(read().sysOf(1, "flood"::equals)).isCloseTo(25, within(1e-9));
  }
}
