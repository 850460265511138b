package io.nicsim.portcheck;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kernel release as port-check compares them: mainline {@code vMAJOR.MINOR} (sublevel 0) or a
 * stable point release {@code vMAJOR.MINOR.SUBLEVEL}. port-check reads versions from
 * annotations and tree Makefiles only, so it keeps its own small type rather than the
 * simulator's (which also knows which stable lines nicsim models).
 */
public record KernelRelease(int major, int minor, int sublevel)
    implements Comparable<KernelRelease> {
  private static final Pattern FORM =
      Pattern.compile("v?([0-9]{1,2})\\.([0-9]{1,3})(?:\\.([0-9]{1,4}))?");

  /** {@code v6.7}, {@code 6.7}, {@code v6.1.192}, {@code 6.1.192}; empty if not one of those. */
  public static Optional<KernelRelease> parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    return of(m, true);
  }

  /** The release a Makefile's {@code VERSION.PATCHLEVEL.SUBLEVEL} starts with ({@code 6.17.0-rc3}). */
  public static Optional<KernelRelease> ofMakefile(String makefileVersion) {
    Matcher m = FORM.matcher(makefileVersion);
    return m.lookingAt() ? of(m, false) : Optional.empty();
  }

  private static Optional<KernelRelease> of(Matcher m, boolean whole) {
    int major = Integer.parseInt(m.group(1));
    if (major < 2) {
      return Optional.empty();
    }
    int sublevel = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
    return Optional.of(new KernelRelease(major, Integer.parseInt(m.group(2)), sublevel));
  }

  /** A stable point release ({@code v6.1.192}), not the mainline release. */
  public boolean isStable() {
    return sublevel > 0;
  }

  /** The mainline release of this one's line ({@code v6.1} for {@code v6.1.192}). */
  public KernelRelease mainline() {
    return sublevel == 0 ? this : new KernelRelease(major, minor, 0);
  }

  public boolean before(KernelRelease other) {
    return compareTo(other) < 0;
  }

  @Override
  public int compareTo(KernelRelease o) {
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
