package io.nicsim.runs;

import io.nicsim.core.check.Liveness;
import java.util.List;

/**
 * What an explored run gave: the run's result (null when it failed), the one-line failure
 * (null when it did not), the stranded spells, packets sent, the run's end time, and how
 * often a CPU read a NAPI's state while another CPU's poll of it was completing (the
 * interleaving races such as the stmmac TX-timer window need; {@code Napi.inFlightReadCount}).
 */
public record ExploreResult(RunResult result, String failure, List<Liveness.Episode> episodes,
    long packets, long endNs, long inFlightReads) {
  public ExploreResult {
    episodes = List.copyOf(episodes);
  }
}
