package io.nicsim.portcheck;

/** What running a ported function's C beside its Java port concluded. */
public enum ExecState {
  /** Every input gave the same output record on both sides. */
  SAME,
  /** Some input gave different records; the result holds the smallest one found. */
  DIFFERS,
  /** Not executed: the reason says why (absent from the tree, no harness, does not compile …). */
  NOT_RUN
}
