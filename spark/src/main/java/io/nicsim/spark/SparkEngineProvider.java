package io.nicsim.spark;

import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngineProvider;

/** {@code --engine spark}: found by {@link java.util.ServiceLoader} when this module is present. */
public final class SparkEngineProvider implements PointEngineProvider {
  @Override
  public String name() {
    return "spark";
  }

  @Override
  public void check(String master) {
    SparkEngine.checkUrl(master);
  }

  @Override
  public PointEngine open(String master, int threads) {
    return SparkEngine.start(master);
  }
}
