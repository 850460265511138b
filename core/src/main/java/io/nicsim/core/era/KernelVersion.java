package io.nicsim.core.era;

import io.nicsim.core.config.BadInputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A mainline kernel version {@code vMAJOR.MINOR}; stable point releases are not told apart. */
public record KernelVersion(int major, int minor) implements Comparable<KernelVersion> {
  private static final Pattern FORM = Pattern.compile("v?([0-9]{1,2})\\.([0-9]{1,3})(\\.[0-9]+)?");

  public KernelVersion {
    if (major < 2 || major > 99 || minor < 0 || minor > 999) {
      throw new IllegalArgumentException("kernel version out of range: " + major + "." + minor);
    }
  }

  /** Parses {@code v6.7}, {@code 6.7} or {@code v5.4.0}. */
  public static KernelVersion parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw BadInputException.field(
          "--kernel", "'" + text + "' is not a kernel version", "vMAJOR.MINOR, e.g. v6.7");
    }
    int major = Integer.parseInt(m.group(1));
    if (major < 2) {
      throw BadInputException.field("--kernel", "'" + text + "' is too old", "v2.6 or newer");
    }
    return new KernelVersion(major, Integer.parseInt(m.group(2)));
  }

  public static KernelVersion of(int major, int minor) {
    return new KernelVersion(major, minor);
  }

  public boolean atLeast(KernelVersion other) {
    return compareTo(other) >= 0;
  }

  public boolean before(KernelVersion other) {
    return compareTo(other) < 0;
  }

  @Override
  public int compareTo(KernelVersion o) {
    return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
  }

  @Override
  public String toString() {
    return "v" + major + "." + minor;
  }
}
