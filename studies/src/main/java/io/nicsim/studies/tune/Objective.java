package io.nicsim.studies.tune;

import io.nicsim.core.config.BadInputException;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code --objective}: a goal ({@code min cpu_pct}, {@code max tcp_mbps}) or a limit
 * ({@code ping_rtt_ms<=0.6}, {@code tcp_mbps>=0.95*best}, {@code cpu_pct<=1.1*default}).
 *
 * <p>A metric is a run summary name; with several traffics, {@code NAME@N} takes it from the
 * N-th {@code --traffic} (1-based) and a bare {@code NAME} is the largest value among the
 * traffics that report it (the worst case for a cost such as {@code cpu_pct}). In a limit,
 * {@code best} is the best value any setting reached (the smallest for {@code <=}, the largest
 * for {@code >=}) and {@code default} the value under today's default coalescing.
 */
public record Objective(Kind kind, String metric, int traffic, double factor, Ref ref) {
  static final String FIELD = "--objective";
  static final String FORMS = "'min METRIC', 'max METRIC', 'METRIC<=X' or 'METRIC>=X' with X"
      + " a number, F*best or F*default (METRIC: a summary name, NAME@N for traffic N)";

  /** What the objective asks. */
  public enum Kind { MIN, MAX, AT_MOST, AT_LEAST }

  /** What a limit's number is relative to. */
  public enum Ref { NUMBER, BEST, DEFAULT }

  private static final Pattern GOAL = Pattern.compile("(min|max)\\s+(\\S+)");
  private static final Pattern LIMIT = Pattern.compile("([^<>=\\s]+)\\s*(<=|>=)\\s*(\\S+)");
  private static final Pattern RHS = Pattern.compile(
      "(?:([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*\\*\\s*)?(best|default)");

  public static Objective parse(String text, int traffics) {
    String t = text == null ? "" : text.trim();
    Matcher g = GOAL.matcher(t);
    if (g.matches()) {
      Kind k = g.group(1).equals("min") ? Kind.MIN : Kind.MAX;
      return metric(k, g.group(2), traffics, 1, Ref.NUMBER, t);
    }
    Matcher l = LIMIT.matcher(t);
    if (!l.matches()) {
      throw BadInputException.field(FIELD, "'" + t + "' is not an objective", FORMS);
    }
    Kind k = l.group(2).equals("<=") ? Kind.AT_MOST : Kind.AT_LEAST;
    String rhs = l.group(3);
    Matcher r = RHS.matcher(rhs);
    if (r.matches()) {
      double f = r.group(1) == null ? 1 : Double.parseDouble(r.group(1));
      return metric(k, l.group(1), traffics, f, r.group(2).equals("best") ? Ref.BEST
          : Ref.DEFAULT, t);
    }
    try {
      double v = Double.parseDouble(rhs);
      if (!Double.isFinite(v)) {
        throw new NumberFormatException();
      }
      return metric(k, l.group(1), traffics, v, Ref.NUMBER, t);
    } catch (NumberFormatException e) {
      throw BadInputException.field(FIELD, "'" + rhs + "' in '" + t + "' is not a limit",
          "a number, F*best or F*default");
    }
  }

  private static Objective metric(Kind k, String m, int traffics, double f, Ref ref, String t) {
    int at = m.indexOf('@');
    int traffic = 0;
    String name = m;
    if (at >= 0) {
      name = m.substring(0, at);
      try {
        traffic = Integer.parseInt(m.substring(at + 1));
      } catch (NumberFormatException e) {
        traffic = -1;
      }
      if (traffic < 1 || traffic > traffics) {
        throw BadInputException.field(FIELD, "'" + m + "' names no --traffic",
            "NAME@1.." + traffics);
      }
    }
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw BadInputException.field(FIELD, "'" + name + "' in '" + t + "' is not a metric name",
          "a summary name such as ping_rtt_ms, tcp_mbps, cpu_pct");
    }
    return new Objective(k, name, traffic, f, ref);
  }

  /** Whether this is a goal (min/max) rather than a limit. */
  public boolean goal() {
    return kind == Kind.MIN || kind == Kind.MAX;
  }

  /** Whether smaller values of the metric are better for this objective. */
  public boolean smallerIsBetter() {
    return kind == Kind.MIN || kind == Kind.AT_MOST;
  }

  /** The metric as written ({@code NAME} or {@code NAME@N}). */
  public String label() {
    return traffic == 0 ? metric : metric + "@" + traffic;
  }

  /** The limit as the user wrote it, normalised. */
  public String spelling() {
    return switch (kind) {
      case MIN -> "min " + label();
      case MAX -> "max " + label();
      default -> label() + (kind == Kind.AT_MOST ? "<=" : ">=") + switch (ref) {
        case NUMBER -> trim(factor);
        case BEST -> (factor == 1 ? "" : trim(factor) + "*") + "best";
        case DEFAULT -> (factor == 1 ? "" : trim(factor) + "*") + "default";
      };
    };
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.6g", v);
    return new BigDecimal(s).stripTrailingZeros().toPlainString();
  }
}
