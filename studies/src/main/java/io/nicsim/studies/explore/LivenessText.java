package io.nicsim.studies.explore;

import io.nicsim.runs.Exploration;
import io.nicsim.runs.ExploreResult;
import java.util.List;

/** The liveness section {@code nicsim run --jitter} prints after the run's summary. */
public final class LivenessText {
  private LivenessText() {}

  public static String format(ExploreResult run, Exploration x, long seed) {
    List<Findings.Hit> hits = Findings.of(run.episodes(), null, run.endNs());
    long dead = run.episodes().stream().filter(e -> e.dead()).count();
    StringBuilder sb = new StringBuilder();
    sb.append("\nliveness (--seed ").append(seed).append(" --jitter ").append(x.spelling())
        .append(x.preempts() ? " --preempt " + x.preemptSpelling() : "").append("): ").append(hits.size()).append(" stranded spells, ").append(dead)
        .append(" dead, ").append(run.packets()).append(" packets sent\n");
    for (Findings.Hit h : hits) {
      sb.append("  ").append(Findings.seconds(h.startNs())).append(" s ").append(h.key())
          .append(": nothing to clean it for ").append(Findings.duration(h.strandedNs()))
          .append(", its skbs freed after ").append(Findings.duration(h.heldNs()))
          .append("\n      ").append(h.state()).append('\n');
    }
    return sb.toString();
  }
}
