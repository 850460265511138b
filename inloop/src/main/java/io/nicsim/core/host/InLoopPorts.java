package io.nicsim.core.host;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * One host's {@code --ports c}: the bridges installed from a {@link KernelC}, and, for the run's
 * header, which functions ran as C (with their calls), which ran inside them, and which stayed
 * Java with the reason.
 */
public final class InLoopPorts {
  /** A host whose ports all run as Java. */
  public static final InLoopPorts NONE =
      new InLoopPorts(null, Map.of(), Map.of(), Map.of(), null, null);

  private static List<PortBridge> bridges;
  private static Map<String, String> notBridged;

  private final KernelC kernelC;
  private final Map<String, Map<String, Long>> asJava = new TreeMap<>();
  private final Map<String, CountedPort> installed;
  private final Map<String, String> java;
  private final Map<String, String> unbridged;
  /** Where the calls are logged for an equivalence check, or null. */
  private final CallLog log;
  private final Simulator sim;
  /** The far end of the host's paths as this tree's C, by its CONFIG_HZ. */
  private final Map<Integer, InLoopPorts> farEnds = new TreeMap<>();
  /** What the far end of the host's paths runs, for the run header; null: no far end's TCP. */
  private String farEnd;

  private InLoopPorts(KernelC kernelC, Map<String, CountedPort> installed,
      Map<String, String> java, Map<String, String> unbridged, CallLog log, Simulator sim) {
    this.kernelC = kernelC;
    this.installed = installed;
    this.java = java;
    this.unbridged = unbridged;
    this.log = log;
    this.sim = sim;
  }

  /** Every provider's harnessed functions without a bridge, with the reason, by label. */
  public static synchronized Map<String, String> notBridged() {
    if (notBridged == null) {
      Map<String, String> m = new TreeMap<>();
      for (PortBridgeProvider p : ServiceLoader.load(PortBridgeProvider.class,
          PortBridgeProvider.class.getClassLoader())) {
        p.notBridged().forEach(m::putIfAbsent);
      }
      notBridged = Collections.unmodifiableMap(m);
    }
    return notBridged;
  }

  /** Every bridge on the class path, in label order. */
  public static synchronized List<PortBridge> bridges() {
    if (bridges == null) {
      Map<String, PortBridge> byLabel = new TreeMap<>();
      for (PortBridgeProvider p : ServiceLoader.load(PortBridgeProvider.class,
          PortBridgeProvider.class.getClassLoader())) {
        for (PortBridge b : p.bridges()) {
          byLabel.putIfAbsent(b.label(), b);
        }
      }
      bridges = List.copyOf(byLabel.values());
    }
    return bridges;
  }

  /** The labels a tree's C can be asked for: every bridged function. */
  public static List<String> bridgedLabels() {
    List<String> out = new ArrayList<>();
    for (PortBridge b : bridges()) {
      out.add(b.label());
    }
    return out;
  }

  /**
   * Installs every bridge whose function {@code c} compiled, on the host being built, and keeps
   * the record in its kernel, where {@link #of} finds it.
   */
  public static InLoopPorts install(HostContext host, NicDriver driver, KernelC c) {
    Early early = host.kernel().inLoop(Early.class);
    Map<String, CountedPort> installed = new LinkedHashMap<>();
    Map<String, String> java = new TreeMap<>();
    CallLog log = c instanceof LoggedKernelC l ? l.log() : null;
    if (early != null) {
      installed.putAll(early.installed);
      java.putAll(early.java);
    }
    install(host, driver, c, false, installed, java);
    if (early != null) {
      // the header lists them in the bridges' order, whichever phase installed them
      Map<String, CountedPort> ordered = new LinkedHashMap<>();
      for (PortBridge b : bridges()) {
        CountedPort p = installed.get(b.label());
        if (p != null) {
          ordered.put(b.label(), p);
        }
      }
      installed = ordered;
    }
    // the harnessed functions of the files this host runs as C that stay Java, and why
    Set<String> files = new HashSet<>();
    for (String label : installed.keySet()) {
      files.add(label.substring(0, label.indexOf(' ')));
    }
    Map<String, String> unbridged = new TreeMap<>();
    notBridged().forEach((label, why) -> {
      if (files.contains(label.substring(0, label.indexOf(' ')))) {
        unbridged.put(label, why);
      }
    });
    InLoopPorts out = new InLoopPorts(c, installed, java, unbridged, log, host.sim());
    host.kernel().putInLoop(InLoopPorts.class, out);
    return out;
  }

  /**
   * Installs the bridges {@link PortBridge#beforeBuild} on the host whose driver is about to be
   * built; {@link #install} takes them into the host's record once the driver is built.
   */
  public static void installBeforeBuild(HostContext host, KernelC c) {
    Early early = new Early(new LinkedHashMap<>(), new TreeMap<>());
    install(host, null, c, true, early.installed, early.java);
    host.kernel().putInLoop(Early.class, early);
  }

  /** The bridges installed before the driver was built, by label, and those left Java. */
  private record Early(Map<String, CountedPort> installed, Map<String, String> java) {}

