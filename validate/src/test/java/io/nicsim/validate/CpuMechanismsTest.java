package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

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

  private static TraceEvent sendExit(long ts) {
    TraceEvent e = ev(EventKind.SYS_EXIT, ts, 1, "flood");
    e.name = "sendto";
    return e;
  }

  @Test
  void timesTheSendersSendtoWithoutItsSoftirqsAndApartWhereItWokeTheKthread() {
    CpuMechanisms.Counter c = new CpuMechanisms.Counter(0, 1_000_000 * US,
        "flood"::equals, 1);
    // a plain sendto of 1 us: no kthread seen asleep yet
    c.event(send(10 * US));
    c.event(sendExit(11 * US));
    // a sendto of 3 us in task context around a 4 us NET_RX run (the sender's %soft)
    c.event(send(20 * US));
    c.event(softirq(EventKind.SOFTIRQ_ENTRY, 21 * US, CpuMechanisms.NET_RX));
    c.event(softirq(EventKind.SOFTIRQ_EXIT, 25 * US, CpuMechanisms.NET_RX));
    c.event(sendExit(27 * US));
    // the sender sleeps; the kthread polls and goes to sleep; the sender comes back
    c.event(sw(28 * US, 1, "flood", 'S', "napi/ncr0-1"));
    c.event(poll(29 * US, "napi/ncr0-1"));
    c.event(sw(30 * US, 1, "napi/ncr0-1", 'S', "flood"));
    // the first sendto after it wakes the kthread: 2 us, switched out 10 us, 3 us more
    c.event(send(31 * US));
    c.event(sw(33 * US, 1, "flood", 'R', "java"));
    c.event(sw(43 * US, 1, "java", 'R', "flood"));
    c.event(sendExit(46 * US));
    // the next finds the NAPI scheduled: 1 us, not waking
    c.event(send(47 * US));
    c.event(sendExit(48 * US));
    // a sendto cut by lost events is not counted
    c.event(send(50 * US));
    c.lost(1, 10);
    c.event(sendExit(60 * US));
    CpuMechanisms m = c.result(1.0);
    assertThat(m.sends()).isEqualTo(5);
    assertThat(m.sendsTimed()).isEqualTo(4);
    assertThat(m.sendNs()).isEqualTo(10 * US);
    assertThat(m.meanSendNs()).isEqualTo(2.5 * US);
    assertThat(m.sendsWaking()).isEqualTo(1);
    assertThat(m.sendWakingNs()).isEqualTo(5 * US);
    assertThat(m.wakingSendNs()).isEqualTo(5.0 * US);
    assertThat(m.plainSendNs()).isEqualTo(5.0 * US / 3);
    // (5 - 5/3) us once in the second: 3.33 us, 0.000333 %
    assertThat(m.wakingSysPct()).isCloseTo(100.0 * (10.0 / 3) * US / 1e9,
        offset(1e-12));
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
    // the receiver's busy poll on CPU 0 receives a datagram outside NET_RX; a frame received
    // outside NET_RX on the sender's CPU is not the busy poll's
    TraceEvent busy = ev(EventKind.NETIF_RECEIVE_SKB, t + 10 * US, 0, "flood");
    busy.name = CpuTestbed.RECEIVER_IF;
    busy.addr = 0x123;
    c.event(busy);
    TraceEvent sender = ev(EventKind.NETIF_RECEIVE_SKB, t + 11 * US, 1, "flood");
    sender.name = CpuTestbed.RECEIVER_IF;
    sender.addr = 0x124;
    c.event(sender);
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
    assertThat(m.netRxSenderCpu()).isEqualTo(2);
    assertThat(m.receiverSleeps()).isEqualTo(1);
    assertThat(m.busyPollRx()).isEqualTo(1);
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

  private static TraceEvent xmit(long ts, int cpu, String dev, long skb, String protocol) {
    TraceEvent e = ev(EventKind.NET_DEV_START_XMIT, ts, cpu, "kworker/0:0");
    e.name = dev;
    e.addr = skb;
    e.line = "net_dev_start_xmit: dev=" + dev + " queue_mapping=0 skbaddr=0x"
        + Long.toHexString(skb) + " vlan_tagged=0 vlan_proto=0x0000 vlan_tci=0x0000 protocol="
        + protocol + " ip_summed=0 len=90";
    return e;
  }

  private static TraceEvent receive(long ts, int cpu, String dev, long skb) {
    TraceEvent e = ev(EventKind.NETIF_RECEIVE_SKB, ts, cpu, "kworker/0:0");
    e.name = dev;
    e.addr = skb;
    return e;
  }

  /** As traced 2026-12-07: an MLD report the receiver's namespace sent, polled from a backlog. */
  @Test
  void countsNetRxRunsWhosePollsReceivedOnlyFramesThatAreNotTheTraffics() {
    CpuMechanisms.Counter c = new CpuMechanisms.Counter(0, 1_000_000 * US, "flood"::equals, 1);
    // an IPv6 frame (MLD report) from ncr0, received on ncs0 in CPU 0's NET_RX
    c.event(xmit(10 * US, 0, "ncr0", 0x100, "0x86dd"));
    TraceEvent in = softirq(EventKind.SOFTIRQ_ENTRY, 11 * US, CpuMechanisms.NET_RX);
    in.cpu = 0;
    c.event(in);
    c.event(receive(12 * US, 0, "ncs0", 0x100));
    TraceEvent p = poll(13 * US, "kworker/0:0");
    p.cpu = 0;
    p.name = "(no_device)";
    c.event(p);
    TraceEvent out = softirq(EventKind.SOFTIRQ_EXIT, 14 * US, CpuMechanisms.NET_RX);
    out.cpu = 0;
    c.event(out);
    // an IPv4 datagram and an ARP frame polled in one run: the traffic's
    c.event(xmit(20 * US, 1, "ncs0", 0x200, "0x0800"));
    c.event(xmit(21 * US, 1, "ncs0", 0x300, "0x0806"));
    c.event(softirq(EventKind.SOFTIRQ_ENTRY, 22 * US, CpuMechanisms.NET_RX));
    c.event(receive(23 * US, 1, "ncr0", 0x200));
    c.event(receive(24 * US, 1, "ncr0", 0x300));
    c.event(poll(25 * US, "flood"));
    c.event(softirq(EventKind.SOFTIRQ_EXIT, 26 * US, CpuMechanisms.NET_RX));
    // an IPv6 frame on another device: not the veth's
    c.event(xmit(30 * US, 1, "eth0", 0x400, "0x86dd"));
    CpuMechanisms m = c.result(1.0);
    assertThat(m.otherFrames()).isEqualTo(2);
    assertThat(m.netRx()).isEqualTo(2);
    assertThat(m.netRxNoPoll()).isZero();
    assertThat(m.netRxOtherOnly()).isEqualTo(1);
    assertThat(m.netRxSenderCpu()).isEqualTo(1);
    assertThat(m.netRxNotTrafficShare()).isEqualTo(0.5);
    assertThat(CpuMechanisms.protocol(xmit(0, 0, "ncs0", 1, "0x86dd").line)).isEqualTo(0x86dd);
    assertThat(CpuMechanisms.protocol("net_dev_queue: dev=ncs0 len=42")).isEqualTo(-1);
  }
}
