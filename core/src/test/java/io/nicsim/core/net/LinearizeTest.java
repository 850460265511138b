package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.HarnessKernel;
import org.junit.jupiter.api.Test;

/**
 * validate_xmit_skb on a device without NETIF_F_TSO: a single-segment skb with a page fragment
 * (TCP's last segment of a burst) reaches a device without NETIF_F_SG linearised, and one with
 * NETIF_F_SG as it is.
 */
class LinearizeTest {
  private final HarnessKernel hk = HarnessKernel.forRelease("6.12.118");
  private final SkbLedger ledger = new SkbLedger();
  private final NetDevice dev = new NetDevice(hk.kernel, "eth0", 1, ledger);

  private Skb fragmented() {
    Skb skb = ledger.alloc(66 + 1448, 2304);
    skb.hdrLen = 66;
    skb.payloadLen = 1448;
    skb.nrFrags = 1;
    return skb;
  }

  @Test
  void aDeviceWithoutScatterGatherGetsALinearSkb() {
    dev.setTso(false);
    dev.setSg(false);
    Skb out = dev.xmit().validateXmitSkbList(fragmented());
    assertThat(out.nrFrags).isZero();
    assertThat(out.next).isNull();
  }

  @Test
  void aDeviceWithScatterGatherKeepsTheFragment() {
    dev.setTso(false);
    assertThat(dev.sg()).isTrue();
    assertThat(dev.xmit().validateXmitSkbList(fragmented()).nrFrags).isEqualTo(1);
  }
}
