package io.nicsim.studies.plan;

/**
 * An engine found at run time with {@link java.util.ServiceLoader} (the Spark runner lives in a
 * module of its own, so commands that do not ask for it never load Spark's classes).
 */
public interface PointEngineProvider {

  /** The {@code --engine} name this provider answers to. */
  String name();

  /**
   * An engine for {@code master} (engine-specific, e.g. {@code local[*]} or
   * {@code spark://host:7077}; null for the engine's default).
   */
  PointEngine open(String master, int threads);

  /**
   * Refuses a master {@link #open} would refuse, without starting anything: commands call it
   * before any other work, so a mistyped URL costs no planning and no runs.
   */
  default void check(String master) {}
}
