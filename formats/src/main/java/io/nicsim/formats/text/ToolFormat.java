package io.nicsim.formats.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;

/** Number spellings of iperf3 (unit_snprintf) and iputils ping. */
public final class ToolFormat {
  private ToolFormat() {}

  /** iperf3's adaptive byte count: {@code 5.12 MBytes} (1024 based). */
  public static String iperfBytes(double bytes) {
    String[] units = {"Bytes", "KBytes", "MBytes", "GBytes", "TBytes"};
    int i = 0;
    double v = bytes;
    while (v >= 1024.0 && i < units.length - 1) {
      v /= 1024.0;
      i++;
    }
    return threeDigits(v) + " " + units[i];
  }

  /** iperf3's adaptive bit rate: {@code 42.9 Mbits/sec} (1000 based). */
  public static String iperfRate(double bitsPerSec) {
    String[] units = {"bits/sec", "Kbits/sec", "Mbits/sec", "Gbits/sec", "Tbits/sec"};
    int i = 0;
    double v = bitsPerSec;
    while (v >= 1000.0 && i < units.length - 1) {
      v /= 1000.0;
      i++;
    }
    return threeDigits(v) + " " + units[i];
  }

  /** unit_snprintf's precision: 2 decimals below 9.995, 1 below 99.95, none above. */
  private static String threeDigits(double v) {
    if (v < 9.995) {
      return String.format(Locale.ROOT, "%4.2f", v);
    }
    if (v < 99.95) {
      return String.format(Locale.ROOT, "%4.1f", v);
    }
    return String.format(Locale.ROOT, "%4.0f", v);
  }

  /** iputils' per-reply time: 3 decimals below 1 ms, 2 below 10, 1 below 100, else none. */
  public static String pingTime(long ns) {
    long us = ns / 1000;
    if (us >= 100_000 - 50) {
      return ((us + 500) / 1000) + "";
    }
    if (us >= 10_000 - 5) {
      return String.format(Locale.ROOT, "%d.%01d", (us + 50) / 1000, ((us + 50) % 1000) / 100);
    }
    if (us >= 1000) {
      return String.format(Locale.ROOT, "%d.%02d", (us + 5) / 1000, ((us + 5) % 1000) / 10);
    }
    return String.format(Locale.ROOT, "%d.%03d", us / 1000, us % 1000);
  }

  /**
   * iputils' packet loss: {@code printf("%g%%", (float) (lost * 100.0 / transmitted))}, so 77
   * of 100000 is "0.077", 1 of 3 "33.3333" and 0 "0" (C's %g: 6 significant digits, trailing
   * zeros dropped, an exponent below 1e-4).
   */
  public static String pingLossPct(long transmitted, long received) {
    if (transmitted <= 0) {
      return "0";
    }
    float v = (float) ((transmitted - received) * 100.0 / transmitted);
    if (v == 0) {
      return "0";
    }
    BigDecimal d = new BigDecimal(Float.toString(v))
        .round(new MathContext(6, RoundingMode.HALF_EVEN));
    int exp = d.precision() - d.scale() - 1;
    if (exp < -4 || exp >= 6) {
      String m = d.movePointLeft(exp).stripTrailingZeros().toPlainString();
      return m + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
    }
    return d.stripTrailingZeros().toPlainString();
  }

  /** iputils' summary number: milliseconds with 3 decimals. */
  public static String ms3(double ns) {
    long us = Math.round(ns / 1000.0);
    return String.format(Locale.ROOT, "%d.%03d", us / 1000, us % 1000);
  }

  /**
   * iputils ping's summary line numbers from the replies' round trips, computed as ping computes
   * them (ping_common.c finish_up): each trip time in whole microseconds (truncated, the same
   * value its per-reply line prints), min and max of those, avg = sum / n and mdev =
   * llsqrt(sum2 / n - avg^2) in integer microseconds, printed as {@code ms.uuu}. The per-reply
   * lines and the summary therefore agree exactly, as ping's do.
   */
  public static String pingSummary(List<Long> rttNs) {
    long min = Long.MAX_VALUE;
    long max = 0;
    long sum = 0;
    long sum2 = 0;
    for (long ns : rttNs) {
      long us = ns / 1000;
      min = Math.min(min, us);
      max = Math.max(max, us);
      sum += us;
      sum2 += us * us;
    }
    long n = rttNs.size();
    long avg = sum / n;
    long mdev = isqrt(sum2 / n - avg * avg);
    return us3(min) + "/" + us3(avg) + "/" + us3(max) + "/" + us3(mdev);
  }

  private static String us3(long us) {
    return String.format(Locale.ROOT, "%d.%03d", us / 1000, us % 1000);
  }

  /** Integer square root, rounded down (ping's llsqrt). */
  static long isqrt(long a) {
    if (a <= 0) {
      return 0;
    }
    long x = (long) Math.sqrt((double) a);
    while (x * x > a) {
      x--;
    }
    while ((x + 1) * (x + 1) <= a) {
      x++;
    }
    return x;
  }
}
