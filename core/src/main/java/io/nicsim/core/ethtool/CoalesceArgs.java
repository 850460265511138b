package io.nicsim.core.ethtool;

import io.nicsim.core.config.BadInputException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parameter list of {@code ethtool -C dev ...}: {@code "tx-usecs 100 tx-frames 1"}.
 *
 * <p>Values are u32. A {@code *-usecs} value is microseconds; a value with a written unit
 * ({@code 5ms}, {@code 250us}, {@code 1s}, {@code 500ns}) is converted and must come out a whole
 * number of microseconds. {@code adaptive-rx/-tx} take {@code on}/{@code off}.
 */
public final class CoalesceArgs {
  private static final Pattern NUMBER_WITH_UNIT =
      Pattern.compile("([0-9]+)(ns|us|µs|usec|usecs|ms|s)?");
  private static final long U32_MAX = 0xFFFF_FFFFL;

  private final Map<CoalesceParam, Long> values;

  private CoalesceArgs(Map<CoalesceParam, Long> values) {
    this.values = values;
  }

  /** An empty argument list. */
  public static CoalesceArgs none() {
    return new CoalesceArgs(new EnumMap<>(CoalesceParam.class));
  }

  /** Parses {@code "k v k v ..."}; refuses unknown names, missing or malformed values. */
  public static CoalesceArgs parse(String text) {
    String trimmed = text == null ? "" : text.trim();
    Map<CoalesceParam, Long> values = new EnumMap<>(CoalesceParam.class);
    if (trimmed.isEmpty()) {
      throw BadInputException.field(
          "ethtool -C", "no parameters given", "'rx-usecs N rx-frames N tx-usecs N tx-frames N'");
    }
    String[] words = trimmed.split("\\s+");
    for (int i = 0; i < words.length; i += 2) {
      CoalesceParam p = CoalesceParam.byCliName(words[i]);
      if (i + 1 >= words.length) {
        throw BadInputException.field(p.cliName(), "missing value", acceptedForm(p));
      }
      if (values.containsKey(p)) {
        throw BadInputException.field(p.cliName(), "given twice", "each parameter once");
      }
      values.put(p, parseValue(p, words[i + 1]));
    }
    return new CoalesceArgs(values);
  }

  /** One value as ethtool would read it for this field. */
  public static long parseValue(CoalesceParam p, String word) {
    switch (p.kind()) {
      case BOOL:
        if (word.equals("on")) {
          return 1;
        }
        if (word.equals("off")) {
          return 0;
        }
        throw BadInputException.field(p.cliName(), "'" + word + "' is not on/off", "on, off");
      case COUNT:
        return parseU32(p, word, false);
      case USECS:
        return parseU32(p, word, true);
      default:
        throw new AssertionError(p.kind());
    }
  }

  private static long parseU32(CoalesceParam p, String word, boolean time) {
    Matcher m = NUMBER_WITH_UNIT.matcher(word);
    if (!m.matches() || (!time && m.group(2) != null)) {
      throw BadInputException.field(p.cliName(), "'" + word + "' is not a number", acceptedForm(p));
    }
    String digits = m.group(1);
    if (digits.length() > 12) {
      throw BadInputException.field(p.cliName(), word + " is out of range", acceptedForm(p));
    }
    long n = Long.parseLong(digits);
    String unit = m.group(2);
    long usecs;
    if (unit == null || unit.startsWith("us") || unit.equals("µs")) {
      usecs = n;
    } else if (unit.equals("ns")) {
      if (n % 1000 != 0) {
        throw BadInputException.field(
            p.cliName(), word + " is not a whole number of microseconds", acceptedForm(p));
      }
      usecs = n / 1000;
    } else if (unit.equals("ms")) {
      usecs = n * 1000;
    } else {
      usecs = n * 1_000_000;
    }
    if (usecs > U32_MAX) {
      throw BadInputException.field(p.cliName(), word + " is out of range", acceptedForm(p));
    }
    return usecs;
  }

  private static String acceptedForm(CoalesceParam p) {
    switch (p.kind()) {
      case BOOL:
        return "on, off";
      case COUNT:
        return "an integer 0..4294967295";
      default:
        return "microseconds 0..4294967295, or a number with a unit: ns, us, ms, s";
    }
  }

  /** The named values, in the order of {@link CoalesceParam}. */
  public Map<CoalesceParam, Long> values() {
    return Collections.unmodifiableMap(values);
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  /** A copy of {@code current} with the named fields replaced. */
  public EthtoolCoalesce applyTo(EthtoolCoalesce current) {
    EthtoolCoalesce out = new EthtoolCoalesce(current);
    values.forEach(out::set);
    return out;
  }

  /** The canonical spelling, e.g. {@code "tx-usecs 100 tx-frames 1"}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    values.forEach(
        (p, v) -> {
          if (sb.length() > 0) {
            sb.append(' ');
          }
          sb.append(p.cliName()).append(' ');
          sb.append(p.kind() == CoalesceParam.Kind.BOOL ? (v != 0 ? "on" : "off") : v);
        });
    return sb.toString();
  }
}
