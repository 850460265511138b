package io.nicsim.core.era;

import io.nicsim.core.config.BadInputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kernel release: the mainline release {@code vMAJOR.MINOR} (sublevel 0) or a stable point
 * release {@code vMAJOR.MINOR.SUBLEVEL} of that line. A stable release contains its mainline
 * release plus the backports its line received up to that sublevel ({@link PatchCatalog}).
 */
public record KernelVersion(int major, int minor, int sublevel)
    implements Comparable<KernelVersion> {
  private static final Pattern FORM =
      Pattern.compile("v?([0-9]{1,2})\\.([0-9]{1,3})(?:\\.([0-9]{1,4}))?");

  public KernelVersion {
    if (major < 2 || major > 99 || minor < 0 || minor > 999 || sublevel < 0 || sublevel > 9999) {
      throw new IllegalArgumentException(
          "kernel version out of range: " + major + "." + minor + "." + sublevel);
    }
  }

  /**
   * Parses {@code v6.7}, {@code 6.7}, {@code v6.1.192} or {@code 6.1.192} ({@code v5.4.0} is the
   * mainline release), refusing versions nicsim does not know ({@link KernelLines#check}).
   */
  public static KernelVersion parse(String text) {
    KernelVersion v = parseUnchecked(text, "--kernel");
    KernelLines.check(v, text);
    return v;
  }

  /** The same forms as {@link #parse}, without the known-release check (annotation ranges). */
  public static KernelVersion parseUnchecked(String text, String field) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw BadInputException.field(
          field, "'" + text + "' is not a kernel version", "vMAJOR.MINOR or vMAJOR.MINOR.SUBLEVEL,"
              + " e.g. v6.7 or v6.1.192");
    }
    int major = Integer.parseInt(m.group(1));
    if (major < 2) {
      throw BadInputException.field(field, "'" + text + "' is too old", "v2.6 or newer");
    }
    int sublevel = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
    return new KernelVersion(major, Integer.parseInt(m.group(2)), sublevel);
  }

  public static KernelVersion of(int major, int minor) {
    return new KernelVersion(major, minor, 0);
  }

  public static KernelVersion of(int major, int minor, int sublevel) {
    return new KernelVersion(major, minor, sublevel);
  }

  /** A stable point release ({@code v6.1.192}), not the mainline release. */
  public boolean isStable() {
    return sublevel > 0;
  }

  /** The mainline release this one belongs to ({@code v6.1} for {@code v6.1.192}). */
  public KernelVersion mainline() {
    return sublevel == 0 ? this : new KernelVersion(major, minor, 0);
  }

  /** Whether both are releases of the same {@code MAJOR.MINOR} line. */
  public boolean sameLine(KernelVersion o) {
    return major == o.major && minor == o.minor;
  }

  public boolean atLeast(KernelVersion other) {
    return compareTo(other) >= 0;
  }

  public boolean before(KernelVersion other) {
    return compareTo(other) < 0;
  }

  @Override
  public int compareTo(KernelVersion o) {
    if (major != o.major) {
      return Integer.compare(major, o.major);
    }
    return minor != o.minor ? Integer.compare(minor, o.minor) : Integer.compare(sublevel, o.sublevel);
  }

  @Override
  public String toString() {
    return "v" + major + "." + minor + (sublevel == 0 ? "" : "." + sublevel);
  }
}