  /** Installs the bridges of one phase: before the driver is built, or after. */
  private static void install(HostContext host, NicDriver driver, KernelC c, boolean before,
      Map<String, CountedPort> installed, Map<String, String> java) {
    // a function whose harness fixes HZ runs as compiled at this host's CONFIG_HZ
    Map<String, NativePort> ports = c.ports(host.cpu().hz());
    BridgeSite site = new BridgeSite(host, driver, c.release());
    CallLog log = c instanceof LoggedKernelC l ? l.log() : null;
    for (PortBridge b : bridges()) {
      if (b.beforeBuild() != before) {
        continue;
      }
      NativePort p = ports.get(b.label());
      if (p == null) {
        java.put(b.label(), c.notCompiled().getOrDefault(b.label(), "not compiled"));
        continue;
      }
      CountedPort counted = new CountedPort(p, log, host.sim());
      if (b.install(site, counted)) {
        installed.put(b.label(), counted);
      }
    }
  }

  /**
   * The far end of this host's paths running this host's tree ({@code --path peer-kernel}, a
   * peer on the tree's release): the same tree's functions, built for a kernel of CONFIG_HZ
   * {@code hz} ({@link KernelC#ports(int)}), every bridged one the tree compiled, their calls
   * counted apart from the host's (and logged in the one order of the run's calls, for an
   * equivalence check); one per host and HZ, so a run's parallel connections share it. The far
   * end's objects take their C from it where they are made ({@link #port}); nothing is
   * installed on the host. {@link #NONE} without {@code --ports c}.
   */
  public InLoopPorts farEnd(int hz) {
    if (!active()) {
      return NONE;
    }
    return farEnds.computeIfAbsent(hz, h -> {
      Map<String, NativePort> ports = kernelC.ports(h);
      Map<String, CountedPort> peer = new LinkedHashMap<>();
      for (PortBridge b : bridges()) {
        NativePort p = ports.get(b.label());
        if (p != null) {
          peer.put(b.label(), new CountedPort(p, log, sim));
        }
      }
      return new InLoopPorts(kernelC, peer, Map.of(), Map.of(), log, sim);
    });
  }

  /**
   * The far end's C, by its HZ: its functions with the calls made so far, by label, each map
   * holding only the functions called at least once.
   */
  public Map<String, Long> farEndCalls() {
    Map<String, Long> out = new TreeMap<>();
    farEnds.values().forEach(f -> f.calls().forEach((k, n) -> {
      if (n > 0) {
        out.merge(k, n, Long::sum);
      }
    }));
    return out;
  }

  /**
   * Says what the far end of this host's paths runs ({@code v6.17 TCP as Java, …}), for the run
   * header; the traffic that makes a far end's TCP says it when it does.
   */
  public void farEnd(String what) {
    if (active()) {
      farEnd = what;
    }
  }

  /** What the far end of this host's paths runs, or null (no far end's TCP in this run). */
  public String farEnd() {
    return farEnd;
  }

  /** The functions running as a tree's C on {@code host}; {@link #NONE} without --ports c. */
  public static InLoopPorts of(Host host) {
    InLoopPorts p = host.kernel().inLoop(InLoopPorts.class);
    return p == null ? NONE : p;
  }

  /** Whether any function runs as C. */
  public boolean active() {
    return kernelC != null;
  }

  /** The tree (and patches) the C comes from; null without {@code --ports c}. */
  public KernelC kernelC() {
    return kernelC;
  }

  /**
   * The installed C of {@code label} (its calls counted and logged as every bridged call), or
   * null when that function runs as Java on this host: how ports whose objects are made after
   * the host (a TCP socket's congestion module, made by the traffic) take their C when they are
   * made.
   */
  public NativePort port(String label) {
    return installed.get(label);
  }

  /** Functions installed as C on this host, with the calls made so far, by label. */
  public Map<String, Long> calls() {
    Map<String, Long> out = new LinkedHashMap<>();
    installed.forEach((k, v) -> out.put(k, v.calls));
    return out;
  }

  /**
   * Functions installed as C on this host, with the calls so far that took the last call's
   * output again (the same record, {@link NativePort#reused}), by label.
   */
  public Map<String, Long> reused() {
    Map<String, Long> out = new LinkedHashMap<>();
    installed.forEach((k, v) -> out.put(k, v.reused()));
    return out;
  }

  /** For each function installed as C, the other tree functions that run inside it. */
  public Map<String, List<String>> inside() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    installed.forEach((k, v) -> out.put(k, v.inside()));
    return out;
  }

  /**
   * Counts one call of installed function {@code label} that its bridge ran as the Java port
   * instead, because the live state did not fit the harness's record ({@code reason}, e.g. a
   * queue longer than the record's bound): the run header says how many and why.
   */
  public void ranAsJava(String label, String reason) {
    asJava.computeIfAbsent(label, k -> new TreeMap<>()).merge(reason, 1L, Long::sum);
  }

  /** Calls of installed functions that ran as Java, by label, then by reason. */
  public Map<String, Map<String, Long>> ranAsJava() {
    return asJava;
  }

  /** Bridged functions the tree's C could not replace, with the reason. */
  public Map<String, String> notCompiled() {
    return java;
  }

  /**
   * Harnessed functions without a bridge, in the files whose functions run as C on this host,
   * with why they stay Java.
   */
  public Map<String, String> unbridged() {
    return unbridged;
  }
}
