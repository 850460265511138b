package io.nicsim.runs;

import io.nicsim.core.check.HostAudit;
import io.nicsim.core.check.Liveness;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.Perturbation;
import io.nicsim.core.era.Patch;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetSysfs;
import io.nicsim.core.nic.FrameTap;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.core.trace.Tracer;
import io.nicsim.formats.trace.TeeTracer;
import io.nicsim.formats.trace.Timeline;
import io.nicsim.formats.trace.TimelineRecorder;
import io.nicsim.formats.trace.TraceFile;
import io.nicsim.runs.host.HostFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Runs one {@link RunRequest}: builds the host, installs the traffic, runs the omit time and
 * the measured window, lets in-flight traffic drain, checks, and collects the metrics. An
 * exploration has its own entry point, {@link #explore}: the same steps on a perturbed host,
 * its failures returned as findings. It opens no file: the event streams go to the {@link RunSinks} the caller hands in (a trace
 * writer, a frame tap), and the caller's outputs commit or discard what they were given.
 */
public final class RunEngine {
  private final HostFactory hosts;
  private final List<TrafficRunner> runners;

  public RunEngine(HostFactory hosts, List<TrafficRunner> runners) {
    this.hosts = hosts;
    this.runners = List.copyOf(runners);
  }

  /** The host components runs are built from. */
  public HostFactory hosts() {
    return hosts;
  }

  /** Runs {@code req}; a failure is thrown ({@link RunFailure}). */
  public RunResult run(RunRequest req) {
    return run(req, RunSinks.NONE);
  }

  /**
   * The run, its event streams going to {@code sinks}; the trace is finished (flushed) when
   * the run succeeded, and left to its owner to discard otherwise. A failure is thrown.
   */
  public RunResult run(RunRequest req, RunSinks sinks) {
    return execute(req, null, sinks).result();
  }

  /**
   * Explores one perturbed run ({@code run --jitter}, {@code explore}): the host's CPU costs
   * jittered and its interrupt vectors spread, liveness recorded (never stopping the run), and
   * a failure of the run's checks or invariants returned in the result rather than thrown.
   * Bad input is still thrown.
   */
  public ExploreResult explore(ExploreRequest req) {
    return explore(req, RunSinks.NONE);
  }

  /** The same, its event streams going to {@code sinks} (finished when the run succeeded). */
  public ExploreResult explore(ExploreRequest req, RunSinks sinks) {
    return execute(req.run(), req.exploration(), sinks);
  }

  /**
   * The pipeline both entry points share, in four steps: the streams the run feeds
   * ({@link #instrument}), the host built with them ({@link #build}), the omit time, window
   * and drain ({@link #measure}), the result ({@link #collect}). {@code x} is null for a plain
   * run, whose failures {@link #measure} throws.
   */
  private ExploreResult execute(RunRequest req, Exploration x, RunSinks sinks) {
    TrafficRunner runner = TrafficRunners.find(runners, req.traffic());
    Instruments in = instrument(req, sinks);
    Host host = build(req, x, in);
    Measured m = measure(req, x, runner, host, in);
    if (m.failure() != null) {
      return new ExploreResult(null, m.failure(), m.audit().liveness().episodes(),
          host.link().framesToPeer(), host.sim().now(), inFlightReads(host));
    }
    return collect(req, host, in, m);
  }

  /** The event streams one run feeds: the caller's trace file and capture, the plot's timeline. */
  private record Instruments(TraceFile ftrace, FrameTap capture, TimelineRecorder timeline,
      Tracer tracer) {}

  private static Instruments instrument(RunRequest req, RunSinks sinks) {
    TraceFile ftrace = sinks.trace();
    long total = req.traffic().omitNs() + req.traffic().durationNs();
    if (ftrace != null) {
      ftrace.window(req.traffic().omitNs(), total); // the header states the measured window
    }
    TimelineRecorder timeline = null;
    if (req.timelineToNs() > 0) {
      long to = req.timelineToNs() == RunRequest.WHOLE_RUN ? total : req.timelineToNs();
      timeline = new TimelineRecorder(new Timeline(to, 2_000_000));
    }
    return new Instruments(ftrace, sinks.capture(), timeline,
        TeeTracer.of(Arrays.asList(ftrace, timeline)));
  }

  /**
   * The host, its tracer given as it is built (the host binds the trace file when whole; every
   * sysfs write applied then too), perturbed for an exploration.
   */
  private Host build(RunRequest req, Exploration x, Instruments in) {
    Host host = hosts.create(req.hostConfig().withTracer(in.tracer())).host();
    ProfileCostKeys.refuseUndeclared(host);
    if (x != null) {
      Perturbation p = x.perturbation(req.seed());
      host.cpu().perturb(p);
      // exploration also spreads the interrupt vectors over the CPUs, as irqbalance does
      for (IrqLine l : host.kernel().irqLines()) {
        l.setAffinity(host.cpu().core(p.irqCpu(host.cpu().cores())));
      }
    }
    return host;
  }

  /**
   * What one run measured: the traffic, the counters at the window's ends, the longest TX
   * stall, the audit (null without checks), whether software coalescing is reported; or, for
   * an exploration, why it stopped ({@code failure}).
   */
  private record Measured(TrafficRun traffic, Snapshot s0, Snapshot s1, StallMeter stall,
      HostAudit audit, boolean napi, String failure, FaultMeter faults) {}

  private static Measured measure(RunRequest req, Exploration x, TrafficRunner runner,
      Host host, Instruments in) {
    StallMeter stall = new StallMeter();
    List<FrameTap> taps = new ArrayList<>();
    taps.add(stall);
    FaultMeter faults = host.config().faults().isEmpty() ? null : new FaultMeter(host);
    if (faults != null) {
      taps.add(faults);
    }
    if (in.capture() != null) {
      taps.add(in.capture());
    }
    if (in.timeline() != null) {
      taps.add(in.timeline());
    }
    host.link().setTap(new TeeTap(taps));
    TrafficRun traffic = runner.start(host, req.traffic(), req.path());
    boolean napi = softCoalescing(host, req);
    if (in.ftrace() != null) {
      in.ftrace().setTask(host.appCore().id(), traffic.comm());
    }
    Snapshot s0;
    Snapshot s1;
    // the periodic audit runs while traffic flows; it is stopped for the drain, whose end
    // (and so the trace's last lines) must not depend on it, and runs once more after it
    HostAudit audit = req.check() || x != null ? HostAudit.attach(host) : null;
    if (audit != null) {
      traffic.addChecks(audit);
    }
    if (x != null) {
      audit.liveness().mode(Liveness.Mode.RECORD).probeEvery(x.probeNs());
    }
    try {
      host.run(req.traffic().omitNs());
      s0 = Snapshot.take(host, napi);
      traffic.mark();
      stall.start(host.sim().now());
      host.run(req.traffic().durationNs());
      stall.stop(host.sim().now());
      s1 = Snapshot.take(host, napi);
      traffic.endMeasure();
      if (audit != null) {
        audit.stop();
      }
      long limit = host.sim().now() + traffic.drainLimitNs();
      host.sim().runUntil(traffic::drained, limit);
      if (audit != null) {
        audit.checkNow();
      }
    } catch (BadInputException | RunFailure e) {
      throw e;
    } catch (InvariantViolation e) {
      String m = e.at(host.sim().now()).getMessage();
      if (x != null) {
        return new Measured(traffic, null, null, stall, audit, napi, m, faults);
      }
      throw new RunFailure(m);
    } catch (NativeFailure e) {
      // a tree's C that crashed, hung or did what the model cannot apply: the run fails
      throw new RunFailure("at " + host.sim().now() + " ns: " + e.getMessage());
    } catch (RuntimeException e) {
      String m = "the simulation stopped at " + host.sim().now() + " ns: "
          + e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage());
      if (x != null && !(e instanceof BadInputException)) {
        return new Measured(traffic, null, null, stall, audit, napi, m, faults);
      }
      throw new RunFailure(m);
    }
    if (req.check()) {
      List<String> v = traffic.violations();
      if (!v.isEmpty()) {
        String m = "check failed at " + host.sim().now() + " ns: " + v.get(0)
            + (v.size() > 1 ? " (and " + (v.size() - 1) + " more)" : "")
            + "; --no-check skips the checks";
        if (x != null) {
          return new Measured(traffic, s0, s1, stall, audit, napi, m, faults);
        }
        throw new RunFailure(m);
      }
    }
    return new Measured(traffic, s0, s1, stall, audit, napi, null, faults);
  }

  /** The metrics, report lines and breakdowns of the measured window; the trace finished. */
  private static ExploreResult collect(RunRequest req, Host host, Instruments in,
      Measured m) {
    Snapshot s0 = m.s0();
    Snapshot s1 = m.s1();
    double windowSec = (s1.timeNs() - s0.timeNs()) / 1e9;
    int cores = host.cpu().cores();
    String kind = req.traffic().kind();
    boolean stream = kind.equals("udp") || kind.equals("tcp");
    LinkedHashMap<String, Double> all = Metrics.host(s0, s1, cores,
        m.stall().maxGapNs() / 1e6, stream);
    var costs = host.soc().costs();
    all.put("cpu_from_estimates_pct", Metrics.estimatedShare(s0, s1, op -> {
      var q = costs.get(op);
      return q == null ? null : q.uncertainty();
    }));
    TrafficReport report = m.traffic().report(windowSec);
    all.putAll(report.metrics());
    RunResult result = new RunResult(config(req, host), Metrics.order(all), report.lines(),
        Metrics.cpuByOp(s0, s1, cores), Metrics.callsByOp(s0, s1),
        Metrics.counters(s0, s1), cores, windowSec,
        in.timeline() == null ? null : in.timeline().timeline(), host.kernel().dmesg(),
        Metrics.irqsByLine(s0, s1),
        InLoopPorts.of(host).active() ? KernelCReport.of(InLoopPorts.of(host)) : null,
        m.faults() == null ? null : m.faults().report());
    if (in.ftrace() != null) {
      in.ftrace().finish();
    }
    return new ExploreResult(result, null,
        m.audit() == null ? List.of() : m.audit().liveness().episodes(),
        host.link().framesToPeer(), host.sim().now(), inFlightReads(host));
  }

  /**
   * Whether the run uses the kernel's software coalescing (a deferral, GRO timeout or threaded
   * NAPI set by the user or the driver, or a busy-polling reader): its counters and metrics are
   * reported then, and only then, so other runs print what they always did.
   */
  static boolean softCoalescing(Host host, RunRequest req) {
    if (!req.napi().isEmpty() || !req.traffic().sock().isNone()) {
      return true;
    }
    for (Napi n : host.kernel().napis()) {
      if (n.deferHardIrqs() != 0 || n.groFlushTimeout() != 0 || n.threadedMode() != 0) {
        return true;
      }
    }
    return false;
  }

  /** The resolved configuration, in print order. */
  static LinkedHashMap<String, Object> config(RunRequest req, Host host) {
    NicDriver driver = host.driver();
    LinkedHashMap<String, Object> c = new LinkedHashMap<>();
    c.put("mac", host.mac().name());
    c.put("soc", host.soc().name());
    c.put("kernel", driver.patchSet().base().toString());
    List<String> ids = new ArrayList<>();
    List<String> commits = new ArrayList<>();
    for (Patch p : driver.patchSet().patches()) {
      ids.add(p.id());
      if (p.commit() != null) {
        commits.add(p.commit());
      }
    }
    c.put("patches", ids);
    c.put("patch_commits", commits);
    c.put("patch_edits", driver.patchSet().editsFromBase());
    c.put("coalesce", coalesce(driver));
    if (softCoalescing(host, req)) {
      c.put("sysfs", sysfs(host));
    }
    if (!req.host().moduleParams().isEmpty()) {
      c.put("module_params", req.host().moduleParams().toString());
    }
    if (!req.host().faults().isEmpty()) {
      c.put("faults", req.host().faults().stream().map(Object::toString).toList());
    }
    c.put("traffic", req.traffic().spelling());
    c.put("path", req.path().spelling());
    c.put("seed", req.seed());
    c.put("cpus", host.cpu().cores());
    c.put("link_bps", host.link().rateBps());
    c.put("omit_s", seconds(req.traffic().omitNs()));
    c.put("duration_s", seconds(req.traffic().durationNs()));
    return c;
  }

  /** The coalescing values ethtool -c would show as numbers (supported or non-zero). */
  public static LinkedHashMap<String, Long> coalesce(NicDriver driver) {
    LinkedHashMap<String, Long> out = new LinkedHashMap<>();
    try {
      EthtoolCoalesce ec = Ethtool.getCoalesce(driver.ethtool());
      int supported = driver.ethtool().supportedCoalesceParams();
      for (CoalesceParam p : CoalesceParam.values()) {
        long v = ec.get(p);
        if ((supported & p.bit()) != 0 || v != 0) {
          out.put(p.cliName(), v);
        }
      }
    } catch (KernelException e) {
      // a driver that refuses the get shows nothing
    }
    return out;
  }

  /** /sys/class/net/eth0/'s software-coalescing files as cat reads them (those the kernel has). */
  public static LinkedHashMap<String, String> sysfs(Host host) {
    NetSysfs fs = new NetSysfs(host.dev().napiDevice(),
        host.kernel().netCore(), (int) host.soc().param("unsigned_long_bits", 64, 32, 64));
    LinkedHashMap<String, String> out = new LinkedHashMap<>();
    for (String f : NetSysfs.FILES) {
      if (fs.exists(f)) {
        try {
          out.put(f, fs.cat(f).trim());
        } catch (KernelException e) {
          // every file the kernel has can be read
        }
      }
    }
    return out;
  }

  /** Reads of a NAPI's state by one CPU while another's poll of it was completing. */
  private static long inFlightReads(Host host) {
    long n = 0;
    for (Napi napi : host.kernel().napis()) {
      n += napi.inFlightReadCount();
    }
    return n;
  }

  private static BigDecimal seconds(long ns) {
    return new BigDecimal(ns).movePointLeft(9).stripTrailingZeros();
  }
}
