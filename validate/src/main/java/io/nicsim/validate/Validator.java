package io.nicsim.validate;

import io.nicsim.runs.RunEnv;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Runs cases on both sides and judges them. */
public final class Validator {
  /** Samples of the model's --uncertainty band where the real runs split or the model misses. */
  static final int BAND_SAMPLES = 16;

  private final RunEnv env;
  private final int runs;
  private final long durationS;
  private final long omitS;
  private final double tolerance;
  private final long seed;
  private final boolean fifo;
  private final Map<String, String> knownMisses;

  public Validator(RunEnv env, int runs, long durationS, long omitS, double tolerance, long seed,
      boolean fifo, Map<String, String> knownMisses) {
    this.env = env;
    this.runs = runs;
    this.durationS = durationS;
    this.omitS = omitS;
    this.tolerance = tolerance;
    this.seed = seed;
    this.fifo = fifo;
    this.knownMisses = knownMisses;
  }

  /**
   * Every case: the real runs in one testbed (removed before this returns, whatever happens),
   * then the model run (seconds) with the completion delay the real skbs had: the case's plus
   * the holder's median lateness over the runs. {@code progress} (may be null) gets a line
   * per finished case.
   */
  public List<CaseResult> run(List<ValidateCase> cases, PrintWriter progress) throws IOException {
    ModelRunner model = new ModelRunner(env);
    List<CaseResult> out = new ArrayList<>();
    try (Testbed bed = Testbed.open(fifo)) {
      RealRunner real = new RealRunner(bed);
      for (ValidateCase nominal : cases) {
        List<RealRunner.Run> rs = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
          rs.add(real.run(nominal, durationS, omitS, i));
        }
        ValidateCase c = nominal.withMeasuredLateness(medianLateness(rs))
            .withMeasuredAckPauses(pooledPauses(rs));
        if (c.modelWakesLate()) {
          // the holder's wake-ups as these runs had them (the profile's are another day's)
          String soc = WakeLateness.profile(c.modelSoc(), c.name(),
              rs.stream().map(RealRunner.Run::wakeLateUs).toList());
          if (soc != null) {
            c = c.withModelSoc(soc);
          }
        }
        ModelRunner.Run m = model.run(c, durationS, omitS, seed);
        CaseResult r = judge(c, rs, m);
        if (r.verdict().split() || !r.verdict().pass()) {
          // two states on the kernel, or a miss: does the model reach both states itself?
          r = r.withVerdict(r.verdict().withBand(model.band(c, durationS, omitS, seed,
              BAND_SAMPLES, Math.max(1, Runtime.getRuntime().availableProcessors())),
              tolerance));
        }
        out.add(r);
        if (progress != null) {
          progress.printf("validate: %s %s (real median %s, model %s)%n", c.name(),
              r.verdict().pass() ? "ok" : "MISS", ValidateReport.num(r.verdict().median()),
              ValidateReport.num(m.mbps()));
          progress.flush();
        }
      }
    }
    return out;
  }

  /** The real runs' ACK pauses as one, or null when no run recorded them. */
  static AckPauses pooledPauses(List<RealRunner.Run> rs) {
    List<AckPauses> ps = rs.stream().map(RealRunner.Run::pauses)
        .filter(Objects::nonNull).toList();
    return ps.isEmpty() ? null : AckPauses.pooled(ps);
  }

  /**
   * Why the model ran with the default ACK pauses (null when the real runs measured them): no
   * run recorded tcp_probe, or what the recorded events lacked.
   */
  static String whyDefaultPauses(List<RealRunner.Run> rs) {
    AckPauses p = pooledPauses(rs);
    if (p == null) {
      return "tcp_probe was not recorded (no tracefs instance for it on the sender)";
    }
    return p.whyNone();
  }

  /** The real runs' median holder lateness (µs; NaN when none was measured). */
  static double medianLateness(List<RealRunner.Run> rs) {
    double[] v = rs.stream().mapToDouble(RealRunner.Run::lateUs).filter(x -> x >= 0).sorted()
        .toArray();
    return Verdict.median(v, 0, v.length);
  }

  /**
   * The verdict on the runs that are judged: every run but those that left slow start early
   * on the testbed's account ({@link SlowStartExit}), which the result lists with the reason.
   */
  CaseResult judge(ValidateCase c, List<RealRunner.Run> rs, ModelRunner.Run m) {
    List<String> testbed = SlowStartExit.testbedRuns(c, rs, tolerance);
    double[] v = new double[rs.size()];
    int n = 0;
    for (int i = 0; i < rs.size(); i++) {
      if (testbed.get(i) == null) {
        v[n++] = rs.get(i).mbps();
      }
    }
    return new CaseResult(c, rs, m, Verdict.judge(Arrays.copyOf(v, n), m.mbps(), tolerance),
        knownMisses.get(c.name()), testbed);
  }

  /** The running kernel's release ({@code uname -r}). */
  public static String kernel() {
    try {
      return Files.readString(Path.of(
          "/proc/sys/kernel/osrelease")).strip();
    } catch (IOException e) {
      return System.getProperty("os.version");
    }
  }
}
