package io.nicsim.stmmac;

import static io.nicsim.stmmac.Rig.MS;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import org.junit.jupiter.api.Test;

/** stmmac_tso_xmit on the GMAC4 profile: context descriptor, buffer split, hardware segments. */
class TsoXmitTest {
  static final int HDR = 66;
  static final int MSS = 1448;

  static Skb gso(Rig r, int payload) {
    Skb skb = r.host.skbs().alloc(HDR + payload, 768 + payload);
    skb.payload = new UdpDatagram(0);
    skb.payloadLen = payload;
    skb.hdrLen = HDR;
    skb.gsoSize = MSS;
    skb.gsoType = Skb.SKB_GSO_TCPV4;
    skb.gsoSegs = (payload + MSS - 1) / MSS;
    return skb;
  }

  @Test
  void anMssContextDescriptorOnlyWhenTheMssChanges() {
    Rig r = Rig.of("rk3588-yt6801", "v6.18");
    r.at(1 * MS, () -> {
      r.xmitNow(gso(r, 3 * MSS), true);
      r.xmitNow(gso(r, 3 * MSS), false);
    });
    r.runUntil(2 * MS);
    DescRing ring = r.txQ().ring;
    assertThat(ring.cur).isEqualTo(5);
    assertThat(ring.has(0, DescRing.CTX)).isTrue();
    assertThat(ring.has(1, DescRing.FS)).isTrue();
    assertThat(ring.bufLen(1)).isEqualTo(HDR);
    assertThat(ring.has(2, DescRing.LS)).isTrue();
    assertThat(ring.bufLen(2)).isEqualTo(3 * MSS);
    assertThat(ring.has(3, DescRing.CTX)).as("same MSS").isFalse();
    assertThat(ring.has(3, DescRing.FS)).isTrue();
    assertThat(r.sink.frames()).as("segmented by the hardware").isEqualTo(6);
    assertThat(r.counter("doorbell")).isEqualTo(2);
  }

  @Test
  void payloadIsSplitInTsoMaxBuffSizePieces() {
    Rig r = Rig.of("rk3588-yt6801", "v6.18");
    int payload = 20000;
    r.at(1 * MS, () -> r.xmitNow(gso(r, payload), false));
    r.runUntil(2 * MS);
    DescRing ring = r.txQ().ring;
    // ctx, header, 16383, 3617
    assertThat(ring.cur).isEqualTo(4);
    assertThat(ring.bufLen(2)).isEqualTo(StmmacTx.TSO_MAX_BUFF_SIZE);
    assertThat(ring.bufLen(3)).isEqualTo(payload - StmmacTx.TSO_MAX_BUFF_SIZE);
    assertThat(ring.has(3, DescRing.LS)).isTrue();
    assertThat(r.sink.frames()).isEqualTo((payload + MSS - 1) / MSS);
  }

  @Test
  void theContextDescriptorCountsTowardsTxPackets() {
    // tx-frames 3: ctx + header + payload = 3 descriptors, 3 % 3 = 0 < 3 sets IC
    Rig r = new Rig("rk3588-yt6801", "v6.18", java.util.List.of(), "tx-frames 3");
    r.at(1 * MS, () -> {
      r.xmitNow(gso(r, 3 * MSS), true);
      r.xmitNow(gso(r, 3 * MSS), true); // 2 descriptors: count 2, no IC
    });
    r.runUntil(1 * MS + 1);
    DescRing ring = r.txQ().ring;
    assertThat(ring.has(2, DescRing.IC)).isTrue();
    assertThat(ring.has(4, DescRing.IC)).isFalse();
  }
}
