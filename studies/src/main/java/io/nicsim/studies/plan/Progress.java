package io.nicsim.studies.plan;

/** Where an engine reports how far a plan has got (stderr for the command; silent in tests). */
@FunctionalInterface
public interface Progress {
  Progress NONE = (done, total) -> {};

  void pointsDone(int done, int total);
}
