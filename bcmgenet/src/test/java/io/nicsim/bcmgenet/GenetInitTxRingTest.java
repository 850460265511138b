package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * bcmgenet_init_tx_ring writes every TDMA ring register the C writes, in its order (the earlier
 * port set the indices, the threshold and the read pointer of the model directly), and adds
 * the TX NAPI through the kernel.
 */
class GenetInitTxRingTest {

  private static String init(int index, int start, int end) {
    GenetDataHarnesses.Rig rig = new GenetDataHarnesses.Rig("6.18.19");
    rig.hw.writes = (accessor, reg, ring, value) -> rig.out.call(accessor + ":" + reg, ring,
        Integer.toUnsignedLong(value));
    return rig.run(g -> {
      g.reset();
      BcmgenetDriver.initTxRing(g.priv, index, end - start, start, end);
      assertThat(g.priv.tx.endPtr).isEqualTo(end - 1);
      assertThat(g.priv.tx.freeBds).isEqualTo(end - start);
      return g.out.toString();
    });
  }

  @Test
  void ringZeroWritesTheNineRegistersThenAddsItsNapi() {
    assertThat(init(0, 128, 256)).isEqualTo("tdma_ring_writel:TDMA_PROD_INDEX(0,0)"
        + " tdma_ring_writel:TDMA_CONS_INDEX(0,0) tdma_ring_writel:DMA_MBUF_DONE_THRESH(0,1)"
        + " tdma_ring_writel:TDMA_FLOW_PERIOD(0,0)"
        + " tdma_ring_writel:DMA_RING_BUF_SIZE(0," + ((128 << 16) | 2048) + ")"
        + " tdma_ring_writel:DMA_START_ADDR(0,384) tdma_ring_writel:TDMA_READ_PTR(0,384)"
        + " tdma_ring_writel:TDMA_WRITE_PTR(0,384) tdma_ring_writel:DMA_END_ADDR(0,767)"
        + " netif_napi_add_tx(0)");
  }

  @Test
  void otherRingsGetTheFlowPeriod() {
    assertThat(init(1, 0, 32)).contains("tdma_ring_writel:TDMA_FLOW_PERIOD(1," + (1536 << 16)
        + ")");
  }
}
