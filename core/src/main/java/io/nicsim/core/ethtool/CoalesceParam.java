package io.nicsim.core.ethtool;

import io.nicsim.core.config.BadInputException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The fields of {@code struct ethtool_coalesce}, with their {@code ETHTOOL_COALESCE_*} bit
 * (include/linux/ethtool.h) and the name {@code ethtool -C} uses for them.
 */
public enum CoalesceParam {
  RX_USECS(0, "rx-usecs", Kind.USECS),
  RX_MAX_FRAMES(1, "rx-frames", Kind.COUNT),
  RX_USECS_IRQ(2, "rx-usecs-irq", Kind.USECS),
  RX_MAX_FRAMES_IRQ(3, "rx-frames-irq", Kind.COUNT),
  TX_USECS(4, "tx-usecs", Kind.USECS),
  TX_MAX_FRAMES(5, "tx-frames", Kind.COUNT),
  TX_USECS_IRQ(6, "tx-usecs-irq", Kind.USECS),
  TX_MAX_FRAMES_IRQ(7, "tx-frames-irq", Kind.COUNT),
  STATS_BLOCK_USECS(8, "stats-block-usecs", Kind.USECS),
  USE_ADAPTIVE_RX(9, "adaptive-rx", Kind.BOOL),
  USE_ADAPTIVE_TX(10, "adaptive-tx", Kind.BOOL),
  PKT_RATE_LOW(11, "pkt-rate-low", Kind.COUNT),
  RX_USECS_LOW(12, "rx-usecs-low", Kind.USECS),
  RX_MAX_FRAMES_LOW(13, "rx-frames-low", Kind.COUNT),
  TX_USECS_LOW(14, "tx-usecs-low", Kind.USECS),
  TX_MAX_FRAMES_LOW(15, "tx-frames-low", Kind.COUNT),
  PKT_RATE_HIGH(16, "pkt-rate-high", Kind.COUNT),
  RX_USECS_HIGH(17, "rx-usecs-high", Kind.USECS),
  RX_MAX_FRAMES_HIGH(18, "rx-frames-high", Kind.COUNT),
  TX_USECS_HIGH(19, "tx-usecs-high", Kind.USECS),
  TX_MAX_FRAMES_HIGH(20, "tx-frames-high", Kind.COUNT),
  RATE_SAMPLE_INTERVAL(21, "sample-interval", Kind.COUNT);

  /** How ethtool's command line spells a value of this field. */
  public enum Kind {
    /** microseconds; a bare number is µs, a number with a unit is converted. */
    USECS,
    /** a plain count. */
    COUNT,
    /** on / off. */
    BOOL
  }

  /** ETHTOOL_COALESCE_USECS: rx and tx usecs. */
  public static final int USECS = RX_USECS.bit() | TX_USECS.bit();
  /** ETHTOOL_COALESCE_MAX_FRAMES: rx and tx max frames. */
  public static final int MAX_FRAMES = RX_MAX_FRAMES.bit() | TX_MAX_FRAMES.bit();
  /** ETHTOOL_COALESCE_USECS_IRQ. */
  public static final int USECS_IRQ = RX_USECS_IRQ.bit() | TX_USECS_IRQ.bit();
  /** ETHTOOL_COALESCE_MAX_FRAMES_IRQ. */
  public static final int MAX_FRAMES_IRQ = RX_MAX_FRAMES_IRQ.bit() | TX_MAX_FRAMES_IRQ.bit();
  /** ETHTOOL_COALESCE_USE_ADAPTIVE. */
  public static final int USE_ADAPTIVE = USE_ADAPTIVE_RX.bit() | USE_ADAPTIVE_TX.bit();

  private final int bitIndex;
  private final String cliName;
  private final Kind kind;

  CoalesceParam(int bitIndex, String cliName, Kind kind) {
    this.bitIndex = bitIndex;
    this.cliName = cliName;
    this.kind = kind;
  }

  /** The ETHTOOL_COALESCE_* mask bit. */
  public int bit() {
    return 1 << bitIndex;
  }

  /** The name {@code ethtool -C} and {@code ethtool -c} use. */
  public String cliName() {
    return cliName;
  }

  public Kind kind() {
    return kind;
  }

  /** Looks a field up by its ethtool name; unknown names are refused with the list. */
  public static CoalesceParam byCliName(String name) {
    for (CoalesceParam p : values()) {
      if (p.cliName.equals(name)) {
        return p;
      }
    }
    throw BadInputException.field(
        "ethtool -C",
        "unknown parameter '" + name + "'",
        Arrays.stream(values()).map(CoalesceParam::cliName).collect(Collectors.joining(", ")));
  }
}
