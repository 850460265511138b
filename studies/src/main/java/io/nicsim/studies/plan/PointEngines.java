package io.nicsim.studies.plan;

import io.nicsim.core.config.BadInputException;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Chooses the engine a command's {@code --engine}/{@code --master} options name. */
public final class PointEngines {
  private PointEngines() {}

  /**
   * Refuses now what {@link #open} would refuse later: an unknown engine, a master without
   * {@code --engine spark}. A command that opens its engine only after other work checks first.
   */
  public static void check(String engine, String master) {
    if (engine == null || engine.equals("local")) {
      if (master != null) {
        throw BadInputException.field("--master", "is for --engine spark", "omit it, or --engine spark");
      }
      return;
    }
    TreeSet<String> known = new TreeSet<>();
    known.add("local");
    for (PointEngineProvider p : ServiceLoader.load(PointEngineProvider.class)) {
      if (p.name().equals(engine)) {
        p.check(master);
        return;
      }
      known.add(p.name());
    }
    throw BadInputException.field("--engine", "unknown engine '" + engine + "'"
        + (engine.equals("spark") ? " (the nicsim-spark module is not on the class path)" : ""),
        String.join(", ", known));
  }

  public static PointEngine open(String engine, String master, int threads) {
    if (engine == null || engine.equals("local")) {
      if (master != null) {
        throw BadInputException.field("--master", "is for --engine spark", "omit it, or --engine spark");
      }
      return new LocalEngine(threads);
    }
    TreeSet<String> known = new TreeSet<>();
    known.add("local");
    for (PointEngineProvider p : ServiceLoader.load(PointEngineProvider.class)) {
      if (p.name().equals(engine)) {
        return p.open(master, threads);
      }
      known.add(p.name());
    }
    throw BadInputException.field("--engine", "unknown engine '" + engine + "'"
        + (engine.equals("spark") ? " (the nicsim-spark module is not on the class path)" : ""),
        String.join(", ", known));
  }
}
