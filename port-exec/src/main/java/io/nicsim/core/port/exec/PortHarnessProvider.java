package io.nicsim.core.port.exec;

import java.util.List;

/**
 * What a jar lists in {@code META-INF/services/io.nicsim.core.port.exec.PortHarnessProvider}:
 * the harnesses of its ports. {@code port-check --execute} finds every provider on the class path
 * with {@link java.util.ServiceLoader}, exactly as it finds {@code @KernelPort} annotations.
 */
public interface PortHarnessProvider {

  /** The harnesses this jar ships. */
  List<PortHarness> harnesses();
}
