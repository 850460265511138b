package io.nicsim.core.host;

import io.nicsim.core.trace.Tracer;

/**
 * A tracer that reads the host it traces (its clock, which task each core runs and in which
 * context). Given to a host in its {@link HostConfig}, it is bound by the host itself once the
 * host is whole (the interface up, the sysfs and ethtool writes done), before anything runs,
 * so that no caller has to bind it after building and nothing can run unbound.
 */
public interface HostTracer extends Tracer {
  /** The host this tracer traces from now on; called once, at the end of the host's build. */
  void bind(Host h);
}
