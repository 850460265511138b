package io.nicsim.portcheck;

/**
 * What port-check concluded about one ported function. Anything but {@code OK} and
 * {@code OUT_OF_RANGE} is drift.
 */
public enum PortState {
  /** In its recorded file, same normalised text as the lock records. */
  OK,
  /** In its recorded file, but its normalised text differs from the lock's. */
  CHANGED,
  /** Not in its recorded file but once under that file's directory: the annotation is stale. */
  MOVED,
  /** Nowhere in the recorded file or its directory. */
  MISSING,
  /** Defined several times (different {@code #ifdef} branches, or several files). */
  AMBIGUOUS,
  /** Found once, but the lock has no hash for it yet: review the port, then {@code --update}. */
  NEW,
  /**
   * Not in the tree, and the tree's version lies outside the annotation's {@code versions}: the
   * function does not exist in that release, as the annotation says. Not drift.
   */
  OUT_OF_RANGE
}
