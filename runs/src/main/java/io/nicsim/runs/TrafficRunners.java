package io.nicsim.runs;

import io.nicsim.core.config.BadInputException;
import io.nicsim.runs.traffic.TcpBulkSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import java.util.List;

/** The traffic runners nicsim ships. */
public final class TrafficRunners {
  private TrafficRunners() {}

  /** UDP flood, ping, TCP bulk on tcp-model, and both into the host (iperf3 -R). */
  public static List<TrafficRunner> standard() {
    return List.of(new UdpFloodRunner(), new PingRunner(), new TcpBulkRunner(),
        new UdpReverseRunner(), new TcpReverseRunner());
  }

  /** The first runner that accepts {@code spec}; a refusal names the kinds available. */
  public static TrafficRunner find(List<TrafficRunner> runners, TrafficSpec spec) {
    for (TrafficRunner r : runners) {
      if (r.accepts(spec)) {
        return r;
      }
    }
    if (spec instanceof TcpBulkSpec) {
      throw BadInputException.field("--traffic", "TCP flows need tcp-model's runner, which this"
          + " build does not have", "iperf3 -u … (UDP) or ping …");
    }
    throw BadInputException.field("--traffic", "no runner for " + spec.kind() + " traffic",
        "iperf3 -u … or ping …");
  }
}
