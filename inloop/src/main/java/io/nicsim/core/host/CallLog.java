package io.nicsim.core.host;

import io.nicsim.core.port.exec.NativeOut;

/**
 * Every call a host makes to its bridged functions, in order: what an equivalence check compares
 * between a run on the tree's C and the same run on the Java ports.
 */
public interface CallLog {

  /**
   * One call: when, which function, its input record and its output record (read it now: the
   * port reuses it).
   */
  void record(long timeNs, String label, long[] in, NativeOut out);
}
