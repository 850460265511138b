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
 * <p>Values are u32 read as ethtool reads them: plain integers (decimal, or hex with {@code 0x}),
 * a {@code *-usecs} value in microseconds, no units. {@code adaptive-rx/-tx} take
 * {@code on}/{@code off}.
 */
public final class CoalesceArgs {
  private static final Pattern U32 = Pattern.compile("0[xX]([0-9a-fA-F]+)|\\+?([0-9]+)");
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
      case USECS:
        return parseU32(p, word);
      default:
        throw new AssertionError(p.kind());
    }
  }

  /**
   * ethtool's {@code parse_u32} (netlink/parser.c, ethtool 5.6+): {@code 0x}/{@code 0X} then hex
   * digits, or a decimal number ({@code strtoul} base 10: an optional {@code +}); the whole word
   * must be used and the value must fit a u32. No units: {@code 1ms} is refused, as ethtool
   * refuses it.
   */
  private static long parseU32(CoalesceParam p, String word) {
    Matcher m = U32.matcher(word);
    if (!m.matches()) {
      throw BadInputException.field(p.cliName(), "invalid value '" + word + "'", acceptedForm(p));
    }
    String hex = m.group(1);
    String digits = hex != null ? hex : m.group(2);
    // strip leading zeros so the length test below is about magnitude only
    String trimmed = digits.replaceFirst("^0+(?=.)", "");
    if (trimmed.length() > (hex != null ? 8 : 10)) {
      throw BadInputException.field(p.cliName(), word + " is out of range", acceptedForm(p));
    }
    long v = Long.parseLong(trimmed, hex != null ? 16 : 10);
    if (v > U32_MAX) {
      throw BadInputException.field(p.cliName(), word + " is out of range", acceptedForm(p));
    }
    return v;
  }

  private static String acceptedForm(CoalesceParam p) {
    switch (p.kind()) {
      case BOOL:
        return "on, off";
      case COUNT:
        return "an integer 0..4294967295 (decimal, or hex with 0x), as ethtool -C takes it";
      default:
        return "whole microseconds 0..4294967295 (decimal, or hex with 0x), as ethtool -C takes"
            + " it: no unit";
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
