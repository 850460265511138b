package io.nicsim.boardtrace.calibrate;

import io.nicsim.boardtrace.figures.FigureSet;
import io.nicsim.boardtrace.fit.CostFit;
import io.nicsim.boardtrace.fit.Regressor;
import io.nicsim.boardtrace.fit.SpanSamples;
import io.nicsim.boardtrace.model.ModelRunner;
import io.nicsim.boardtrace.model.ModelSide;
import io.nicsim.boardtrace.model.OpAttribution;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fits a SoC profile's costs to a board's trace.
 *
 * <ol>
 *   <li>The board's spans (hard interrupt handlers, softirq actions, hrtimer callbacks, driver
 *       transmits, the application's send and receive syscalls) are fitted by Huber IRLS on
 *       their work counts ({@link SpanSamples}): ns per call, per NAPI poll, per received
 *       packet, per freed skb, per queued packet, per KiB.</li>
 *   <li>The same configuration runs on BASE; its own trace text goes through the same parser
 *       and the same fits, on the same columns (a count that does not vary on either side is
 *       folded into the per-call cost).</li>
 *   <li>{@link OpAttribution} tells, from the same run, which cost operations make up each
 *       model coefficient. Each operation belongs to the coefficient that holds most of its
 *       time, provided the fitted spans hold at least half of its time in the window; it is
 *       scaled by board / model of that coefficient. A cost per KiB ({@link #PER_KIB_SUFFIX})
 *       moves only with a per-KiB coefficient. Every other cost keeps BASE's value.</li>
 *   <li>The scaled profile runs again and the owned costs are rescaled by the coefficients'
 *       remaining board / model, until every coefficient agrees within 1% or after
 *       {@code maxRounds} runs (costs interact: a per-packet cost also sits in a per-call
 *       coefficient).</li>
 * </ol>
 */
public final class Calibrator {
  /** A coefficient must rest on at least this many board spans. */
  public static final int MIN_SPANS = 30;
  /** The fitted spans must hold at least this share of an operation's time for it to move. */
  public static final double MIN_SHARE = 0.5;
  /**
   * A coefficient moves costs only when its standard error is at most this part of it (a
   * per-call cost beside a count that barely varies is only loosely known).
   */
  public static final double MAX_REL_SE = 0.15;
  /**
   * The name ending of a cost charged per KiB of data ({@code tcp_copy_kb},
   * {@code udp_send_kb}): such a cost moves only with a per-KiB coefficient. Where the board's
   * spans all carry one size the per-KiB count does not vary, its cost hides in the per-call
   * one, and scaling it by the per-call ratio would carry that size's ratio to every other.
   */
  static final String PER_KIB_SUFFIX = "_kb";

  /**
   * @param base the profile the result inherits (a shipped profile's name)
   * @param maxRounds corrections after the first scaling (0: scale once); each is a model run
   *     of the profile so far, and one more run checks the last
   * @param scratch a directory for the intermediate profiles
   */
  public record Options(String base, int maxRounds, Path scratch,
      List<OtherLoadParam> otherLoad) {
    public Options(String base, int maxRounds, Path scratch) {
      this(base, maxRounds, scratch, List.of());
    }
  }

  /**
   * A CPU's time in tasks other than the traffic's, measured from the trace: the calibrated
   * profile carries it as {@code params.other_load_pct_cpuN} (core's {@code OtherLoad}), so the
   * model's sender shares its CPU as the board's did.
   *
   * @param cpu the CPU
   * @param pct per cent of the window
   * @param source what was measured (the tasks and their shares)
   */
  public record OtherLoadParam(int cpu, double pct, String source) {}

  private Calibrator() {}

  /** One fitted coefficient on both sides. */
  public record Coefficient(String key, Regressor column, double board, double modelBase,
      double modelCalibrated, double spread, double relativeSe, long boardSpans, String events,
      double quantisation) {
    public double ratioBase() {
      return modelBase / board;
    }

    public double ratioCalibrated() {
      return modelCalibrated / board;
    }
  }

  /** An operation the calibration moved. */
  public record Fitted(String op, double base, double value, Coefficient owner, double share,
      double ofCoefficient, double range) {}

  /** An operation left at BASE's value, and why. */
  public record Kept(String op, double value, String why) {}

  /**
   * The result.
   *
   * @param profileYaml the profile text (inherits BASE)
   * @param rounds model runs made
   */
  public record Result(List<Coefficient> coefficients, List<Fitted> fitted, List<Kept> kept,
      String profileYaml, int rounds, List<String> skipped, FigureSet calibratedFigures) {}

  /**
   * Calibrates BASE to {@code board} (the board's fit samples, over its window) through
   * {@code runner}.
   */
  public static Result calibrate(SpanSamples board, double boardTickNs, ModelRunner runner,
      Options opts, ProfileWriter.Provenance provenance) {
    Options o = opts;
    // the model's side in nanoseconds, whatever the board's tick: a board's clock has no phase
    // with its events, so rounding to its tick averages out over many spans, while the model's
    // events keep a fixed phase with the microsecond grid (its periods are whole microseconds)
    // and rounding them would bias every span the same way
    boolean nanoseconds = true;
    // the per-call cost is the mean where the board's clock resolves its spans (nanoseconds),
    // the robust one on a microsecond clock (HuberRegression); the model's side is fitted alike
    boolean meanPerCall = boardTickNs <= 1;
    SocProfile base = SocProfile.load(o.base());
    ModelSide.Fits model = ModelSide.fits(runner, o.base(), nanoseconds, true);
    double modelTick = model.stats().resolutionNs;
    OpAttribution attr = model.attribution();

    // 1-2: the coefficients both sides have
    List<String> skipped = new ArrayList<>();
    Map<String, List<Regressor>> columns = new LinkedHashMap<>();
    Map<String, CostFit> boardFits = new LinkedHashMap<>();
    Map<String, CostFit> modelFits = new LinkedHashMap<>();
    Map<String, Double> quant = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : board.counts().entrySet()) {
      String key = e.getKey();
      if (!model.spans().counts().containsKey(key)) {
        skipped.add(key + ": not in the model's run (" + e.getValue() + " board spans)");
        continue;
      }
      if (e.getValue() < MIN_SPANS) {
        skipped.add(key + ": " + e.getValue() + " board spans (at least " + MIN_SPANS
            + " needed)");
        continue;
      }
      List<Regressor> cols = new ArrayList<>(board.varying(key));
      cols.retainAll(model.spans().varying(key));
      CostFit b = null;
      CostFit m = null;
      while (!cols.isEmpty()) {
        b = board.fit(key, cols, boardTickNs, meanPerCall);
        m = model.spans().fit(key, cols, modelTick, meanPerCall);
        if (b.singular() || m.singular() || attr.perUnit(key, cols) == null) {
          cols.remove(cols.size() - 1); // the last count cannot be told from the others
          continue;
        }
        // a count whose own cost the board's spans do not pin down is folded into the per-call
        // cost (its effect stays in the fit, as part of the mean)
        int loosest = -1;
        for (int j = 1; j < cols.size(); j++) {
          if (b.relativeSe(j) > MAX_REL_SE
              && (loosest < 0 || b.relativeSe(j) > b.relativeSe(loosest))) {
            loosest = j;
          }
        }
        if (loosest < 0) {
          break;
        }
        cols.remove(loosest);
      }
      if (cols.isEmpty() || b == null || b.singular()) {
        skipped.add(key + ": its counts cannot be told apart");
        continue;
      }
      double q = quantisation(b, boardTickNs);
      if (q > MAX_QUANTISATION) {
        skipped.add(String.format(Locale.ROOT, "%s: its spans last %.0f ns on average,"
            + " under twice the trace's tick (%.0f ns), which cannot time them without bias"
            + " (record nanoseconds: trace-cmd report -t, or trace_clock with ns in the text)",
            key, b.meanPerSpan(), boardTickNs));
        continue;
      }
      quant.put(key, q);
      columns.put(key, cols);
      boardFits.put(key, b);
      modelFits.put(key, perBoardPolls(m, key, cols, board, model.spans()));
    }
    for (String k : model.spans().counts().keySet()) {
      if (!board.counts().containsKey(k)) {
        skipped.add(k + ": not in the board's trace");
      }
    }

    // 3: which coefficient each operation belongs to
    Map<String, double[]> owner = new TreeMap<>(); // op -> {key index, column index, c, share}
    List<String> keys = new ArrayList<>(columns.keySet());
    List<String> ops = attr.ops();
    Map<String, Double> bestContribution = new TreeMap<>();
    for (int ki = 0; ki < keys.size(); ki++) {
      String key = keys.get(ki);
      List<Regressor> cols = columns.get(key);
      double[][] a = attr.perUnit(key, cols);
      double[] means = attr.means(key, cols);
      long n = attr.spans(key);
      CostFit b = boardFits.get(key);
      for (int oi = 0; oi < ops.size(); oi++) {
        for (int j = 0; j < cols.size(); j++) {
          double c = a[oi][j] * means[j] * n;
          if (!(c > 0) || !(b.coef()[j] > 0) || !(modelFits.get(key).coef()[j] > 0)) {
            continue;
          }
          String op = ops.get(oi);
          if (c > bestContribution.getOrDefault(op, 0.0)) {
            bestContribution.put(op, c);
            owner.put(op, new double[] {ki, j, c, a[oi][j]});
          }
        }
      }
    }

    // the starting costs, and the ones that move
    Map<String, Double> value = new TreeMap<>();
    for (Map.Entry<String, Quantity> e : base.costs().entrySet()) {
      value.put(e.getKey(), e.getValue().value());
    }
    List<Kept> kept = new ArrayList<>();
    Map<String, double[]> moving = new TreeMap<>();
    for (String op : base.costs().keySet()) {
      double total = attr.totalNs(op);
      double[] ow = owner.get(op);
      if (total <= 0) {
        kept.add(new Kept(op, value.get(op), "not charged in this run"));
      } else if (ow == null) {
        kept.add(new Kept(op, value.get(op), "outside every span the trace times"));
      } else {
        double inSpans = 0;
        for (String key : keys) {
          inSpans += attr.inKeyNs(key, op);
        }
        double share = inSpans / total;
        CostFit ob = boardFits.get(keys.get((int) ow[0]));
        int oj = (int) ow[1];
        Regressor col = columns.get(keys.get((int) ow[0])).get(oj);
        if (share < MIN_SHARE) {
          kept.add(new Kept(op, value.get(op), String.format(Locale.ROOT,
              "the timed spans hold only %.0f%% of it", 100 * share)));
        } else if (op.endsWith(PER_KIB_SUFFIX) && col != Regressor.KIB) {
          kept.add(new Kept(op, value.get(op), "a cost per KiB, and the bytes of '"
              + keys.get((int) ow[0]) + "' do not vary in this trace (one size: its per-KiB"
              + " cost cannot be told from the per-call one)"));
        } else if (ob.relativeSe(oj) > MAX_REL_SE) {
          kept.add(new Kept(op, value.get(op), String.format(Locale.ROOT,
              "its part of '%s' (%s) is known only to +-%.0f%% from this trace (more spans,"
                  + " or counts that vary more, would pin it down)", keys.get((int) ow[0]),
              columns.get(keys.get((int) ow[0])).get(oj).words(), 100 * ob.relativeSe(oj))));
        } else {
          moving.put(op, new double[] {ow[0], ow[1], share, ow[3]});
        }
      }
    }
    if (moving.isEmpty()) {
      throw new BadInputException("trace " + provenance.label() + ": none of " + o.base()
          + "'s costs can be measured from it (fitted: " + String.join(", ", keys)
          + (skipped.isEmpty() ? "" : "; skipped: " + String.join("; ", skipped)) + ")");
    }

    // 3-4: scale, run again, rescale
    double[][] ratio = new double[keys.size()][];
    for (int ki = 0; ki < keys.size(); ki++) {
      CostFit b = boardFits.get(keys.get(ki));
      CostFit m = modelFits.get(keys.get(ki));
      ratio[ki] = new double[b.coef().length];
      for (int j = 0; j < ratio[ki].length; j++) {
        ratio[ki][j] = m.coef()[j] > 0 && b.coef()[j] > 0 ? b.coef()[j] / m.coef()[j] : 1;
      }
    }
    apply(moving, ratio, value);
    Map<String, CostFit> lastModel = modelFits;
    FigureSet lastFigures = model.figures();
    int rounds = 1;
    for (int round = 0; round <= o.maxRounds(); round++) {
      // run what was written, to report the calibrated model and to correct what interacts
      Path candidate = write(o.scratch(), ProfileWriter.yaml(provenance, base, value, moving,
          keys, boardFits, null, columns, board, kept, o.base(), o.otherLoad(), quant), round);
      ModelSide.Fits again = ModelSide.fits(runner, SocProfile.FILE_PREFIX + candidate,
          nanoseconds, false);
      rounds++;
      Map<String, CostFit> fits = new LinkedHashMap<>();
      double worst = 0;
      for (int ki = 0; ki < keys.size(); ki++) {
        String key = keys.get(ki);
        CostFit m = perBoardPolls(again.spans().fit(key, columns.get(key),
            again.stats().resolutionNs, meanPerCall), key, columns.get(key), board,
            again.spans());
        fits.put(key, m);
        CostFit b = boardFits.get(key);
        for (int j = 0; j < ratio[ki].length; j++) {
          ratio[ki][j] = m == null || m.singular() || !(m.coef()[j] > 0) || !(b.coef()[j] > 0)
              ? 1 : b.coef()[j] / m.coef()[j];
          if (ownsAny(moving, ki, j)) {
            worst = Math.max(worst, Math.abs(ratio[ki][j] - 1));
          }
        }
      }
      lastModel = fits;
      lastFigures = again.figures();
      if (worst < 0.01 || round == o.maxRounds()) {
        break;
      }
      apply(moving, ratio, value);
    }
    String yaml = ProfileWriter.yaml(provenance, base, value, moving, keys, boardFits, lastModel,
        columns, board, kept, o.base(), o.otherLoad(), quant);
    SocProfile.parse("the calibrated profile", yaml); // it must load

    List<Coefficient> coefs = new ArrayList<>();
    Map<String, Coefficient> byOwner = new TreeMap<>();
    for (int ki = 0; ki < keys.size(); ki++) {
      String key = keys.get(ki);
      CostFit b = boardFits.get(key);
      CostFit m0 = modelFits.get(key);
      CostFit m1 = lastModel.get(key);
      for (int j = 0; j < b.coef().length; j++) {
        Coefficient c = new Coefficient(key, columns.get(key).get(j), b.coef()[j], m0.coef()[j],
            m1 == null ? Double.NaN : m1.coef()[j], b.spread()[j], b.relativeSe(j), b.seen(),
            board.events(key), quant.getOrDefault(key, 0.0));
        coefs.add(c);
        byOwner.put(ki + "/" + j, c);
      }
    }
    List<Fitted> fitted = new ArrayList<>();
    for (Map.Entry<String, double[]> e : moving.entrySet()) {
      double[] w = e.getValue();
      Coefficient c = byOwner.get((int) w[0] + "/" + (int) w[1]);
      fitted.add(new Fitted(e.getKey(), base.costs().get(e.getKey()).value(),
          Math.rint(value.get(e.getKey())), c, w[2], w[3] / c.modelBase(),
          ProfileWriter.range(c.spread(), c.relativeSe(), c.quantisation())));
    }
    return new Result(coefs, fitted, kept, yaml, rounds, skipped, lastFigures);
  }

  /**
   * The model's fit of {@code key} with its per-call cost taken per the board's NAPI polls per
   * span, where the fit folded the poll count into the per-call cost ({@code cols} lacks it)
   * and the model's spans poll a different number of times on average than the board's.
   *
   * <p>A softirq action's time is its polls' work: on a veth the sender's own NET_RX runs at
   * the transmit's local_bh_enable and polls the backlog once per datagram (every board span
   * 1 poll, so the poll count is folded), while the model's stand-in NIC, whose completion
   * reaches it a wire time after the transmit, polls twice in one action once its poll costs
   * as much as the board's (the next completion's interrupt arrives during the first poll). Its
   * per-call mean is then two polls' work, the calibration read it as 2x the board's and scaled
   * the poll's costs back to half: a quiet real trace calibrated to 1.24x its own packet rate,
   * the softirq at 0.50 of the board's. Per poll, both sides count the same work (the action's
   * own entry and exit, a few per cent of it, are spread over its polls).
   */
  static CostFit perBoardPolls(CostFit m, String key, List<Regressor> cols, SpanSamples board,
      SpanSamples model) {
    if (m == null || m.singular() || cols.contains(Regressor.POLL)) {
      return m;
    }
    double b = board.mean(key, Regressor.POLL);
    double mm = model.mean(key, Regressor.POLL);
    if (!(b > 0) || !(mm > 0) || Math.abs(mm - b) <= 1e-9 * b) {
      return m;
    }
    double[] coef = m.coef().clone();
    double[] se = m.se().clone();
    coef[0] *= b / mm;
    se[0] *= b / mm;
    return new CostFit(m.key(), m.columns(), coef, se, m.spread(), m.n(), m.seen(), m.scale(),
        false, m.means());
  }

  /**
   * A coefficient's possible bias from the board's clock tick, relative to its span's mean: a
   * span timed between two timestamps truncated to a tick is off by up to a tick either way;
   * over spans whose start falls anywhere within a tick the errors cancel, but where the spans
   * keep one phase with the tick (a periodic source, or nicsim's own microsecond trace, whose
   * events fall on whole microseconds) they do not, and the expected size of that bias for a
   * phase fixed anywhere is at most half a tick per span (2f(1-f) ticks for a length whose
   * fraction of a tick is f). Zero on a nanosecond clock.
   */
  static double quantisation(CostFit b, double tickNs) {
    if (!(tickNs > 1)) {
      return 0;
    }
    double mean = b.meanPerSpan();
    return mean > 0 ? 0.5 * tickNs / mean : Double.POSITIVE_INFINITY;
  }

  /**
   * Spans shorter than two ticks on average are not fitted (the bias bound would pass 25%).
   */
  static final double MAX_QUANTISATION = 0.25;

  private static void apply(Map<String, double[]> moving, double[][] ratio,
      Map<String, Double> value) {
    for (Map.Entry<String, double[]> e : moving.entrySet()) {
      double r = ratio[(int) e.getValue()[0]][(int) e.getValue()[1]];
      value.put(e.getKey(), Math.max(1, Math.rint(value.get(e.getKey()) * r)));
    }
  }

  private static boolean ownsAny(Map<String, double[]> moving, int ki, int j) {
    for (double[] w : moving.values()) {
      if ((int) w[0] == ki && (int) w[1] == j) {
        return true;
      }
    }
    return false;
  }

  private static Path write(Path dir, String yaml, int round) {
    try {
      Path f = dir.resolve("calibrate-round" + round + ".yaml");
      Files.writeString(f, yaml);
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
