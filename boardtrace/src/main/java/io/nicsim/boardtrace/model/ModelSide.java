package io.nicsim.boardtrace.model;

import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.figures.FigureRecorder;
import io.nicsim.boardtrace.figures.FigureSet;
import io.nicsim.boardtrace.figures.XmitBatchMethod;
import io.nicsim.boardtrace.fit.SpanSamples;
import io.nicsim.boardtrace.parse.FtraceTextParser;
import io.nicsim.boardtrace.parse.ImportStats;
import io.nicsim.boardtrace.parse.ParseOptions;
import io.nicsim.boardtrace.spans.SpanBuilder;

/**
 * The model's side of a comparison or a calibration: a run's ftrace text, as nicsim writes it,
 * read back by the same parser a board's trace goes through, so that both sides are measured
 * the same way at the same timestamp resolution, over the run's measured window.
 */
public final class ModelSide {
  private ModelSide() {}

  /** The model's figures over its measured window. */
  public static FigureSet figures(ModelRunner runner, String soc, boolean nanoseconds,
      XmitBatchMethod method) {
    ModelRunner.Info info = runner.info();
    FigureRecorder r = new FigureRecorder(info.fromNs(), info.toNs(), method, null);
    read(runner, soc, nanoseconds, r, null);
    return r.result();
  }

  /** The model's figure recorder after one run on {@code soc} (its CPU time by task too). */
  public static FigureRecorder recorded(ModelRunner runner, String soc) {
    ModelRunner.Info info = runner.info();
    FigureRecorder r = new FigureRecorder(info.fromNs(), info.toNs(), XmitBatchMethod.INFERRED,
        null);
    read(runner, soc, true, r, null);
    return r;
  }

  /**
   * The model's fit samples of its own trace text and, with {@code attribution}, which of its
   * costs make them up (read from the same run).
   */
  public static Fits fits(ModelRunner runner, String soc, boolean nanoseconds,
      boolean attribution) {
    ModelRunner.Info info = runner.info();
    SpanSamples spans = new SpanSamples(info.app(), null, info.fromNs(), info.toNs());
    OpAttribution attr = attribution
        ? new OpAttribution(info.app(), info.fromNs(), info.toNs()) : null;
    FigureRecorder figures = new FigureRecorder(info.fromNs(), info.toNs(),
        XmitBatchMethod.INFERRED, null);
    ImportStats stats = read(runner, soc, nanoseconds,
        EventSink.tee(new SpanBuilder(spans), figures), attr);
    return new Fits(spans, attr, stats, info, figures.result());
  }

  /**
   * @param spans the spans of the model's own trace text
   * @param attribution which costs make them up (null when not asked for)
   * @param stats the model trace's import statistics
   * @param info the run
   * @param figures the run's figures (rates, CPU by context), as compare reads them
   */
  public record Fits(SpanSamples spans, OpAttribution attribution, ImportStats stats,
      ModelRunner.Info info, FigureSet figures) {}

  private static ImportStats read(ModelRunner runner, String soc, boolean nanoseconds,
      EventSink sink, TracerEvents observer) {
    FtraceTextParser p = new FtraceTextParser("of the model run", sink, ParseOptions.DEFAULT);
    runner.run(soc, p::line, nanoseconds, observer);
    return p.finish(true);
  }
}
