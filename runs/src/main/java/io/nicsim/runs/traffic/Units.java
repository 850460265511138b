package io.nicsim.runs.traffic;

import io.nicsim.core.config.BadInputException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Numbers with units as the tools users know spell them: iperf3's rates ({@code 100M}, 1000
 * based) and lengths ({@code 1K}, 1024 based), durations ({@code 23ms}, {@code 0.2}), tc's
 * rates ({@code 1gbit}). Every refusal names the field and the accepted form.
 */
public final class Units {
  private static final Pattern NUMBER_UNIT =
      Pattern.compile("([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)\\s*([A-Za-zµ%/]*)");
  private static final long MAX_NS = 3_600_000_000_000L;

  private Units() {}

  /**
   * A duration in ns. A bare number is in {@code bareUnit} ("s" for iperf3 -t and ping -i);
   * with {@code bareUnit == null} the unit must be written.
   */
  public static long durationNs(String field, String word, String bareUnit) {
    String accepted = bareUnit == null
        ? "a duration with its unit: ns, us, ms, s (e.g. 23ms)"
        : "seconds, or a duration with its unit: ns, us, ms, s (e.g. 0.2 or 200ms)";
    Matcher m = match(field, word, accepted);
    String unit = m.group(2).isEmpty() ? bareUnit : m.group(2);
    if (unit == null) {
      throw BadInputException.field(field, "'" + word + "' has no unit", accepted);
    }
    BigDecimal n = new BigDecimal(m.group(1));
    long scale;
    switch (unit) {
      case "ns":
        scale = 1;
        break;
      case "us":
      case "µs":
      case "usec":
      case "usecs":
        scale = 1_000;
        break;
      case "ms":
      case "msec":
      case "msecs":
        scale = 1_000_000;
        break;
      case "s":
      case "sec":
      case "secs":
        scale = 1_000_000_000;
        break;
      default:
        throw BadInputException.field(field, "unknown unit '" + unit + "' in '" + word + "'", accepted);
    }
    BigDecimal ns = n.multiply(BigDecimal.valueOf(scale));
    if (ns.compareTo(BigDecimal.valueOf(MAX_NS)) > 0) {
      throw BadInputException.field(field, word + " is out of range", "at most 3600 s");
    }
    if (ns.stripTrailingZeros().scale() > 0) {
      throw BadInputException.field(field, word + " is not a whole number of nanoseconds", accepted);
    }
    return ns.longValueExact();
  }

  /** iperf3's -b: bits per second, suffix k/K, m/M, g/G, t/T multiply by powers of 1000. */
  public static long iperfRate(String field, String word) {
    String accepted = "bits/s with an optional K, M, G or T suffix (1000 based), 0 = unlimited";
    if (word.contains("/")) {
      throw BadInputException.field(field, "'" + word + "': burst mode is not modelled", accepted);
    }
    Matcher m = match(field, word, accepted);
    long mult;
    switch (m.group(2)) {
      case "":
        mult = 1;
        break;
      case "k":
      case "K":
        mult = 1_000L;
        break;
      case "m":
      case "M":
        mult = 1_000_000L;
        break;
      case "g":
      case "G":
        mult = 1_000_000_000L;
        break;
      case "t":
      case "T":
        mult = 1_000_000_000_000L;
        break;
      default:
        throw BadInputException.field(field, "unknown suffix in '" + word + "'", accepted);
    }
    return toLong(field, word, new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(mult)),
        accepted);
  }

  /** iperf3's -l: bytes, suffix k/K, m/M, g/G multiply by powers of 1024. */
  public static long iperfBytes(String field, String word) {
    String accepted = "bytes with an optional K, M or G suffix (1024 based)";
    Matcher m = match(field, word, accepted);
    long mult;
    switch (m.group(2)) {
      case "":
        mult = 1;
        break;
      case "k":
      case "K":
        mult = 1L << 10;
        break;
      case "m":
      case "M":
        mult = 1L << 20;
        break;
      case "g":
      case "G":
        mult = 1L << 30;
        break;
      default:
        throw BadInputException.field(field, "unknown suffix in '" + word + "'", accepted);
    }
    BigDecimal v = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(mult));
    if (v.stripTrailingZeros().scale() > 0) {
      throw BadInputException.field(field, word + " is not a whole number of bytes", accepted);
    }
    return toLong(field, word, v, accepted);
  }

  /** tc's rate spelling: {@code 1gbit}, {@code 100mbit}, {@code 500kbit}, {@code 9600bit}. */
  public static long tcRate(String field, String word) {
    String accepted = "a rate in bit, kbit, mbit, gbit or tbit (e.g. 1gbit)";
    Matcher m = match(field, word, accepted);
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    if (unit.endsWith("/s")) {
      unit = unit.substring(0, unit.length() - 2);
    }
    long mult;
    switch (unit) {
      case "bit":
        mult = 1;
        break;
      case "kbit":
        mult = 1_000L;
        break;
      case "mbit":
        mult = 1_000_000L;
        break;
      case "gbit":
        mult = 1_000_000_000L;
        break;
      case "tbit":
        mult = 1_000_000_000_000L;
        break;
      case "":
        throw BadInputException.field(field, "'" + word + "' has no unit", accepted);
      default:
        throw BadInputException.field(field, "unknown unit in '" + word + "'", accepted);
    }
    long v = toLong(field, word, new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(mult)),
        accepted);
    if (v <= 0) {
      throw BadInputException.field(field, "'" + word + "' is not positive", accepted);
    }
    return v;
  }

  /** A non-negative integer within {@code [min, max]}. */
  public static long integer(String field, String word, long min, long max) {
    String accepted = "an integer " + min + ".." + max;
    if (word != null && word.matches("-[0-9]{1,18}")) {
      throw BadInputException.field(field, word + " is out of range (negative)", accepted);
    }
    if (word == null || !word.matches("[0-9]{1,18}")) {
      throw BadInputException.field(field, "'" + word + "' is not an integer", accepted);
    }
    long v = Long.parseLong(word);
    if (v < min || v > max) {
      throw BadInputException.field(field, word + " is out of range", accepted);
    }
    return v;
  }

  private static Matcher match(String field, String word, String accepted) {
    Matcher m = NUMBER_UNIT.matcher(word == null ? "" : word.trim());
    if (!m.matches() && word != null && word.trim().startsWith("-")
        && NUMBER_UNIT.matcher(word.trim().substring(1)).matches()) {
      throw BadInputException.field(field, "'" + word + "' is negative", accepted);
    }
    if (!m.matches()) {
      throw BadInputException.field(field, "'" + word + "' is not a number", accepted);
    }
    return m;
  }

  private static long toLong(String field, String word, BigDecimal v, String accepted) {
    if (v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0) {
      throw BadInputException.field(field, word + " is out of range", accepted);
    }
    return v.setScale(0, RoundingMode.HALF_EVEN).longValueExact();
  }
}
