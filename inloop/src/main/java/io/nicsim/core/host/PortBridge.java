package io.nicsim.core.host;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * How one ported function's Java body is replaced by its tree's C in a live simulation
 * ({@code --ports c}): the inverse of the function's executed harness. {@link #install} sets a
 * hook on the objects that own the port; from then on every call of the Java method captures the
 * live state into the harness's input record, runs the C ({@link NativePort#call}) and applies
 * its output record: the fields it wrote to the live objects, the calls it made
 * ({@code hrtimer_start}, {@code napi_schedule}, register writes …) through the same kernel model
 * the Java calls, and the model's own bookkeeping the Java method does beside the C (its
 * counters, its CPU charges).
 */
public interface PortBridge {

  /** The C file, as the port's {@code @KernelPort} and harness name it. */
  String file();

  /** The C function. */
  String function();

  /** {@code file function}. */
  default String label() {
    return file() + " " + function();
  }

  /**
   * Hooks {@code c} in place of the Java port on this host's objects.
   *
   * @return false when the host has no such port to replace (another MAC, or an era whose code
   *     does not call it), then nothing was changed
   */
  boolean install(BridgeSite site, NativePort c);

  /**
   * Whether this bridge is installed before the host's driver is built ({@link #install} then
   * gets a site without a driver): a function the driver's probe calls, whose hook the probe
   * finds on the host's kernel or device (or binds to the driver's objects as it makes them).
   */
  default boolean beforeBuild() {
    return false;
  }

  /**
   * The failure of a token the bridge cannot apply (a call the patched C makes that nicsim does
   * not model, a field it does not know), naming the token as port-check prints it and the input.
   */
  static NativeFailure cannotApply(NativePort c, long[] in,
      NativeOut out) {
    return NativeFailure.cannotApply(c, in, out);
  }

  /**
   * The errno of a C function's negative return, or the run's failure naming the function and
   * its input where nicsim has no {@link Errno} of that number.
   */
  static Errno errno(NativePort c, long[] in, long ret) {
    for (Errno e : Errno.values()) {
      if (e.number() == -ret) {
        return e;
      }
    }
    throw new NativeFailure(c.function() + "'s C returned " + ret + ", an errno nicsim does"
        + " not know: input " + NativeFailure.record(c, in));
  }

  /** An input record as {@code name=value} pairs, for messages. */
  static String record(NativePort c, long[] in) {
    return NativeFailure.record(c, in);
  }
}
