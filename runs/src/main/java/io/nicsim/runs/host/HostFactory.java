package io.nicsim.runs.host;

import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.MacModel;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Makes host components. The command uses {@link NicsimHost#FACTORY}; tests pass a component
 * that lists core's example MAC instead.
 */
@FunctionalInterface
public interface HostFactory {

  /** A component for one host; {@code host()} builds it (and may refuse the config). */
  HostComponent create(HostConfig config);

  /** The MAC models this factory's component knows, sorted by name. */
  default SortedMap<String, MacModel> macModels() {
    return new TreeMap<>(create(HostConfig.of("-", "-")).macModels().byName());
  }
}
