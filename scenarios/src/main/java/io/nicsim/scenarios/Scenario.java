package io.nicsim.scenarios;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * One seed thread reproduced: runs hosts through {@link ReproContext} and returns rows of
 * published versus simulated figures. Register it in {@code io.nicsim.scenarios.seeds.SeedScenarios#registry()}.
 */
public interface Scenario {

  /** The name users type: {@code stmmac-hrtimer-active}. */
  String name();

  /** One line: what the thread is about. */
  String title();

  /** The seed files it reproduces ({@code 000_e259f3fef5275bf2.txt}). */
  List<String> seeds();

  /** Every assumption and why, in print order. */
  LinkedHashMap<String, String> assumptions();

  /**
   * True for a scenario that runs only when named ({@code nicsim reproduce NAME}), not in the
   * plain {@code nicsim reproduce} (a what-if, or one too slow for the seeds' time budget).
   */
  default boolean byNameOnly() {
    return false;
  }

  /** Runs the cases; plots beyond the published-vs-simulated bars go through the context. */
  List<Row> run(ReproContext ctx);
}
