package io.nicsim.core.port.exec;

import java.util.List;

/**
 * One ported kernel function compiled from a tree (its harness's program, built as a shared
 * library) and called in the simulation's own process: what runs in place of the Java port
 * under {@code --ports c}. An instance belongs to one thread; {@link #call} reuses its output
 * record.
 */
public interface NativePort {

  /** The C file, as the port's {@code @KernelPort} names it. */
  String file();

  /** The C function. */
  String function();

  /** {@code file function}, as port-check labels it. */
  default String label() {
    return file() + " " + function();
  }

  /** The input record's length (the harness's fields). */
  int inputs();

  /**
   * Runs the function on one input record (the harness's layout).
   *
   * @throws NativeFailure when the C dies of a signal or does not return within the bound
   */
  NativeOut call(long[] in);

  /**
   * The same call on the first {@code words} words of {@code in}: a record whose tail is as long
   * as the call needs (a ring window in the loop), which may be longer than {@link #inputs()}.
   * Only those words are copied to the C; it reads no further.
   */
  default NativeOut call(long[] in, int words) {
    return call(in);
  }

  /**
   * The calls so far that took the last call's output again, their record equal to its word
   * for word (a compiled port keeps it: the C, deterministic, prints the same tokens on the
   * same record); 0 for a port that keeps none.
   */
  default long reused() {
    return 0;
  }

  /**
   * The same call, its output as port-check's text record (for reports, never the hot path).
   * The C gets every word of {@code in}: a record as a call log keeps it (cut to the words its
   * call read, answers or a ring window past the fields included) prints what that call gave.
   */
  String text(long[] in);

  /** The harness's input fields (their names, for reports). */
  List<InputField> fields();

  /** Other functions of the tree compiled into this one's program and run inside it. */
  List<String> inside();
}
