package io.nicsim.bench.repro;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * One seed thread reproduced: runs hosts through {@link ReproContext} and returns rows of
 * published versus simulated figures. Register it in {@link ScenarioRegistry#standard()}.
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
   * Whether plain {@code nicsim reproduce} leaves it out (a what-if or finding scenario that
   * runs longer than the seed reproductions' budget): it runs when named.
   */
  default boolean runByNameOnly() {
    return false;
  }

  /** Runs the cases; plots beyond the published-vs-simulated bars go through the context. */
  List<Row> run(ReproContext ctx);
}
