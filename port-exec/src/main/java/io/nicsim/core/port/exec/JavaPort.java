package io.nicsim.core.port.exec;

/**
 * The Java port of one function, set up as one kernel release behaves, run on one input record.
 * It returns the output record in the format the harness's C driver prints ({@link Out}).
 */
@FunctionalInterface
public interface JavaPort {

  /** Runs the port on {@code in} (one value per {@link PortHarness#inputs()} field). */
  String run(long[] in);
}
