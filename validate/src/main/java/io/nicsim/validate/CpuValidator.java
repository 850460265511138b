package io.nicsim.validate;

import io.nicsim.boardtrace.BoardTrace;
import io.nicsim.boardtrace.calibrate.Calibrator;
import io.nicsim.boardtrace.calibrate.OtherLoadMeasure;
import io.nicsim.boardtrace.calibrate.ProfileWriter;
import io.nicsim.boardtrace.event.Names;
import io.nicsim.boardtrace.figures.FigureRecorder;
import io.nicsim.boardtrace.figures.XmitBatchMethod;
import io.nicsim.boardtrace.fit.SpanSamples;
import io.nicsim.boardtrace.model.ModelSide;
import io.nicsim.boardtrace.model.RunModelRunner;
import io.nicsim.boardtrace.parse.ParseOptions;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.studies.sweep.RunPointTask;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * {@code nicsim validate --cpu}: every case on this machine's kernel (CpuTestbed), host-veth
 * calibrated from the first case's trace ({@code nicsim trace calibrate}'s Calibrator, with the
 * other tasks the trace saw on each CPU), and every case predicted on that calibrated profile.
 * Real and model figures go through the same boardtrace classes (the real trace.dat, the model
 * run's own ftrace text).
 */
final class CpuValidator {
  /** The profile calibrated and predicted with. */
  static final String BASE = "host-veth";
  /** The real side's NAPI devices: the veth's ends and the CPU's backlog (process_backlog). */
  static final Predicate<String> REAL_DEVICES = d -> d.equals(CpuTestbed.RECEIVER_IF)
      || d.equals(CpuTestbed.SENDER_IF) || d.equals("(no_device)");
  /** The board's sender is the model's application. */
  static final UnaryOperator<String> RENAME = Names.mapping(Map.of("flood", "iperf3",
      CpuTestbed.SENDER_IF, "eth0"));
  /** The traffic's tasks on the real side: the UDP flood's ends, iperf3's. */
  static final Predicate<String> TRAFFIC = comm -> comm.equals("flood")
      || comm.equals("iperf3");

  /** The CPU the testbed pins the sender to (CpuTestbed: taskset -c 1). */
  static final int SENDER_CPU = 1;

  /** A CPU share that differs by less than this many points agrees whatever its ratio. */
  static final double FLOOR_POINTS = 0.5;

  private final RunEnv env;
  private final double seconds;
  private final double tolerance;
  private final long seed;

  CpuValidator(RunEnv env, double seconds, double tolerance, long seed) {
    this.env = env == null ? RunEnv.standard() : env;
    this.seconds = seconds;
    this.tolerance = tolerance;
    this.seed = seed;
  }

  /** One case: its real and predicted figures, the machine's load while it ran. */
  record CaseRun(CpuCase c, Map<String, Double> real, Map<String, Double> model, String load,
      double otherTasksPct, long sent, long received, boolean calibratedFrom,
      CpuMechanisms mechanisms) {}

  /** Everything: the cases, the calibration's own rates and what it measured. */
  record Outcome(List<CaseRun> runs, String calibration, String profileYaml,
      TracingCost tracing, Calibrator.Result calibrated) {}

  /** Pairs of plain and traced bursts, and datagrams a burst, of the tracing-cost measurement. */
  static final int TRACING_PAIRS = 3;
  static final long TRACING_DATAGRAMS = 200_000;

  Outcome run(List<CpuCase> cases, PrintWriter progress) throws IOException,
      InterruptedException {
    Path work = Files.createTempDirectory("nicsim-validate-cpu-");
    try (CpuTestbed bed = CpuTestbed.open(work)) {
      if (progress != null) {
        progress.println("validate --cpu: the tracing's own cost per event on this machine ("
            + TRACING_PAIRS + " pairs of bursts)");
        progress.flush();
      }
      TracingCost tc = bed.tracingCost(TRACING_PAIRS, TRACING_DATAGRAMS);
      List<CpuTestbed.Measured> measured = new ArrayList<>();
      for (CpuCase c : cases) {
        if (progress != null) {
          progress.println("validate --cpu: " + c.name() + " (" + c.describe() + "), "
              + seconds + " s on this kernel");
          progress.flush();
        }
        measured.add(bed.run(c, seconds));
      }
      // host-veth calibrated from the first case's trace alone
      CpuCase first = cases.get(0);
      BoardTrace t0 = traffic(measured.get(0).trace());
      RunModelRunner runner = new RunModelRunner(env.engine(), request(first, BASE));
      // the kernel's costs less what tracing them cost: the profile predicts an untraced kernel
      SpanSamples spans = t0.spans(runner.info().app(), RENAME, tc.nsPerEvent());
      FigureRecorder r0 = t0.recorded(XmitBatchMethod.INFERRED, RENAME);
      List<Calibrator.OtherLoadParam> other = OtherLoadMeasure.of(r0.contexts(),
          runner.info().app(), RENAME, SocProfile.load(BASE).cores());
      ProfileWriter.Provenance prov = new ProfileWriter.Provenance(first.name() + ".dat",
          t0.stats().sha256, t0.stats().kernel, t0.stats().cpusSeen.size(),
          t0.window().seconds(), "host-veth-calibrated");
      Calibrator.Result cal = Calibrator.calibrate(spans, t0.stats().resolutionNs, runner,
          new Calibrator.Options(BASE, 3, work, other), prov);
      // the cases are predicted without the other load the first trace saw: each case's own
      // load is its testbed's, reported beside it, not a property of the machine
      String yaml = withoutOtherLoad(cal.profileYaml());
      Path profile = work.resolve("host-veth-calibrated.yaml");
      Files.writeString(profile, yaml);
      List<CaseRun> out = new ArrayList<>();
      for (int i = 0; i < cases.size(); i++) {
        CpuCase c = cases.get(i);
        CpuTestbed.Measured m = measured.get(i);
        BoardTrace bt = i == 0 ? t0 : traffic(m.trace());
        FigureRecorder rr = i == 0 ? r0 : bt.recorded(XmitBatchMethod.INFERRED, RENAME);
        rr.contexts().lessTracing(tc.nsPerEvent());
        Map<String, Double> real = CpuFigures.of(rr, REAL_DEVICES, TRAFFIC);
        RunModelRunner mr = new RunModelRunner(env.engine(), request(c,
            SocProfile.FILE_PREFIX + profile));
        FigureRecorder mrec = ModelSide.recorded(mr, SocProfile.FILE_PREFIX + profile);
        Map<String, Double> model = CpuFigures.of(mrec, d -> true, "iperf3"::equals);
        out.add(new CaseRun(c, real, model, load(m, rr), otherTasksPct(m, rr), m.sent(),
            m.received(), i == 0, CpuMechanisms.of(bt, TRAFFIC, SENDER_CPU)));
      }
      StringBuilder calText = new StringBuilder();
      for (Calibrator.OtherLoadParam l : other) {
        calText.append(String.format(Locale.ROOT, "  calibration trace: cpu%d other tasks"
            + " %.1f%% (%s)%n", l.cpu(), l.pct(), l.source()));
      }
      for (Calibrator.Fitted f : cal.fitted()) {
        calText.append(String.format(Locale.ROOT, "  %-20s %6d -> %6d ns (%s, %s; range %.1f%%)%n",
            f.op(), (long) f.base(), (long) f.value(), f.owner().key(),
            f.owner().column().words(), 100 * f.range()));
      }
      // what the fit could not use, so a cost left at host-veth's value has its reason here
      for (String s : cal.skipped()) {
        calText.append("  not fitted: ").append(s).append('\n');
      }
      return new Outcome(out, calText.toString(), yaml, tc, cal);
    } finally {
      deleteTree(work);
    }
  }

  /**
   * A real run's trace over the sender's transmits alone (its first to its last on the
   * sending veth): the programs' start and end, before and after the traffic, are not the
   * traffic's. The window starts no earlier than the trace's own (the first event of a CPU
   * whose ring overwrote its beginning): the sending veth also transmitted (until the testbed
   * turned IPv6 off) the stack's neighbour discovery and MLD packets from kworkers on the other
   * CPU, whose ring kept them
   * while the sender's CPU's ring, filled by the flood's events, lost its first part; a window
   * from such a packet counted that CPU's rates over time it has no events for (udp64-40k
   * 2026-12-07: 72,152 sends in a 2.019 s window, 35,700/s of flood's 40,000).
   */
  static BoardTrace traffic(Path dat) {
    BoardTrace all = BoardTrace.open(dat, ParseOptions.DEFAULT, null, null).requireInOrder();
    double[] tx = all.txSeconds(CpuTestbed.SENDER_IF);
    if (tx == null || tx[1] <= tx[0]) {
      return all;
    }
    double from = Math.max(tx[0], (all.window().fromNs() - all.stats().firstTs) / 1e9);
    if (tx[1] <= from) {
      return all;
    }
    return BoardTrace.open(dat, ParseOptions.DEFAULT, from, tx[1]).requireInOrder();
  }

  /** The calibrated profile less its other-load parameters (the calibration trace's load). */
  static String withoutOtherLoad(String yaml) {
    StringBuilder b = new StringBuilder();
    for (String l : yaml.split("\n", -1)) {
      if (!l.stripLeading().startsWith("other_load_pct_cpu")) {
        b.append(l).append('\n');
      }
    }
    return b.toString().replace("params:\ncosts:", "costs:");
  }

  private RunRequest request(CpuCase c, String soc) {
    List<String> a = new ArrayList<>(c.modelArgs());
    a.addAll(List.of(soc.startsWith(SocProfile.FILE_PREFIX) ? "--soc-file" : "--soc",
        soc.startsWith(SocProfile.FILE_PREFIX) ? soc.substring(SocProfile.FILE_PREFIX.length())
            : soc, "--traffic", c.modelTraffic(seconds), "--seed", Long.toString(seed)));
    return RunPointTask.request(a);
  }

  /** The machine's load while the case ran: every task's CPU, and the other tasks' share. */
  private static String load(CpuTestbed.Measured m, FigureRecorder rr) {
    StringBuilder b = new StringBuilder();
    for (int c = 0; c < m.after().cpus(); c++) {
      double busy = 100 - m.after().percent(m.before(), c, "idle")
          - m.after().percent(m.before(), c, "iowait");
      b.append(String.format(Locale.ROOT, "%scpu%d busy %.0f%% (other tasks %.0f%%)",
          c == 0 ? "" : ", ", c, busy, otherTasks(rr, c)));
    }
    return b.toString();
  }

  /** The largest share of a CPU the case's traffic did not use (other tasks), in percent. */
  private static double otherTasksPct(CpuTestbed.Measured m, FigureRecorder rr) {
    double most = 0;
    for (int c = 0; c < m.after().cpus(); c++) {
      most = Math.max(most, otherTasks(rr, c));
    }
    return most;
  }

  private static double otherTasks(FigureRecorder rr, int cpu) {
    double other = 0;
    for (Map.Entry<String, Double> t : rr.contexts().tasks(cpu).entrySet()) {
      if (!TRAFFIC.test(t.getKey().substring(0, t.getKey().lastIndexOf(':')))) {
        other += t.getValue();
      }
    }
    return other;
  }

  /** Whether the model's {@code model} agrees with the real {@code real}. */
  boolean agrees(String figure, double real, double model) {
    if (figure.startsWith("cpu") && Math.abs(model - real) <= FLOOR_POINTS) {
      return true;
    }
    return real > 0 && Math.abs(model / real - 1) <= tolerance;
  }

  private static void deleteTree(Path p) {
    try (var s = Files.walk(p)) {
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
