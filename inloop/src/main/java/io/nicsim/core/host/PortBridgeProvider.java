package io.nicsim.core.host;

import java.util.List;
import java.util.Map;

/**
 * What a jar lists in {@code META-INF/services/io.nicsim.core.host.PortBridgeProvider}: the
 * bridges of its ports, found with {@link java.util.ServiceLoader} as harnesses are.
 */
public interface PortBridgeProvider {

  List<PortBridge> bridges();

  /**
   * The module's functions that have an executed harness and no bridge, by label
   * ({@code file function}), each with why it stays Java under {@code --ports c}: what a run's
   * header and the README say of them.
   */
  default Map<String, String> notBridged() {
    return Map.of();
  }

  /** Puts {@code functions} of {@code file} into {@code into} with {@code reason}. */
  static Map<String, String> reason(Map<String, String> into, String file, String reason,
      String... functions) {
    for (String f : functions) {
      into.put(file + " " + f, reason);
    }
    return into;
  }
}
