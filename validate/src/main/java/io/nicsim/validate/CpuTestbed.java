package io.nicsim.validate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * validate --cpu's real side: for each case two fresh network namespaces, {@code nsc<pid>s}
 * (the sender) and {@code nsc<pid>r} (the receiver), joined by a veth pair whose addresses
 * (10.215.0.1/30 and .2) exist only inside them; the receiving veth configured as the case
 * says (GRO, threaded NAPI); nothing but the case's traffic on the veth (IPv6 off in both
 * namespaces, the peer a permanent neighbour: no IPv6 DAD neighbour solicitation, MLD report
 * or router solicitation from a kworker, no ARP, each of which a backlog poll received in the
 * threaded case's NET_RX, 2026-12-07); the receiver pinned to CPU 0 and the sender to CPU 1;
 * a tracefs instance of its own ({@code nicsim-cpu-<pid>}) recording the board guide's events
 * while the sender runs, saved with {@code trace-cmd extract} (nanoseconds, as trace-cmd record
 * gives them, where record itself cannot enable ftrace); /proc/stat, /proc/softirqs and
 * /proc/interrupts read before and after. The namespaces and the instance are removed after
 * each case, when a step fails and on a signal (validate's shutdown hook through {@link #close}).
 */
final class CpuTestbed implements AutoCloseable {
  static final String PREFIX = "nsc";
  static final String SENDER_IP = "10.215.0.1";
  static final String RECEIVER_IP = "10.215.0.2";
  static final int PORT = 5301;
  static final String SENDER_IF = "ncs0";
  static final String RECEIVER_IF = "ncr0";
  /**
   * The veth ends' addresses (locally administered), given so that each namespace holds its
   * peer as a permanent neighbour: no ARP crosses the veth.
   */
  static final String SENDER_MAC = "02:00:0a:d7:00:01";
  static final String RECEIVER_MAC = "02:00:0a:d7:00:02";
  /** The events the board guide names (boardtrace/README.md), for a UDP or TCP sender. */
  static final List<String> EVENTS = List.of("irq/irq_handler_entry", "irq/irq_handler_exit",
      "irq/softirq_raise", "irq/softirq_entry", "irq/softirq_exit", "timer/hrtimer_start",
      "timer/hrtimer_cancel", "timer/hrtimer_expire_entry", "timer/hrtimer_expire_exit",
      "napi/napi_poll", "net/net_dev_queue", "net/net_dev_start_xmit", "net/net_dev_xmit",
      "net/netif_receive_skb", "skb/consume_skb", "skb/kfree_skb", "sched/sched_switch",
      "syscalls/sys_enter_sendto", "syscalls/sys_exit_sendto", "syscalls/sys_enter_recvfrom",
      "syscalls/sys_exit_recvfrom", "syscalls/sys_enter_write", "syscalls/sys_exit_write",
      "syscalls/sys_enter_read", "syscalls/sys_exit_read");
  static final Path TRACING = Path.of("/sys/kernel/tracing");

  private final String sender;
  private final String receiver;
  private final String instance;
  private final Path work;
  private final Path flood;
  private final List<Process> processes = new ArrayList<>();
  private boolean closed;

  /** One real run's measurements. */
  record Measured(Path trace, ProcCounters before, ProcCounters after, long sent,
      long received, String senderOutput) {}

  private CpuTestbed(String tag, Path work) {
    this.sender = PREFIX + tag + "s";
    this.receiver = PREFIX + tag + "r";
    this.instance = "nicsim-cpu-" + tag;
    this.work = work;
    this.flood = work.resolve("flood");
  }

  /** What validate --cpu needs beyond validate's tools: tracefs events and trace-cmd. */
  static List<String> missing() {
    List<String> m = new ArrayList<>();
    if (!Files.isDirectory(TRACING.resolve("instances"))) {
      m.add("tracefs: " + TRACING + "/instances absent (mount -t tracefs nodev " + TRACING
          + ")");
    } else if (!Files.isDirectory(TRACING.resolve("events/napi/napi_poll"))) {
      m.add("tracefs: no napi:napi_poll event in this kernel");
    }
    if (Preflight.which("trace-cmd") == null) {
      m.add("trace-cmd: not on PATH (package trace-cmd)");
    }
    return m;
  }

  static CpuTestbed open(Path work) throws IOException {
    removeStale();
    CpuTestbed t = new CpuTestbed(Long.toString(ProcessHandle.current().pid()), work);
    Path src = work.resolve("flood.c");
    try (InputStream in = CpuTestbed.class.getResourceAsStream("flood.c")) {
      if (in == null) {
        throw new IOException("flood.c missing from the class path");
      }
      Files.write(src, in.readAllBytes());
    }
    Sh.must("building the UDP flood", List.of("gcc", "-O2", "-Wall", "-o", t.flood.toString(),
        src.toString()));
    return t;
  }

  /** One real run of {@code c} for {@code seconds}. */
  Measured run(CpuCase c, double seconds) throws IOException, InterruptedException {
    try {
      setUp(c);
      Path recvOut = work.resolve("recv.out");
      Process recv = c.isUdp()
          ? start(receiver, recvOut, "taskset", "-c", "0", flood.toString(), "recv",
              Integer.toString(PORT), String.format(Locale.ROOT, "%.3f", seconds + 1.5),
              Integer.toString(c.busyPollUs()))
          : start(receiver, recvOut, "taskset", "-c", "0", "iperf3", "-s", "-1",
              "--forceflush", "-p", Integer.toString(PORT));
      waitReady(recvOut, c.isUdp() ? "ready" : "Server listening", recv);
      Path inst = instance(30000);
      ProcCounters before = ProcCounters.read();
      Files.writeString(inst.resolve("tracing_on"), "1");
      Path sendOut = work.resolve("send.out");
      String dur = String.format(Locale.ROOT, "%.3f", seconds);
      Process send = c.isUdp()
          ? start(sender, sendOut, "taskset", "-c", "1", flood.toString(), "send", RECEIVER_IP,
              Integer.toString(PORT), Integer.toString(c.udpLen()), Long.toString(c.pps()), dur)
          : start(sender, sendOut, "taskset", "-c", "1", "iperf3", "-c", RECEIVER_IP, "-p",
              Integer.toString(PORT), "-C", c.cc(), "-b", c.tcpMbit() + "M", "-t",
              Long.toString(Math.max(1, Math.round(seconds))), "-f", "m");
      if (!send.waitFor((long) (seconds * 1000) + 20_000, TimeUnit.MILLISECONDS)) {
        throw new IOException("the sender did not finish within " + (seconds + 20) + " s");
      }
      Files.writeString(inst.resolve("tracing_on"), "0");
      ProcCounters after = ProcCounters.read();
      recv.waitFor(10, TimeUnit.SECONDS);
      Path dat = work.resolve(c.name() + ".dat");
      Sh.must("trace-cmd extract", List.of("trace-cmd", "extract", "-B", instance, "-o",
          dat.toString()));
      String so = Testbed.read(sendOut);
      String ro = Testbed.read(recvOut);
      long sent = c.isUdp() ? number(so, "sent=(\\d+)") : -1;
      long received = c.isUdp() ? number(ro, "received=(\\d+)") : -1;
      return new Measured(dat, before, after, sent, received, so);
    } finally {
      tearDown();
    }
  }

  /** This testbed's tracefs instance, made with the board guide's events enabled. */
  private Path instance(int bufferKb) throws IOException {
    Path inst = TRACING.resolve("instances").resolve(instance);
    Files.createDirectory(inst);
    Files.writeString(inst.resolve("buffer_size_kb"), Integer.toString(bufferKb));
    for (String e : EVENTS) {
      Path en = inst.resolve("events").resolve(e).resolve("enable");
      if (Files.exists(en)) {
        Files.writeString(en, "1");
      }
    }
    return inst;
  }

  /** The receiving backlog case the tracing's cost is measured on. */
  static final CpuCase BURST = CpuCase.udp("tracing-cost", 64, 10_000_000, false, false, 0);

  /**
   * What the tracing costs the kernel per event on this machine: the same burst of
   * {@code datagrams} 64-byte datagrams sent as fast as flood can (CPU-bound: every due time is
   * past), {@code pairs} times without and with this testbed's events enabled, alternating. The
   * sender's CPU time (which holds the NET_RX work run in its context: no IRQ time accounting
   * here) grows by the events' cost; the events are the sending CPU's in the instance's ring
   * (entries plus overruns, the ring may wrap). Each pair gives (traced - plain) / events.
   */
  TracingCost tracingCost(int pairs, long datagrams) throws IOException, InterruptedException {
    List<Double> perEvent = new ArrayList<>();
    double eventsPerSend = 0;
    try {
      setUp(BURST);
      Path recvOut = work.resolve("recv.out");
      Process recv = start(receiver, recvOut, "taskset", "-c", "0", flood.toString(), "recv",
          Integer.toString(PORT), "120", "0");
      waitReady(recvOut, "ready", recv);
      for (int i = 0; i < pairs; i++) {
        double[] plain = burst(datagrams);
        Path inst = instance(4096);
        Files.writeString(inst.resolve("tracing_on"), "1");
        double[] traced = burst(datagrams);
        Files.writeString(inst.resolve("tracing_on"), "0");
        String st = Files.readString(inst.resolve("per_cpu/cpu1/stats"));
        Files.delete(inst);
        long events = number(st, "(?m)^entries: (\\d+)") + number(st, "(?m)^overrun: (\\d+)");
        if (plain[0] <= 0 || traced[0] != plain[0] || events <= 0) {
          throw new IOException("the tracing-cost burst sent " + (long) plain[0] + " and "
              + (long) traced[0] + " datagrams, " + events + " events");
        }
        eventsPerSend += events / traced[0] / pairs;
        perEvent.add((traced[1] - plain[1]) * 1e9 / events);
      }
    } finally {
      tearDown();
    }
    return TracingCost.of(perEvent, eventsPerSend, datagrams);
  }

  /** One CPU-bound burst: {datagrams sent, the sender's CPU seconds}. */
  private double[] burst(long datagrams) throws IOException, InterruptedException {
    Path out = work.resolve("burst.out");
    double secs = (double) datagrams / BURST.pps();
    Process p = start(sender, out, "taskset", "-c", "1", flood.toString(), "send", RECEIVER_IP,
        Integer.toString(PORT), "64", Long.toString(BURST.pps()),
        String.format(Locale.ROOT, "%.6f", secs));
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      throw new IOException("the tracing-cost burst did not finish within 60 s");
    }
    String o = Testbed.read(out);
    Matcher m = Pattern.compile("sent=(\\d+) seconds=\\S+ cpu_seconds=(\\S+)").matcher(o);
    if (!m.find()) {
      throw new IOException("flood printed no CPU time: " + o.strip());
    }
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
  }

  private static long number(String text, String re) {
    Matcher m = Pattern.compile(re).matcher(text);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private void waitReady(Path out, String word, Process p) throws IOException,
      InterruptedException {
    for (int i = 0; i < 100; i++) {
      if (Testbed.read(out).contains(word)) {
        return;
      }
      if (!p.isAlive()) {
        throw new IOException("the receiver ended at once: " + Testbed.read(out).strip());
      }
      Thread.sleep(50);
    }
    throw new IOException("the receiver did not start within 5 s");
  }

  private void setUp(CpuCase c) throws IOException {
    Sh.must("creating namespace " + sender, List.of("ip", "netns", "add", sender));
    Sh.must("creating namespace " + receiver, List.of("ip", "netns", "add", receiver));
    if (Files.isDirectory(Path.of("/proc/sys/net/ipv6"))) {
      for (String ns : List.of(sender, receiver)) {
        // before the veth exists: it takes default's setting (all's write sets default too)
        Sh.must("IPv6 off in " + ns, Sh.in(ns, "sh", "-c",
            "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6"
            + " && echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6"));
      }
    }
    Sh.must("creating the veth pair", List.of("ip", "-n", sender, "link", "add", SENDER_IF,
        "address", SENDER_MAC, "type", "veth", "peer", "name", RECEIVER_IF, "address",
        RECEIVER_MAC, "netns", receiver));
    Sh.must("sender address", List.of("ip", "-n", sender, "addr", "add", SENDER_IP + "/30",
        "dev", SENDER_IF));
    Sh.must("receiver address", List.of("ip", "-n", receiver, "addr", "add",
        RECEIVER_IP + "/30", "dev", RECEIVER_IF));
    for (String[] n : new String[][] {{sender, RECEIVER_IP, RECEIVER_MAC, SENDER_IF},
        {receiver, SENDER_IP, SENDER_MAC, RECEIVER_IF}}) {
      Sh.must("permanent neighbour in " + n[0], List.of("ip", "-n", n[0], "neigh", "replace",
          n[1], "lladdr", n[2], "dev", n[3], "nud", "permanent"));
    }
    for (String[] l : new String[][] {{sender, SENDER_IF}, {receiver, RECEIVER_IF},
        {sender, "lo"}, {receiver, "lo"}}) {
      Sh.must("link up", List.of("ip", "-n", l[0], "link", "set", l[1], "up"));
    }
    if (c.gro()) {
      Sh.must("GRO on the receiving veth", Sh.in(receiver, flood.toString(), "gro",
          RECEIVER_IF, "on"));
      // veth_xmit takes its NAPI only for an skb veth_skb_is_eligible_for_gro accepts: with
      // TSO on the sender, a UDP skb never (unless the receiver has rx-gro-list)
      Sh.must("TSO off on the sending veth", Sh.in(sender, flood.toString(), "tso",
          SENDER_IF, "off"));
    }
    if (c.threaded()) {
      Sh.must("threaded NAPI", Sh.in(receiver, "sh", "-c", "echo 1 > /sys/class/net/"
          + RECEIVER_IF + "/threaded"));
    }
    if (!c.isUdp()) {
      for (String[] r : new String[][] {{sender, SENDER_IF, RECEIVER_IP}, {receiver,
          RECEIVER_IF, SENDER_IP}}) {
        Sh.must("route congctl " + c.cc(), List.of("ip", "-n", r[0], "route", "replace",
            r[2] + "/32", "dev", r[1], "congctl", c.cc()));
      }
    }
  }

  private Process start(String ns, Path out, String... cmd) throws IOException {
    List<String> a = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    a.addAll(List.of(cmd));
    Process p = new ProcessBuilder(a).redirectErrorStream(true).redirectOutput(out.toFile())
        .start();
    synchronized (processes) {
      processes.add(p);
    }
    return p;
  }

  /** Stops this case's processes, removes its namespaces and its tracefs instance. */
  private void tearDown() {
    synchronized (processes) {
      for (Process p : processes) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
      processes.clear();
    }
    for (String ns : List.of(sender, receiver)) {
      try {
        if (Testbed.exists(ns)) {
          Sh.run(10_000, List.of("ip", "netns", "del", ns));
        }
      } catch (IOException e) {
        // best effort: the next start removes what is left
      }
    }
    Path inst = TRACING.resolve("instances").resolve(instance);
    try {
      if (Files.isDirectory(inst)) {
        Files.writeString(inst.resolve("tracing_on"), "0");
        Files.delete(inst); // rmdir of an instance removes its buffers
      }
    } catch (IOException e) {
      // trace-cmd extract removed it already, or the next start does
    }
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      tearDown();
    }
  }

  /** Namespaces and instances of a validate --cpu process that is no longer alive. */
  static void removeStale() {
    try (var s = Files.list(Path.of("/run/netns"))) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String n = p.getFileName().toString();
        if (n.matches(PREFIX + "\\d+[sr]") && ProcessHandle.of(Long.parseLong(
            n.substring(PREFIX.length(), n.length() - 1))).isEmpty()) {
          Sh.run(10_000, List.of("ip", "netns", "del", n));
        }
      }
    } catch (IOException e) {
      // nothing to clean
    }
    try (var s = Files.list(TRACING.resolve("instances"))) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String n = p.getFileName().toString();
        if (n.matches("nicsim-cpu-\\d+") && ProcessHandle.of(Long.parseLong(
            n.substring("nicsim-cpu-".length()))).isEmpty()) {
          Files.delete(p);
        }
      }
    } catch (IOException e) {
      // nothing to clean
    }
  }
}
