package io.nicsim.bench.portcheck;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code @KernelPort} {@code versions} range, {@code "vA.B..vC.D"} (inclusive) or a single
 * version; an annotation may give several, comma-separated ({@code "v6.1.60..v6.1, v6.6..v6.17"}:
 * a stable line's backport, then mainline). Either end may be a stable release ({@code v6.12.31..v6.17}: a function a stable line
 * received as a backport). A mainline upper end covers that release's stable updates too
 * ({@code ..v6.17} includes 6.17.5).
 */
record VersionRange(KernelVersion from, KernelVersion to) {
  private static final Pattern TREE_VERSION = Pattern.compile("([0-9]+)\\.([0-9]+)(?:\\.([0-9]+))?");

  /** The range, or empty when the text is not one (it is then no reason to skip a port). */
  static Optional<VersionRange> parse(String text) {
    String[] ends = text.trim().split("\\.\\.", -1);
    if (ends.length > 2) {
      return Optional.empty();
    }
    try {
      KernelVersion from = KernelVersion.parseUnchecked(ends[0], "versions");
      KernelVersion to =
          ends.length == 1 ? from : KernelVersion.parseUnchecked(ends[1], "versions");
      return Optional.of(new VersionRange(from, to));
    } catch (BadInputException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The version a tree's Makefile states ({@code 6.12.117}, {@code 6.17.0-rc3}), if readable. */
  static Optional<KernelVersion> ofTree(String makefileVersion) {
    Matcher m = TREE_VERSION.matcher(makefileVersion);
    if (!m.lookingAt()) {
      return Optional.empty();
    }
    try {
      int sublevel = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
      return Optional.of(
          KernelVersion.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), sublevel));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  boolean contains(KernelVersion v) {
    if (v.before(from)) {
      return false;
    }
    return to.isStable() ? !to.before(v) : !to.before(v.mainline());
  }

  /**
   * Whether a tree lies outside every range a port's annotations give. A port whose ranges
   * cannot be read is never outside.
   */
  static boolean outsideAll(List<String> versions, KernelVersion tree) {
    boolean any = false;
    for (String text : versions) {
      for (String one : text.split(",")) {
        Optional<VersionRange> r = parse(one);
        if (r.isEmpty() || r.get().contains(tree)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** Every range in the annotations' texts ({@code "v6.1.60..v6.1, v6.6..v6.17"} holds two). */
  static List<VersionRange> all(List<String> versions) {
    return versions.stream()
        .flatMap(t -> java.util.Arrays.stream(t.split(",")))
        .map(VersionRange::parse)
        .flatMap(Optional::stream)
        .toList();
  }
}
