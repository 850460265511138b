package io.nicsim.tcp.stack;

import io.nicsim.core.config.BadInputException;

/**
 * The network between the sending host's link partner and the receiver.
 *
 * @param bottleneckBps rate of the bottleneck link after the host's own link; 0 = none (the
 *     host's link is the bottleneck)
 * @param bufferPackets bottleneck buffer in packets (0 = use bufferBytes)
 * @param bufferBytes bottleneck buffer in bytes of frame length (0 = use bufferPackets)
 * @param lossRate probability that a data frame is dropped at random, [0, 1)
 * @param forwardDelayNs one-way delay from the bottleneck to the receiver
 * @param reverseDelayNs one-way delay of ACKs back to the host's link
 * @param mss receiver's advertised MSS
 * @param receiveWindow receiver's (scaled) window, bytes; large so it never limits
 * @param receiverHz receiver kernel's HZ (delayed-ACK timer resolution)
 * @param groFlushNs receiver GRO: idle gap that ends a batch of merged segments, 0 = no GRO
 * @param burstBytes the bottleneck as sch_tbf's token bucket of this many bytes (a frame leaves
 *     at once while the bucket holds its length, else when the rate has refilled it); 0 = a
 *     link that serialises every frame at its rate
 */
public record PathConfig(
    long bottleneckBps,
    int bufferPackets,
    long bufferBytes,
    double lossRate,
    long forwardDelayNs,
    long reverseDelayNs,
    int mss,
    int receiveWindow,
    int receiverHz,
    long groFlushNs,
    long burstBytes) {

  public PathConfig {
    if (bottleneckBps < 0) {
      throw BadInputException.field("path.bottleneck", bottleneckBps + " bit/s", ">= 0");
    }
    if (bufferPackets < 0 || bufferBytes < 0) {
      throw BadInputException.field("path.buffer", "negative", ">= 0 packets or bytes");
    }
    if (!(lossRate >= 0 && lossRate < 1)) {
      throw BadInputException.field("path.loss", String.valueOf(lossRate), "0 <= loss < 1");
    }
    if (forwardDelayNs < 0 || reverseDelayNs < 0) {
      throw BadInputException.field("path.rtt", "negative delay", ">= 0");
    }
    if (mss < 88 || mss > 65495) {
      throw BadInputException.field("path.mss", String.valueOf(mss), "88..65495");
    }
    if (receiverHz != 100 && receiverHz != 250 && receiverHz != 300 && receiverHz != 1000) {
      throw BadInputException.field("path.receiver_hz", String.valueOf(receiverHz),
          "100, 250, 300, 1000");
    }
    if (groFlushNs < 0) {
      throw BadInputException.field("path.gro_flush", groFlushNs + " ns", ">= 0");
    }
    if (burstBytes < 0 || (burstBytes > 0 && bottleneckBps == 0)) {
      throw BadInputException.field("path.burst", burstBytes + " bytes",
          "0, or > 0 with a bottleneck rate");
    }
  }

  /**
   * A path with the given RTT (split evenly), bottleneck and buffer in packets; no loss, MSS
   * 1448, a 64 MB window, HZ=1000 receiver, no GRO.
   */
  public static PathConfig of(long rttNs, long bottleneckBps, int bufferPackets) {
    return new PathConfig(bottleneckBps, bufferPackets, 0, 0, rttNs / 2, rttNs - rttNs / 2,
        1448, 64 << 20, 1000, 0, 0);
  }

  public PathConfig withLoss(double p) {
    return new PathConfig(bottleneckBps, bufferPackets, bufferBytes, p, forwardDelayNs,
        reverseDelayNs, mss, receiveWindow, receiverHz, groFlushNs, burstBytes);
  }

  public PathConfig withBufferBytes(long bytes) {
    return new PathConfig(bottleneckBps, 0, bytes, lossRate, forwardDelayNs, reverseDelayNs,
        mss, receiveWindow, receiverHz, groFlushNs, burstBytes);
  }

  public PathConfig withGro(long flushNs) {
    return new PathConfig(bottleneckBps, bufferPackets, bufferBytes, lossRate, forwardDelayNs,
        reverseDelayNs, mss, receiveWindow, receiverHz, flushNs, burstBytes);
  }

  public PathConfig withBurst(long bytes) {
    return new PathConfig(bottleneckBps, bufferPackets, bufferBytes, lossRate, forwardDelayNs,
        reverseDelayNs, mss, receiveWindow, receiverHz, groFlushNs, bytes);
  }

  /** Round trip of the path alone (no link, no queueing). */
  public long baseRttNs() {
    return forwardDelayNs + reverseDelayNs;
  }
}
