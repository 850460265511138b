package io.nicsim.core.host;

import java.util.List;

/**
 * What a jar lists in {@code META-INF/services/io.nicsim.core.host.PortBridgeProvider}: the
 * bridges of its ports, found with {@link java.util.ServiceLoader} as harnesses are.
 */
public interface PortBridgeProvider {

  List<PortBridge> bridges();
}
