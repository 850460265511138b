package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.TraceEvent;
import org.junit.jupiter.api.Test;

/**
 * The counts behind validate --cpu's traced causes, on a hand-made sequence of the events a
 * threaded veth run shows: a paced sender that sleeps once per two datagrams, its kthread
 * switched in where it sleeps, and a NET_RX run that only frees deferred skbs.
 */
class CpuMechanismsTest {
  private static final long US = 1000;

  private static TraceEvent ev(EventKind k, long ts, int cpu, String comm) {
    TraceEvent e = new TraceEvent();
    e.kind = k;
    e.ts = ts;
    e.cpu = cpu;
    e.comm = comm;
    return e;
  }

  private static TraceEvent send(long ts) {
    TraceEvent e = ev(EventKind.SYS_ENTER, ts, 1, "flood");
    e.name = "sendto";
    return e;
  }

  private static TraceEvent sw(long ts, int cpu, String prev, char state, String next) {
    TraceEvent e = ev(EventKind.SCHED_SWITCH, ts, cpu, prev);
    e.prevComm = prev;
    e.prevState = state;
    e.nextComm = next;
    return e;
  }

  private static TraceEvent poll(long ts, String comm) {
    TraceEvent e = ev(EventKind.NAPI_POLL, ts, 1, comm);
    e.name = "ncr0";
    e.work = 2;
    return e;
  }

  private static TraceEvent softirq(EventKind k, long ts, int vec) {
    TraceEvent e = ev(k, ts, 1, "java");
    e.vec = vec;
    return e;
  }

  private static TraceEvent timerStart(long ts, long soft, long slack) {
    TraceEvent e = ev(EventKind.HRTIMER_START, ts, 1, "flood");
    e.name = "hrtimer_wakeup/0x0";
    e.addr = 0xabc;
    e.expires = soft + slack;
    e.line = "hrtimer_start: hrtimer=0xabc function=hrtimer_wakeup/0x0 expires=" + (soft + slack)
        + " softexpires=" + soft;
    return e;
  }

  private static TraceEvent timerExpire(long ts, long now) {
    TraceEvent e = ev(EventKind.HRTIMER_EXPIRE_ENTRY, ts, 1, "napi/ncr0-1");
    e.name = "hrtimer_wakeup/0x0";
    e.addr = 0xabc;
    e.line = "hrtimer_expire_entry: hrtimer=0xabc now=" + now + " function=hrtimer_wakeup/0x0";
    return e;
  }

  @Test
  void countsTheSendersDeparturesTheKthreadsRunsAndNetRxWithoutAPoll() {
    CpuMechanisms.Counter c = new CpuMechanisms.Counter(0, 1_000_000 * US,
        "flood"::equals, 1);
    long t = 10 * US;
    for (int i = 0; i < 100; i++) {
      // two datagrams, a sleep whose timer has 50 us of slack and ends 52 us late
      c.event(send(t));
      c.event(send(t + 2 * US));
      c.event(timerStart(t + 3 * US, t + 50 * US, 50 * US));
      c.event(sw(t + 4 * US, 1, "flood", 'S', "napi/ncr0-1"));
      c.event(poll(t + 5 * US, "napi/ncr0-1"));
      c.event(sw(t + 6 * US, 1, "napi/ncr0-1", 'S', "swapper/1"));
      c.event(timerExpire(t + 102 * US, t + 102 * US));
      t += 100 * US;
    }
    // the receiver of the same comm on CPU 0 sleeping: not the sender's
    c.event(sw(t, 0, "flood", 'S', "swapper/0"));
    // one preemption of the sender by another task, then a kthread run from elsewhere
    c.event(sw(t + US, 1, "flood", 'R', "java"));
    c.event(sw(t + 2 * US, 1, "java", 'R', "napi/ncr0-1"));
    // a NET_RX run that frees three deferred skbs, and one that polls
    c.event(softirq(EventKind.SOFTIRQ_ENTRY, t + 3 * US, CpuMechanisms.NET_RX));
    for (int i = 0; i < 3; i++) {
      c.event(ev(EventKind.CONSUME_SKB, t + 4 * US, 1, "java"));
    }
    c.event(softirq(EventKind.SOFTIRQ_EXIT, t + 5 * US, CpuMechanisms.NET_RX));
    c.event(softirq(EventKind.SOFTIRQ_ENTRY, t + 6 * US, CpuMechanisms.NET_RX));
    c.event(poll(t + 7 * US, "java"));
    c.event(softirq(EventKind.SOFTIRQ_EXIT, t + 8 * US, CpuMechanisms.NET_RX));
    // a sleeper's timer started before the window (or by another task): no lateness from it
    TraceEvent other = timerExpire(t + 9 * US, t + 9 * US);
    other.addr = 0xdef;
    c.event(other);
    // past the window: not counted
    c.event(send(2_000_000 * US));

    CpuMechanisms m = c.result(1.0);
    assertThat(m.sends()).isEqualTo(200);
    assertThat(m.senderSleeps()).isEqualTo(100);
    assertThat(m.senderPreempted()).isEqualTo(1);
    assertThat(m.sendsPerYield()).isEqualTo(200 / 101.0);
    assertThat(m.slackNs()).isEqualTo(50 * US);
    assertThat(m.lateNs()).isEqualTo(52 * US);
    assertThat(m.wakeups()).isEqualTo(100);
    assertThat(m.kthreadPolls()).isEqualTo(100);
    assertThat(m.kthreadRuns()).isEqualTo(101);
    assertThat(m.kthreadRunsAfterSender()).isEqualTo(100);
    assertThat(m.netRx()).isEqualTo(2);
    assertThat(m.netRxNoPoll()).isEqualTo(1);
    assertThat(m.netRxNoPollFrees()).isEqualTo(3);
  }

  @Test
  void readsAWholeFieldNameFromTheEventsText() {
    String l = "hrtimer_start: hrtimer=0x1 function=f expires=150 softexpires=100";
    assertThat(CpuMechanisms.field(l, "softexpires=")).isEqualTo(100);
    assertThat(CpuMechanisms.field("hrtimer_expire_entry: hrtimer=0x1 now=77 function=f",
        "now=")).isEqualTo(77);
    assertThat(CpuMechanisms.field(l, "now=")).isEqualTo(-1);
    assertThat(CpuMechanisms.field(null, "now=")).isEqualTo(-1);
  }
}
