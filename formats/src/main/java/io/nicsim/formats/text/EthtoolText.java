package io.nicsim.formats.text;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ethtool -c}'s layout (netlink/coalesce.c of ethtool 6.x): a value the driver does not
 * support (and that is zero) shows as {@code n/a}, as the kernel leaves its attribute out.
 * Fields nicsim does not model (CQE mode, TX aggregation) show {@code n/a}.
 */
public final class EthtoolText {
  private EthtoolText() {}

  public static String format(String dev, EthtoolCoalesce ec, int supported,
      Map<String, Long> registers) {
    StringBuilder sb = new StringBuilder();
    sb.append("Coalesce parameters for ").append(dev).append(":\n");
    sb.append("Adaptive RX: ").append(bool(ec, supported, CoalesceParam.USE_ADAPTIVE_RX))
        .append("  TX: ").append(bool(ec, supported, CoalesceParam.USE_ADAPTIVE_TX)).append('\n');
    u32(sb, "stats-block-usecs:\t", ec, supported, CoalesceParam.STATS_BLOCK_USECS);
    u32(sb, "sample-interval:\t", ec, supported, CoalesceParam.RATE_SAMPLE_INTERVAL);
    u32(sb, "pkt-rate-low:\t\t", ec, supported, CoalesceParam.PKT_RATE_LOW);
    u32(sb, "pkt-rate-high:\t\t", ec, supported, CoalesceParam.PKT_RATE_HIGH);
    sb.append('\n');
    u32(sb, "rx-usecs:\t", ec, supported, CoalesceParam.RX_USECS);
    u32(sb, "rx-frames:\t", ec, supported, CoalesceParam.RX_MAX_FRAMES);
    u32(sb, "rx-usecs-irq:\t", ec, supported, CoalesceParam.RX_USECS_IRQ);
    u32(sb, "rx-frames-irq:\t", ec, supported, CoalesceParam.RX_MAX_FRAMES_IRQ);
    sb.append('\n');
    u32(sb, "tx-usecs:\t", ec, supported, CoalesceParam.TX_USECS);
    u32(sb, "tx-frames:\t", ec, supported, CoalesceParam.TX_MAX_FRAMES);
    u32(sb, "tx-usecs-irq:\t", ec, supported, CoalesceParam.TX_USECS_IRQ);
    u32(sb, "tx-frames-irq:\t", ec, supported, CoalesceParam.TX_MAX_FRAMES_IRQ);
    sb.append('\n');
    u32(sb, "rx-usecs-low:\t", ec, supported, CoalesceParam.RX_USECS_LOW);
    u32(sb, "rx-frame-low:\t", ec, supported, CoalesceParam.RX_MAX_FRAMES_LOW);
    u32(sb, "tx-usecs-low:\t", ec, supported, CoalesceParam.TX_USECS_LOW);
    u32(sb, "tx-frame-low:\t", ec, supported, CoalesceParam.TX_MAX_FRAMES_LOW);
    sb.append('\n');
    u32(sb, "rx-usecs-high:\t", ec, supported, CoalesceParam.RX_USECS_HIGH);
    u32(sb, "rx-frame-high:\t", ec, supported, CoalesceParam.RX_MAX_FRAMES_HIGH);
    u32(sb, "tx-usecs-high:\t", ec, supported, CoalesceParam.TX_USECS_HIGH);
    u32(sb, "tx-frame-high:\t", ec, supported, CoalesceParam.TX_MAX_FRAMES_HIGH);
    sb.append('\n');
    sb.append("CQE mode RX: n/a  TX: n/a\n");
    sb.append('\n');
    sb.append("tx-aggr-max-bytes:\tn/a\n");
    sb.append("tx-aggr-max-frames:\tn/a\n");
    sb.append("tx-aggr-time-usecs\tn/a\n");
    sb.append('\n');
    if (registers != null && !registers.isEmpty()) {
      sb.append("Coalescing registers (nicsim):\n");
      registers.forEach((k, v) -> sb.append(k).append(":\t")
          .append(String.format(Locale.ROOT, "0x%08x", v)).append('\n'));
      sb.append('\n');
    }
    return sb.toString();
  }

  private static boolean shown(EthtoolCoalesce ec, int supported, CoalesceParam p) {
    return (supported & p.bit()) != 0 || ec.get(p) != 0;
  }

  private static void u32(StringBuilder sb, String label, EthtoolCoalesce ec, int supported,
      CoalesceParam p) {
    sb.append(label).append(shown(ec, supported, p) ? Long.toString(ec.get(p)) : "n/a")
        .append('\n');
  }

  private static String bool(EthtoolCoalesce ec, int supported, CoalesceParam p) {
    if (!shown(ec, supported, p)) {
      return "n/a";
    }
    return ec.get(p) != 0 ? "on" : "off";
  }
}
