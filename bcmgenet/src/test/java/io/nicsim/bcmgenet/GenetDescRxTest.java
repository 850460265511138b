package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * bcmgenet_desc_rx as the trees have it: a frame without SOP/EOP counts as {@code errors} until
 * rx-more-stats (v6.16) and as {@code fragmented_errors} from it, where a good broadcast frame is
 * also counted; a refill that cannot allocate drops the frame and keeps the old buffer (the port
 * used to model neither: every frame was good and every refill succeeded).
 */
class GenetDescRxTest {
  private static final int SOP_EOP = BcmgenetNapi.DMA_SOP | BcmgenetNapi.DMA_EOP;

  /** One frame in RX ring 0 (8 control blocks), its status and its refill's answers. */
  private static GenetDataHarnesses.Rig oneFrame(String kernel, long lengthStatus,
      boolean allocFail) {
    GenetDataHarnesses.Rig rig = new GenetDataHarnesses.Rig(kernel);
    long[] r = new long[GenetHarnessKernel.RX_FIELDS
        + GenetHarnessKernel.RX_SLOT * GenetHarnessKernel.RX_SLOTS];
    r[1] = 8; // size
    int s = GenetHarnessKernel.RX_FIELDS;
    r[s] = 1; // cb 0 holds skb 1
    r[s + 1] = 1; // mapped
    r[s + 2] = lengthStatus;
    r[s + 4] = allocFail ? 1 : 0;
    GenetRxHarnesses.rxSet(rig, r);
    rig.hw.setRdmaProdIndexRead(1);
    rig.run(g -> String.valueOf(new BcmgenetNapi(g.priv).descRx(g.priv.rx, 64)));
    return rig;
  }

  @Test
  void fragmentedFrameIsAnErrorOn6_12() {
    BcmgenetPriv.RxRing ring = oneFrame("6.12.118", (100L << 16) | BcmgenetNapi.DMA_SOP, false)
        .priv.rx;
    assertThat(ring.errors).isEqualTo(1);
    assertThat(ring.fragmentedErrors).isZero();
    assertThat(ring.packets).isZero();
  }

  @Test
  void fragmentedFrameIsAFragmentedErrorOn6_18() {
    BcmgenetPriv.RxRing ring = oneFrame("6.18.19", (100L << 16) | BcmgenetNapi.DMA_SOP, false)
        .priv.rx;
    assertThat(ring.fragmentedErrors).isEqualTo(1);
    assertThat(ring.errors).isZero();
  }

  @Test
  void broadcastIsCountedFrom6_16() {
    long st = (100L << 16) | SOP_EOP | BcmgenetNapi.DMA_RX_BRDCAST;
    assertThat(oneFrame("6.12.118", st, false).priv.rx.broadcast).isZero();
    BcmgenetPriv.RxRing ring = oneFrame("6.18.19", st, false).priv.rx;
    assertThat(ring.broadcast).isEqualTo(1);
    assertThat(ring.packets).isEqualTo(1);
    assertThat(ring.bytes).isEqualTo(100 - BcmgenetPriv.RSB_AND_ALIGN);
  }

  @Test
  void failedRefillDropsTheFrameAndKeepsTheBuffer() {
    GenetDataHarnesses.Rig rig = oneFrame("6.12.118", (100L << 16) | SOP_EOP, true);
    assertThat(rig.priv.rx.dropped).isEqualTo(1);
    assertThat(rig.priv.rx.packets).isZero();
    assertThat(rig.priv.allocRxBuffFailed).isEqualTo(1);
    assertThat(rig.priv.rxCbSkb[0]).isEqualTo(1); // the old skb stays on the ring
    assertThat(rig.priv.rx.cIndex).isEqualTo(1); // and the BD is passed over
  }
}
