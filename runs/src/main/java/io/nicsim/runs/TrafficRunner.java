package io.nicsim.runs;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.host.Host;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import java.util.List;

/**
 * Turns a {@link TrafficSpec} into applications and far-end peers on a host. nicsim ships
 * runners for UDP floods and ping; tcp-model contributes the TCP bulk runner (one entry in
 * {@link TrafficRunners#standard()}).
 */
public interface TrafficRunner {

  /** Whether this runner drives {@code spec}. */
  boolean accepts(TrafficSpec spec);

  /**
   * Installs the traffic on a freshly built host (nothing has run yet): applications on
   * {@code host.appCore()}, receivers behind {@code path} on {@code host.peer()}. The sender
   * starts at time 0 and stops after {@code spec.omitNs() + spec.durationNs()}.
   */
  TrafficRun start(Host host, TrafficSpec spec, PathSpec path);

  /** The traffic kind as {@code nicsim list socs} names it ({@code udp}, {@code ping}, …). */
  default String kind() {
    return getClass().getSimpleName();
  }

  /**
   * The costs this traffic charges beyond the kernel's own (a SoC profile that lacks one cannot
   * run it); {@code nicsim list socs} reads them.
   */
  default List<CostOp> costs() {
    return List.of();
  }
}
