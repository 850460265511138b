package io.nicsim.studies.explore;

import io.nicsim.core.check.Liveness;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Findings of one perturbed run as text: each stranded spell or failure is a line keyed by
 * what kind of finding it is (so the same race in two runs counts once), with its times.
 */
public final class Findings {
  private Findings() {}

  /** One finding of one run. */
  public record Hit(String key, long startNs, long strandedNs, long heldNs, String state) {

    String encode() {
      return key + "\t" + startNs + "\t" + strandedNs + "\t" + heldNs + "\t" + state;
    }

    static Hit decode(String s) {
      String[] f = s.split("\t", 5);
      return new Hit(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
          f[4]);
    }
  }

  /** The key of a spell: its component and whether it was dead or rescued. */
  public static String key(Liveness.Episode e) {
    return e.component() + (e.dead() ? " dead (stranded, nothing pending, no transmit)"
        : " stranded (nothing would clean it until a later transmit)");
  }

  /** The key of a failed run: its message without numbers (times and counts differ). */
  public static String failureKey(String message) {
    String m = message.replaceAll("[0-9]+(\\.[0-9]+)?", "N");
    return "failure: " + (m.length() > 160 ? m.substring(0, 160) + "…" : m);
  }

  public static List<Hit> of(List<Liveness.Episode> episodes, String failure, long endNs) {
    List<Hit> out = new ArrayList<>();
    for (Liveness.Episode e : episodes) {
      out.add(new Hit(key(e), e.startNs(), e.strandedNs(endNs), e.heldNs(endNs),
          e.state().replace('\t', ' ').replace('\n', ' ')));
    }
    if (failure != null) {
      out.add(new Hit(failureKey(failure), endNs, 0, 0, failure.replace('\t', ' ')
          .replace('\n', ' ')));
    }
    return out;
  }

  static String encode(List<Hit> hits) {
    StringBuilder sb = new StringBuilder();
    for (Hit h : hits) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(h.encode());
    }
    return sb.toString();
  }

  static List<Hit> decode(String s) {
    List<Hit> out = new ArrayList<>();
    if (s == null || s.isEmpty()) {
      return out;
    }
    for (String line : s.split("\n")) {
      out.add(Hit.decode(line));
    }
    return out;
  }

  /** Seconds with microseconds, as ftrace prints them. */
  public static String seconds(long ns) {
    return String.format(Locale.ROOT, "%d.%06d", ns / 1_000_000_000L, (ns / 1000) % 1_000_000);
  }

  /** A duration in the unit that reads best. */
  public static String duration(long ns) {
    if (ns >= 1_000_000_000L) {
      return String.format(Locale.ROOT, "%.2f s", ns / 1e9);
    }
    if (ns >= 1_000_000L) {
      return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
    }
    return String.format(Locale.ROOT, "%.1f us", ns / 1e3);
  }
}
