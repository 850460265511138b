package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;

/**
 * How a congestion module's jar hooks a host's C into a new connection's module
 * ({@code --ports c}): a socket is made after the host is built, so the module takes the C the
 * host installed when the connection opens. Found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.nicsim.tcp.CongestionBridge}), as the modules themselves are.
 */
public interface CongestionBridge {

  /**
   * Runs each entry point of {@code ca} the host installed as C from now on, when {@code ca} is
   * this jar's module; false when it is not.
   */
  boolean attach(CongestionOps ca, InLoopPorts ports);
}
