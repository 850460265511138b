package io.nicsim.validate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The real side's network: two network namespaces, {@code nsv<pid>s} (the sender) and
 * {@code nsv<pid>r} (the receiver), joined by a veth pair whose addresses (10.213.0.1/30 and
 * .2) exist only inside them; a tbf at the bottleneck rate on the sender's veth; NFQUEUE rules
 * that hand the sender's TCP packets to the completion holder (queue 1, at LOCAL_OUT, before
 * the qdisc) and the receiver's to the return-path delay (queue 2), each with
 * {@code --queue-bypass} so nothing is dropped while no holder listens.
 *
 * <p>{@link #close()} deletes both namespaces (which removes the veth, the qdisc and the rules)
 * and stops every process started in them; a shutdown hook does the same when the JVM goes
 * down on a signal. Namespaces left by a process that no longer exists are removed on start.
 */
public final class Testbed implements AutoCloseable {
  /** The tbf's bucket (tc's kb: 1024 bytes), which the model's path is given too. */
  static final String TBF_BURST = "256kb";
  static final String SENDER_IP = "10.213.0.1";
  static final String RECEIVER_IP = "10.213.0.2";
  static final String PREFIX = "nsv";

  private static final Set<Testbed> OPEN = ConcurrentHashMap.newKeySet();
  private static volatile boolean goingDown;

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      goingDown = true;
      for (Testbed t : OPEN) {
        t.close();
      }
    }, "nicsim-validate-teardown"));
  }

  final String sender;
  final String receiver;
  final String senderIf = "nsvs0";
  final String receiverIf = "nsvr0";
  private final Path work;
  final Path holder;
  private final boolean fifo;
  private final List<Process> processes = new ArrayList<>();
  private volatile boolean closed;
  private final String id;
  private ProbeTrace probe;

  private Testbed(String tag, Path work, Path holder, boolean fifo) {
    this.id = tag;
    this.sender = PREFIX + tag + "s";
    this.receiver = PREFIX + tag + "r";
    this.work = work;
    this.holder = holder;
    this.fifo = fifo;
  }

  /**
   * Builds the holder and sets up the namespaces. {@code fifo}: the holders run under
   * SCHED_FIFO (chrt), so a loaded machine delays their releases less.
   */
  public static Testbed open(boolean fifo) throws IOException {
    removeStale();
    Path work = Files.createTempDirectory("nicsim-validate-");
    Testbed t = new Testbed(Long.toString(ProcessHandle.current().pid()), work,
        work.resolve("holder"), fifo);
    OPEN.add(t);
    try {
      t.buildHolder();
      t.setUp();
      t.probe = ProbeTrace.open(t.id);
    } catch (IOException | RuntimeException e) {
      t.close();
      throw e;
    }
    return t;
  }

  private void buildHolder() throws IOException {
    Path src = work.resolve("holder.c");
    try (InputStream in = Testbed.class.getResourceAsStream("holder.c")) {
      if (in == null) {
        throw new IOException("holder.c missing from the class path");
      }
      Files.write(src, in.readAllBytes());
    }
    Sh.must("building the completion holder", List.of("gcc", "-O2", "-Wall", "-o",
        holder.toString(), src.toString(), "-lnetfilter_queue"));
  }

  private void setUp() throws IOException {
    Sh.must("creating namespace " + sender, List.of("ip", "netns", "add", sender));
    Sh.must("creating namespace " + receiver, List.of("ip", "netns", "add", receiver));
    Sh.must("creating the veth pair", List.of("ip", "-n", sender, "link", "add", senderIf,
        "type", "veth", "peer", "name", receiverIf, "netns", receiver));
    Sh.must("sender address", List.of("ip", "-n", sender, "addr", "add", SENDER_IP + "/30",
        "dev", senderIf));
    Sh.must("receiver address", List.of("ip", "-n", receiver, "addr", "add",
        RECEIVER_IP + "/30", "dev", receiverIf));
    for (String[] l : new String[][] {{sender, senderIf}, {receiver, receiverIf},
        {sender, "lo"}, {receiver, "lo"}}) {
      Sh.must("link up", List.of("ip", "-n", l[0], "link", "set", l[1], "up"));
    }
    // no cached ssthresh/RTT from an earlier run to the same address (the model has none)
    Sh.must("sysctl", Sh.in(sender, "sysctl", "-q", "-w", "net.ipv4.tcp_no_metrics_save=1"));
    Sh.must("NFQUEUE rule (sender)", Sh.in(sender, "iptables", "-A", "OUTPUT", "-o", senderIf,
        "-p", "tcp", "-j", "NFQUEUE", "--queue-num", "1", "--queue-bypass"));
    Sh.must("NFQUEUE rule (receiver)", Sh.in(receiver, "iptables", "-A", "OUTPUT", "-o",
        receiverIf, "-p", "tcp", "-j", "NFQUEUE", "--queue-num", "2", "--queue-bypass"));
  }

  /**
   * The congestion control the connections start with (the routes' congctl); the sender's veth: TSO on or off, and a tbf of {@code rateMbit} whose queue holds one
   * bandwidth-delay product of {@code rttUs} (the model's default {@code buffer=1bdp}).
   */
  void configure(String cc, boolean tso, long rateMbit, long rttUs) throws IOException {
    // The connections start under the case's congestion control. A new namespace inherits the
    // host's default (bbr on this kind of machine), and a socket whose connection began under
    // BBR keeps BBR's sk_pacing_status = SK_PACING_NEEDED after iperf3 -C cubic switches it
    // (iperf3 sets it once connected): that CUBIC is paced and its HyStart ACK-train threshold
    // is not halved (traced on 6.18). A namespace's default can only name a CC in the host's
    // tcp_allowed_congestion_control (tcp_set_default_congestion_control: -EPERM otherwise), a
    // host setting this command does not touch; a route's congctl has no such restriction and
    // tcp_connect_init (tcp_ca_dst_init) gives the connection that CC before its first SYN.
    for (String[] r : new String[][] {{sender, senderIf, RECEIVER_IP}, {receiver, receiverIf,
        SENDER_IP}}) {
      Sh.must("route congctl " + cc, List.of("ip", "-n", r[0], "route", "replace",
          r[2] + "/32", "dev", r[1], "congctl", cc));
    }
    Sh.must("TSO " + (tso ? "on" : "off"), Sh.in(sender, holder.toString(), "tso", senderIf,
        tso ? "on" : "off"));
    long latencyUs = Math.max(1000, rttUs);
    Sh.must("tbf qdisc (sch_tbf)", Sh.in(sender, "tc", "qdisc", "replace", "dev", senderIf,
        "root", "tbf", "rate", rateMbit + "mbit", "burst", TBF_BURST, "latency",
        latencyUs + "us"));
  }

  /** Starts a process inside a namespace, its output to a file; tracked for teardown. */
  Process start(String ns, boolean realtime, Path out, String... cmd) throws IOException {
    List<String> a = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    if (realtime && fifo) {
      a.addAll(List.of("chrt", "-f", "50"));
    }
    a.addAll(List.of(cmd));
    ProcessBuilder pb = new ProcessBuilder(a).redirectErrorStream(true)
        .redirectOutput(out.toFile());
    Process p = pb.start();
    synchronized (processes) {
      processes.add(p);
    }
    return p;
  }

  /** Whether the JVM is going down (a signal): results measured now are not to be reported. */
  static boolean goingDown() {
    return goingDown;
  }

  /** The sender's tcp_probe events (ACK pauses), or null when tracefs is not available. */
  ProbeTrace probe() {
    return probe;
  }

  Path work() {
    return work;
  }

  static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  /** Removes the namespaces and stops what runs in them. Idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    synchronized (processes) {
      for (Process p : processes) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    }
    for (String ns : List.of(sender, receiver)) {
      killIn(ns);
      try {
        Sh.run(10_000, List.of("ip", "netns", "del", ns));
      } catch (IOException e) {
        // best effort: the next start removes what is left
      }
    }
    if (probe != null) {
      probe.close();
    }
    deleteTree(work);
    OPEN.remove(this);
  }

  /** Kills every process still inside namespace {@code ns} (by its pid, as ip netns pids lists). */
  private static void killIn(String ns) {
    try {
      Sh.Result r = Sh.run(5_000, List.of("ip", "netns", "pids", ns));
      for (String pid : r.out().split("\\s+")) {
        if (pid.matches("\\d+")) {
          ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
        }
      }
    } catch (IOException e) {
      // the namespace is gone already
    }
  }

  /** Namespaces named by this class for a process that is no longer alive. */
  static void removeStale() {
    ProbeTrace.removeStale();
    Path dir = Path.of("/run/netns");
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String n = p.getFileName().toString();
        if (n.matches(PREFIX + "\\d+[sr]")) {
          long pid = Long.parseLong(n.substring(PREFIX.length(), n.length() - 1));
          if (ProcessHandle.of(pid).isEmpty()) {
            killIn(n);
            Sh.run(10_000, List.of("ip", "netns", "del", n));
          }
        }
      }
    } catch (IOException e) {
      // nothing to clean
    }
  }

  /** Whether namespace {@code ns} exists. */
  static boolean exists(String ns) {
    return Files.exists(Path.of("/run/netns", ns));
  }

  private static void deleteTree(Path p) {
    if (p == null || !Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      s.sorted(Comparator.reverseOrder()).forEach(x -> {
        try {
          Files.deleteIfExists(x);
        } catch (IOException e) {
          // left in the temp directory
        }
      });
    } catch (IOException e) {
      // left in the temp directory
    }
  }
}
