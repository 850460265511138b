package io.nicsim.core.portexec;

import io.nicsim.core.dim.DimHarnesses;
import io.nicsim.core.net.DqlHarnesses;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/** core's harnesses for {@code port-check --execute}: lib/dim and lib/dynamic_queue_limits.c. */
public final class CoreHarnesses implements PortHarnessProvider {
  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> all = new ArrayList<>(DimHarnesses.all());
    all.addAll(DqlHarnesses.all());
    return all;
  }
}
