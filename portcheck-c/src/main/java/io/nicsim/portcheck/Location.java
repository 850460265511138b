package io.nicsim.portcheck;

import java.util.List;

/**
 * Where a ported function was found in a tree.
 *
 * @param kind what the search concluded
 * @param definitions the definitions found: one for {@code FOUND} and {@code MOVED}, several
 *     for {@code AMBIGUOUS}, none for {@code MISSING}
 * @param detail why, for {@code MISSING}; empty otherwise
 */
public record Location(Kind kind, List<CFunction> definitions, String detail) {

  public enum Kind {
    /** Exactly one definition, in the recorded file. */
    FOUND,
    /** Not in the recorded file; exactly one definition elsewhere under its directory. */
    MOVED,
    /** No definition in the recorded file nor under its directory. */
    MISSING,
    /** Several definitions (e.g. under different {@code #ifdef}s, or in several files). */
    AMBIGUOUS
  }

  public Location {
    definitions = List.copyOf(definitions);
  }

  /** The single definition of a {@code FOUND} or {@code MOVED} location. */
  public CFunction definition() {
    if (definitions.size() != 1) {
      throw new IllegalStateException(kind + " has " + definitions.size() + " definitions");
    }
    return definitions.get(0);
  }

  public boolean isUnique() {
    return definitions.size() == 1;
  }
}
