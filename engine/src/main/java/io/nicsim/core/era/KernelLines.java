package io.nicsim.core.era;

import io.nicsim.core.config.BadInputException;
import java.util.List;
import java.util.StringJoiner;

/**
 * The kernels nicsim knows: mainline releases up to {@link #NEWEST_MAINLINE}, and the stable
 * point releases of the long-term lines whose backports the patch catalogs record (up to the
 * newest release of each line that was read). A version outside them is refused rather than
 * silently run as something else.
 */
public final class KernelLines {
  private KernelLines() {}

  /** The newest mainline release a catalog entry records (stmmac edceeba4af3d, v7.2). */
  public static final KernelVersion NEWEST_MAINLINE = KernelVersion.of(7, 2);

  /**
   * A long-term stable line and the newest release of it whose content was checked.
   *
   * @param newest newest stable release read, e.g. {@code v6.1.192}
   * @param source where a reader gets that release's source
   */
  public record Line(KernelVersion newest, String source) {
    public KernelVersion mainline() {
      return newest.mainline();
    }

    public String name() {
      return newest.major() + "." + newest.minor() + ".y";
    }
  }

  /** Lines whose backports the catalogs record, oldest first. */
  public static final List<Line> LTS =
      List.of(
          new Line(KernelVersion.of(6, 1, 192), "Debian bookworm package linux-source-6.1 (6.1.192)"),
          new Line(
              // 6.12.118 changes two ported functions only, dequeue_skb and
              // try_bulk_dequeue_skb, to cap a tc-BPF-changed queue mapping: nicsim's qdiscs never
              // change one, so the model's decisions are those of 6.12.117 (port-lock.json)
              KernelVersion.of(6, 12, 118),
              "Debian package linux-source-6.12 (6.12.118, bookworm-backports / trixie)"),
          new Line(
              KernelVersion.of(6, 18, 19),
              "6952350/linux-6.18.y@f3fce0151d4854504d6b04b806d9fd903f130998 (a 6.18.19 tree)"));

  /** The line a stable release belongs to, or null. */
  public static Line lineOf(KernelVersion v) {
    for (Line l : LTS) {
      if (l.newest().sameLine(v)) {
        return l;
      }
    }
    return null;
  }

  /** Refuses a version past the newest known mainline, or a stable release nicsim cannot tell. */
  static void check(KernelVersion v, String text) {
    if (v.mainline().compareTo(NEWEST_MAINLINE) > 0) {
      throw BadInputException.field(
          "--kernel", "'" + text + "' is newer than the newest kernel nicsim knows", accepted());
    }
    if (!v.isStable()) {
      return;
    }
    Line line = lineOf(v);
    if (line == null) {
      throw BadInputException.field(
          "--kernel", "'" + text + "' is a stable release of a line whose backports nicsim does"
              + " not record", accepted());
    }
    if (v.compareTo(line.newest()) > 0) {
      throw BadInputException.field(
          "--kernel", "'" + text + "' is newer than the newest " + line.name() + " release nicsim"
              + " knows", accepted());
    }
  }

  /** {@code v2.6..v7.2 (mainline), v6.1.1..v6.1.192, v6.12.1..v6.12.118, v6.18.1..v6.18.19}. */
  public static String accepted() {
    StringJoiner j = new StringJoiner(", ");
    j.add("v2.6.." + NEWEST_MAINLINE + " (mainline)");
    for (Line l : LTS) {
      j.add(l.mainline() + ".1.." + l.newest() + " (" + l.name() + ")");
    }
    return j.toString();
  }
}
