package io.nicsim.cli;

import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Plots;
import io.nicsim.runs.options.EthtoolStyle;
import io.nicsim.studies.sweep.Vary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What the commands that run a grid of knob settings (sweep, tune) share: the {@code --vary}
 * knobs, the {@code --csv} and {@code --plot} files, {@code --uncertainty}, where the points
 * run ({@link EngineOptions}), and what is refused or claimed before any point runs.
 */
public final class PlanOptions {
  @Option(names = "--vary", required = true, paramLabel = "KEY=V1,V2,…",
      parameterConsumer = EthtoolStyle.VaryConsumer.class,
      description = "a knob and its values (repeatable): ethtool -C names, kernel, soc, patch,"
          + " seed, len, rate, parallel, rtt")
  List<String> varies = new ArrayList<>();

  @Option(names = "--csv", paramLabel = "FILE",
      description = "write the table as CSV: a row per point (sweep) or per setting (tune)")
  @Output
  Path csv;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "sweep: the metrics against the first knob, one panel each; tune: the"
          + " settings in the plane of the first two objective metrics")
  @Output
  Path plot;

  @Option(names = "--uncertainty", paramLabel = "N",
      description = "also run N joint samples (Latin hypercube) of the inputs' uncertainty"
          + " ranges (profile and path) for each point. sweep: seeded by the point's seed;"
          + " every metric gains NAME_low and NAME_high (5th..95th percentile) in the CSV, the"
          + " table shows [low..high] and the plot error bars. tune: seeded by --seed; each"
          + " setting is judged by its worst figure over the nominal run and the samples")
  Integer uncertainty;

  @Mixin EngineOptions engine;

  /**
   * Refuses a bad engine, thread count or plot file and claims the output files, before the
   * command plans or runs anything; returns the parsed {@code --vary} knobs.
   */
  List<Vary> begin(Outputs outs, int defaultThreads) {
    engine.check(defaultThreads);
    if (plot != null) {
      Plots.checkPlotFile(plot, "--plot");
    }
    outs.claim(plot, "--plot");
    outs.claim(csv, "--csv");
    outs.claimDir(engine.out, "--out");
    List<Vary> vs = new ArrayList<>();
    for (String v : varies) {
      vs.add(Vary.parse(v));
    }
    return vs;
  }

  /** The {@code --uncertainty} sample count (0 without it), refused outside 2..{@code max}. */
  int samples(int max) {
    if (uncertainty != null && (uncertainty < 2 || uncertainty > max)) {
      throw BadInputException.field("--uncertainty", uncertainty + " is out of range",
          "2.." + max + " samples");
    }
    return uncertainty == null ? 0 : uncertainty;
  }
}
