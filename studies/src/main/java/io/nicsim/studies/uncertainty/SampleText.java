package io.nicsim.studies.uncertainty;

import io.nicsim.formats.text.Num;

/**
 * The lines {@code run --uncertainty N --sample K} adds after the run's own output: which
 * sample it was and where each drawn input (or shared group) sat in its range, 0 at the low end
 * and 1 at the high end, so a reader can tell what made this sample differ from the nominal run.
 */
public final class SampleText {
  private SampleText() {}

  public static String format(LatinHypercube lhs) {
    StringBuilder sb = new StringBuilder();
    sb.append("\nuncertainty sample ").append(lhs.index()).append(" of ").append(lhs.size())
        .append(" (--seed ").append(lhs.seed()).append("): ").append(lhs.inputs().size())
        .append(" draws, each at its place in its range (0 low end, 1 high end)\n");
    for (String id : lhs.inputs()) {
      sb.append("  ").append(id).append(' ').append(Num.fixed(lhs.unit(id), 3)).append('\n');
    }
    return sb.toString();
  }
}
