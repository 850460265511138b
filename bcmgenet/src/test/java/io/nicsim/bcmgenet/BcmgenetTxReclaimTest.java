package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.Skb;
import org.junit.jupiter.api.Test;

/**
 * The TX reclaim and poll with C's unsigned int arithmetic, on the harness's recording kernel:
 * __bcmgenet_tx_reclaim sums bytes_sent in an unsigned int and bcmgenet_tx_poll compares the
 * unsigned free_bds with MAX_SKB_FRAGS + 1 (the port summed in a long and compared signed).
 */
class BcmgenetTxReclaimTest {
  private static GenetDataHarnesses.Rig rig(int freeBds, int... bytesSent) {
    GenetDataHarnesses.Rig rig = new GenetDataHarnesses.Rig("6.12.118");
    rig.reset();
    BcmgenetPriv.TxRing ring = rig.priv.tx;
    ring.cbPtr = 0;
    ring.endPtr = 7;
    ring.freeBds = freeBds;
    for (int i = 0; i < bytesSent.length; i++) {
      Skb skb = rig.skbs.alloc(bytesSent[i], 0);
      rig.k.skbNumber.put(skb.id(), i + 1);
      rig.hw.txRing.setSkb(i, skb);
    }
    rig.hw.tdmaConsIndex = bytesSent.length;
    return rig;
  }

  @Test
  void completedBytesWrapAsTheCsUnsignedInt() {
    GenetDataHarnesses.Rig rig = rig(0, 0x8000_0000, 0x8000_0001);
    String done = rig.run(g -> String.valueOf(new BcmgenetNapi(g.priv).txReclaim(g.priv.tx)));
    assertThat(done).isEqualTo("2");
    assertThat(rig.out.toString()).contains("netdev_tx_completed_queue(0,2,1)");
    assertThat(rig.priv.tx.bytes).isEqualTo(1);
  }

  @Test
  void aFreeBdCountAbove2To31StillWakesTheQueue() {
    GenetDataHarnesses.Rig rig = rig(0x8000_0000);
    rig.run(g -> String.valueOf(new BcmgenetNapi(g.priv).txPoll(g.k.txNapi, 64)));
    assertThat(rig.out.toString()).contains("netif_tx_wake_queue(0)");
  }
}
