package io.nicsim.bench.perf;

/**
 * One line of {@code nicsim bench}: a figure, its target, what this machine measured (the
 * median of {@code runs}, with the lowest and highest run) and the command that measures it.
 *
 * @param atLeast true if the target is a floor (measured ≥ target), false if a ceiling
 * @param note what else the reader needs (line rate reached, scenarios measured, load), or ""
 */
public record BenchRow(
    String name,
    String figure,
    String unit,
    double target,
    boolean atLeast,
    double measured,
    double min,
    double max,
    int runs,
    String command,
    String note) {

  public boolean met() {
    return atLeast ? measured >= target : measured <= target;
  }

  public String targetText() {
    return (atLeast ? "≥ " : "≤ ") + Stats.fmt(target) + " " + unit;
  }
}
