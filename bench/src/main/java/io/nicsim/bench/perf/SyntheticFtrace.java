package io.nicsim.bench.perf;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a large ftrace text file for {@code nicsim bench trace}: the kernel's trace-file layout
 * (irq-info header, 4 CPUs, hashed pointers, the trace file's own syscall lines), a UDP
 * sender's events per datagram (syscall, net_dev_queue/start_xmit/xmit, sched and hrtimer
 * traffic, TX completion in NET_RX softirqs after NIC interrupts) and a share of events nicsim
 * skips. Deterministic: the same size gives the same file. Returns the event lines written.
 */
final class SyntheticFtrace {
  private SyntheticFtrace() {}

  /** Writes at least {@code bytes} bytes; returns {kept events, skipped events}. */
  static long[] write(Path file, long bytes) {
    SplittableRandom r = new SplittableRandom(29);
    long kept = 0;
    long skipped = 0;
    try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8),
        1 << 16)) {
      w.write("# tracer: nop\n#\n# entries-in-buffer/entries-written: 0/0   #P:4\n#\n"
          + "#                                _-----=> irqs-off/BH-disabled\n"
          + "#                               / _----=> need-resched\n"
          + "#                              | / _---=> hardirq/softirq\n"
          + "#                              || / _--=> preempt-depth\n"
          + "#                              ||| / _-=> migrate-disable\n"
          + "#                              |||| /     delay\n"
          + "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
          + "#              | |         |   |||||     |         |\n");
      long written = 900;
      long ns = 5_000_000_000L;
      long skb = 0x0000000012340000L;
      StringBuilder sb = new StringBuilder(512);
      int inRing = 0;
      while (written < bytes) {
        sb.setLength(0);
        int cpu = 1 + r.nextInt(3);
        // one datagram: write(2) down to the driver
        ns += 1000 + r.nextInt(4000);
        line(sb, "iperf3", 4242, cpu, ".....", ns, "sys_write(fd: 5, buf: 0x55d0c0de1000,"
            + " count: 40)");
        ns += 2000 + r.nextInt(2000);
        line(sb, "iperf3", 4242, cpu, "b....", ns, "net_dev_queue: dev=eth0 skbaddr="
            + ptr(skb) + " len=106");
        line(sb, "iperf3", 4242, cpu, "b...1", ns + 300, "net_dev_start_xmit: dev=eth0"
            + " queue_mapping=0 skbaddr=" + ptr(skb) + " vlan_tagged=0 vlan_proto=0x0000"
            + " vlan_tci=0x0000 protocol=0x0800 ip_summed=3 len=106 data_len=0"
            + " network_offset=14 transport_offset_valid=1 transport_offset=34 tx_flags=0"
            + " gso_size=0 gso_segs=1 gso_type=0x0");
        line(sb, "iperf3", 4242, cpu, "b...1", ns + 2800, "hrtimer_start: hrtimer="
            + ptr(0xfeedf00dL) + " function=stmmac_tx_timer expires=" + (ns + 1_000_000)
            + " softexpires=" + (ns + 1_000_000) + " mode=REL was_armed=1");
        line(sb, "iperf3", 4242, cpu, "b...1", ns + 3200, "net_dev_xmit: dev=eth0 skbaddr="
            + ptr(skb) + " len=106 rc=0");
        line(sb, "iperf3", 4242, cpu, ".....", ns + 3500, "sys_write -> 0x40");
        line(sb, "iperf3", 4242, cpu, "b....", ns + 3600, "skb_copy_datagram_iovec:"
            + " skbaddr=" + ptr(skb) + " len=64");
        kept += 6;
        skipped++;
        skb += 0x100;
        ns += 3600;
        if (++inRing == 25) {
          // the TX interrupt on CPU 0, its NAPI poll freeing the 25 skbs
          inRing = 0;
          ns += 500;
          line(sb, "<idle>", 0, 0, "d.h1.", ns, "irq_handler_entry: irq=40 name=eth0");
          line(sb, "<idle>", 0, 0, "d.h1.", ns + 800, "softirq_raise: vec=3 [action=NET_RX]");
          line(sb, "<idle>", 0, 0, "d.h1.", ns + 1200, "irq_handler_exit: irq=40 ret=handled");
          line(sb, "<idle>", 0, 0, "..s1.", ns + 1700, "softirq_entry: vec=3 [action=NET_RX]");
          long t = ns + 2000;
          for (int i = 25; i > 0; i--) {
            line(sb, "<idle>", 0, 0, "..s1.", t, "consume_skb: skbaddr=" + ptr(skb - 0x100L * i)
                + " location=stmmac_tx_clean+0x1e4/0x580");
            t += 1300;
          }
          line(sb, "<idle>", 0, 0, "..s1.", t, "napi_poll: napi poll on napi struct "
              + ptr(0xabcdef00L) + " for device eth0 work 25 budget 64");
          line(sb, "<idle>", 0, 0, "..s1.", t + 600, "softirq_exit: vec=3 [action=NET_RX]");
          line(sb, "<idle>", 0, 0, "d..2.", t + 900, "sched_switch: prev_comm=swapper/0"
              + " prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/0:1"
              + " next_pid=33 next_prio=120");
          line(sb, "kworker/0:1", 33, 0, "d..2.", t + 4000, "sched_switch: prev_comm=kworker/0:1"
              + " prev_pid=33 prev_prio=120 prev_state=I ==> next_comm=swapper/0 next_pid=0"
              + " next_prio=120");
          line(sb, "<idle>", 0, 0, "d.h1.", t + 5000, "hrtimer_expire_entry: hrtimer="
              + ptr(0xb7099b1bL) + " function=tick_nohz_handler now=" + (t + 5000));
          line(sb, "<idle>", 0, 0, "d.h1.", t + 6000, "hrtimer_expire_exit: hrtimer="
              + ptr(0xb7099b1bL));
          line(sb, "<idle>", 0, 0, "d.h1.", t + 6500, "rcu_utilization: Start scheduler-tick");
          kept += 25 + 10;
          skipped++;
        }
        w.append(sb);
        written += sb.length();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new long[] {kept, skipped};
  }

  private static String ptr(long v) {
    String h = Long.toHexString(v);
    return "0000000000000000".substring(h.length()) + h;
  }

  private static void line(StringBuilder sb, String comm, int pid, int cpu, String flags, long ns,
      String event) {
    for (int i = comm.length(); i < 16; i++) {
      sb.append(' ');
    }
    sb.append(comm).append('-').append(pid);
    for (int i = Integer.toString(pid).length(); i < 7; i++) {
      sb.append(' ');
    }
    sb.append(" [00").append(cpu).append("] ").append(flags).append(' ');
    long us = ns / 1000;
    String sec = Long.toString(us / 1_000_000);
    for (int i = sec.length(); i < 5; i++) {
      sb.append(' ');
    }
    String frac = Long.toString(us % 1_000_000);
    sb.append(sec).append('.').append("000000", 0, 6 - frac.length()).append(frac).append(": ")
        .append(event).append('\n');
  }
}
