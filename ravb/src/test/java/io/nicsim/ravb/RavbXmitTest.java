package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.NetdevTx;
import org.junit.jupiter.api.Test;

/** ravb_start_xmit's ring accounting and queue stop, and ravb_tx_free's walk. */
class RavbXmitTest {
  private static final int BE = RavbPriv.RAVB_BE;

  @Test
  void gbethTakesTwoDescriptorsAFrameAndStopsAtTheLastSlot() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    XmitRig rig = new XmitRig(b);
    for (int i = 0; i < 63; i++) {
      assertThat(rig.xmit(1442)).isEqualTo(NetdevTx.NETDEV_TX_OK);
    }
    assertThat(b.calls).doesNotContain("netif_stop_subqueue(0)");
    assertThat(b.priv.curTx[BE]).isEqualTo(126);
    // the 64th: cur_tx - dirty_tx = 128 > (64 - 1) * 2 and nothing sent yet: stop
    assertThat(rig.xmit(1442)).isEqualTo(NetdevTx.NETDEV_TX_OK);
    assertThat(b.calls).contains("netif_stop_subqueue(0)");
    assertThat(rig.xmit(1442)).isEqualTo(NetdevTx.NETDEV_TX_BUSY);
    // the head copy (2 bytes), then the rest, FSTART before FEND
    assertThat(b.priv.hw.txDsTagl[0]).isEqualTo(2);
    assertThat(b.priv.hw.txDsTagl[1]).isEqualTo(1440);
    assertThat(b.priv.hw.txDieDt[0]).isEqualTo(RavbHw.DT_FSTART);
    assertThat(b.priv.hw.txDieDt[1]).isEqualTo(RavbHw.DT_FEND);
  }

  @Test
  void txFreeFreesOnlySentDescriptorsAndCountsTheLastOfEachFrame() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    XmitRig rig = new XmitRig(b);
    rig.xmit(1442);
    rig.xmit(100);
    // the DMAC sent the first frame only
    b.priv.hw.txRing.releaseOwn(0);
    b.priv.hw.txRing.releaseOwn(1);
    b.priv.hw.txDieDt[0] = RavbHw.DT_FEMPTY;
    b.priv.hw.txDieDt[1] = RavbHw.DT_FEMPTY;
    assertThat(b.napi.txFree(BE, true)).isEqualTo(2); // both descriptors of the frame
    assertThat(b.priv.dirtyTx[BE]).isEqualTo(2);
    assertThat(b.priv.stats[BE].txPackets).isEqualTo(1);
    assertThat(b.priv.stats[BE].txBytes).isEqualTo(1442);
    assertThat(b.count("dev_kfree_skb_any")).isEqualTo(1);
    assertThat(b.priv.txSkb[BE][0]).isNull();
    assertThat(b.priv.txSkb[BE][1]).isNotNull();
  }

  @Test
  void rcarTakesOneDescriptorAFrame() {
    RavbBench b = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.18");
    XmitRig rig = new XmitRig(b);
    rig.xmit(40); // padded to ETH_ZLEN
    assertThat(b.priv.curTx[BE]).isEqualTo(1);
    assertThat(b.priv.hw.txDsTagl[0]).isEqualTo(60);
    assertThat(b.priv.hw.txDieDt[0]).isEqualTo(RavbHw.DT_FSINGLE);
  }

  @Test
  void partialChecksumTheToeCannotDoIsHelpedFromV69() {
    for (String kernel : new String[] {"v6.8", "v6.9", "v6.18"}) {
      RavbBench b = new RavbBench(RavbHwInfo.GBETH, kernel);
      io.nicsim.core.net.Skb skb = new io.nicsim.core.net.SkbLedger().alloc(1442, 2048);
      skb.ipSummed = io.nicsim.core.net.Skb.CHECKSUM_PARTIAL;
      b.xmit.startXmit(skb, BE);
      if (kernel.equals("v6.8")) {
        assertThat(b.calls).doesNotContain("skb_checksum_help");
      } else {
        assertThat(b.calls).startsWith("ravb_can_tx_csum_gbeth", "skb_checksum_help");
      }
    }
  }
}
