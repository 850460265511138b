package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * bcmgenet_desc_rx counts the frames the RDMA discarded (the counter above RDMA_PROD_INDEX's
 * producer count) as the ring's errors until rx-missed-stat (v6.16) and as missed from it: the
 * 6.18.19 tree's text, where the port counted errors in every era.
 */
class GenetRxMissedStatTest {
  private static BcmgenetPriv.RxRing afterThreeDiscards(String kernel) {
    GenetDataHarnesses.Rig rig = new GenetDataHarnesses.Rig(kernel);
    rig.reset();
    for (int i = 0; i < 3; i++) {
      rig.hw.rdma.receiveFrame(null, 0, 0, 60); // no BD owned by the RDMA: discarded
    }
    rig.run(g -> String.valueOf(new BcmgenetNapi(g.priv).descRx(g.priv.rx, 64)));
    return rig.priv.rx;
  }

  @Test
  void discardsAreErrorsOn6_12() {
    BcmgenetPriv.RxRing ring = afterThreeDiscards("6.12.118");
    assertThat(ring.errors).isEqualTo(3);
    assertThat(ring.missed).isZero();
  }

  @Test
  void discardsAreMissedOn6_18() {
    BcmgenetPriv.RxRing ring = afterThreeDiscards("6.18.19");
    assertThat(ring.missed).isEqualTo(3);
    assertThat(ring.errors).isZero();
  }
}
