package io.nicsim.portcheck;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A {@code @KernelPort} {@code versions} range, {@code "vA.B..vC.D"} (inclusive) or a single
 * version; an annotation may give several, comma-separated ({@code "v6.1.60..v6.1, v6.6..v6.17"}:
 * a stable line's backport, then mainline). Either end may be a stable release ({@code v6.12.31..v6.17}: a function a stable line
 * received as a backport). A mainline upper end covers that release's stable updates too
 * ({@code ..v6.17} includes 6.17.5).
 */
public record VersionRange(KernelRelease from, KernelRelease to) {

  /** The range, or empty when the text is not one (it is then no reason to skip a port). */
  static Optional<VersionRange> parse(String text) {
    String[] ends = text.trim().split("\\.\\.", -1);
    if (ends.length > 2) {
      return Optional.empty();
    }
    Optional<KernelRelease> from = KernelRelease.parse(ends[0]);
    Optional<KernelRelease> to = ends.length == 1 ? from : KernelRelease.parse(ends[1]);
    return from.isPresent() && to.isPresent()
        ? Optional.of(new VersionRange(from.get(), to.get()))
        : Optional.empty();
  }

  /** The version a tree's Makefile states ({@code 6.12.117}, {@code 6.17.0-rc3}), if readable. */
  static Optional<KernelRelease> ofTree(String makefileVersion) {
    return KernelRelease.ofMakefile(makefileVersion);
  }

  boolean contains(KernelRelease v) {
    if (v.before(from)) {
      return false;
    }
    return to.isStable() ? !to.before(v) : !to.before(v.mainline());
  }

  /**
   * Whether a tree lies outside every range a port's annotations give. A port whose ranges
   * cannot be read is never outside.
   */
  public static boolean outsideAll(List<String> versions, KernelRelease tree) {
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
        .flatMap(t -> Arrays.stream(t.split(",")))
        .map(VersionRange::parse)
        .flatMap(Optional::stream)
        .toList();
  }
}
