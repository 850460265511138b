package io.nicsim.studies.uncertainty;

import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.UncertaintyClass;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * How a study turns its unit draws (0..1 per draw id) into an input's value. A number of a
 * class with a shared part ({@link UncertaintyClass#sharedShare()}) takes that part of its range
 * from its group's draw and the rest from its own: the estimates of one profile share the draw
 * {@code PROFILE:estimates}, the numbers fitted to one figure share {@code fit:FIGURE} (the
 * figure named up to its first colon, {@code fit:seed_000_Agilex5_before}). Any other number is
 * uniform over its range from its own draw. The value always lies within the number's range.
 */
public final class InputDesign {
  private InputDesign() {}

  /** The draw a number shares with its group, or null when it has none. */
  public static String group(Quantity q) {
    UncertaintyClass c = q.uncertainty();
    if (c == UncertaintyClass.CALIBRATED && q.calibrated() != null) {
      String f = q.calibrated();
      int colon = f.indexOf(':');
      f = (colon > 0 ? f.substring(0, colon) : f).trim();
      f = f.length() > 40 ? f.substring(0, 40) : f;
      return "fit:" + f.replaceAll("[^A-Za-z0-9.+-]+", "_").toLowerCase(Locale.ROOT);
    }
    if (c == UncertaintyClass.ESTIMATE && !q.origin().isEmpty()) {
      return q.origin() + ":estimates";
    }
    return null;
  }

  /** Input {@code id}'s value with {@code unit} giving each draw id's position 0..1. */
  public static double value(String id, Quantity q, ToDoubleFunction<String> unit) {
    String g = group(q);
    if (g == null) {
      return q.low() + unit.applyAsDouble(id) * (q.high() - q.low());
    }
    double s = q.uncertainty().sharedShare();
    double shared = s == 0 ? 0 : 2 * unit.applyAsDouble(g) - 1;
    double own = s == 1 ? 0 : 2 * unit.applyAsDouble(id) - 1;
    double v = q.value() * (1 + q.range() * (s * shared + (1 - s) * own));
    // rounding must not carry it past an end
    return Math.max(q.low(), Math.min(q.high(), v));
  }
}
