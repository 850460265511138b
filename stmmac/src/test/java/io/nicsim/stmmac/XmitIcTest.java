package io.nicsim.stmmac;

import static io.nicsim.stmmac.Rig.MS;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The set_ic decision through the real stmmac_xmit, era by era: which descriptors carry IC
 * for a fixed traffic pattern, ring wrap, and hardware timestamps.
 */
class XmitIcTest {

  /** Descriptor indices carrying IC in the ring's first {@code upTo} entries. */
  static List<Integer> icEntries(Rig r, int upTo) {
    DescRing ring = r.txQ().ring;
    List<Integer> ic = new ArrayList<>();
    for (int e = 0; e < upTo; e++) {
      if (ring.has(e, DescRing.IC)) {
        ic.add(e);
      }
    }
    return ic;
  }

  static Stream<Arguments> eras() {
    List<Integer> all = IntStream.range(0, 30).boxed().toList();
    List<Integer> none = List.of();
    return Stream.of(
        // kernel, patches, tx-frames override (-1 = the era's default), IC descriptors
        Arguments.of("v4.19", "", -1, List.of(24)),
        Arguments.of("v5.1", "", -1, List.of(24)),
        Arguments.of("v5.4", "", -1, all), // STMMAC_TX_FRAMES 1 (d2facb4b3983)
        Arguments.of("v5.5", "", -1, List.of(24)),
        Arguments.of("v6.6", "", -1, List.of(24)),
        Arguments.of("v6.7", "", -1, List.of(24)),
        Arguments.of("v6.18", "", -1, List.of(24)),
        Arguments.of("v6.18", "+hrtimer-active", -1, List.of(24)),
        Arguments.of("v6.18", "+burst-end-ic", -1, List.of(9, 19, 29)),
        Arguments.of("v6.18", "+ic-burst-end-only", -1, List.of(9, 19, 29)),
        // crossing a multiple of tx-frames
        Arguments.of("v4.19", "", 7, List.of(6, 13, 20, 27)),
        Arguments.of("v6.18", "", 7, List.of(6, 13, 20, 27)),
        Arguments.of("v6.18", "+burst-end-ic", 7, List.of(6, 9, 16, 19, 26, 29)),
        // tx-frames 0: "count >= 0" is always true before c2837423cb54, "no IC" after
        Arguments.of("v4.19", "", 0, all),
        Arguments.of("v5.4", "", 0, all),
        Arguments.of("v5.5", "", 0, none),
        Arguments.of("v6.18", "", 0, none),
        Arguments.of("v6.18", "+burst-end-ic", 0, none),
        Arguments.of("v6.18", "+ic-burst-end-only", 0, none));
  }

  /** 30 single-descriptor skbs in three dev_hard_start_xmit batches of ten. */
  @ParameterizedTest(name = "{0} {1} tx-frames {2}")
  @MethodSource("eras")
  void icDescriptorsPerEra(String kernel, String patch, int txFrames, List<Integer> expected) {
    Rig r = patch.isEmpty() ? Rig.of("cyclone5", kernel) : Rig.of("cyclone5", kernel, patch);
    r.at(1 * MS, () -> {
      if (txFrames >= 0) {
        r.priv.txCoalFrames[0] = txFrames;
      }
      for (int i = 0; i < 30; i++) {
        r.xmitNow(0, i % 10 != 9);
      }
    });
    r.runUntil(1 * MS + 1);
    assertThat(r.allOk()).isTrue();
    assertThat(icEntries(r, 30)).isEqualTo(expected);
    assertThat(r.counter("tx_ic_set")).isEqualTo(expected.size());
  }

  /** Ring wrap: tx_packets = (entry + 1) - first_tx is a u32 and underflows. */
  @Test
  void anSkbThatWrapsTheRingGetsIcFromTheU32Underflow() {
    Rig r = Rig.of("cyclone5", "v6.18");
    r.at(1 * MS, () -> {
      DescRing ring = r.txQ().ring;
      ring.cur = 510;
      ring.dirty = 510;
      r.priv.hw.txDma(0).reset(510);
      r.xmitNow(0, true); // entry 510: (510 + 1) - 510 = 1
      r.xmitNow(1, true); // entries 511, 0: (0 + 1) - 511 wraps to 4294966786
    });
    r.runUntil(1 * MS + 1);
    DescRing ring = r.txQ().ring;
    assertThat(ring.has(510, DescRing.IC)).isFalse();
    assertThat(ring.has(0, DescRing.IC)).as("u32 tx_packets > tx_coal_frames").isTrue();
    assertThat(r.counter("tx_ic_set")).isEqualTo(1);
    assertThat(ring.cur).isEqualTo(1);
  }

  @Test
  void theSameSkbWithoutWrappingGetsNoIc() {
    Rig r = Rig.of("cyclone5", "v6.18");
    r.at(1 * MS, () -> {
      r.xmitNow(0, true);
      r.xmitNow(1, true);
    });
    r.runUntil(1 * MS + 1);
    assertThat(r.counter("tx_ic_set")).isZero();
  }

  @Test
  void theLegacyCountHasNoUnderflow() {
    Rig r = Rig.of("cyclone5", "v4.19");
    r.at(1 * MS, () -> {
      DescRing ring = r.txQ().ring;
      ring.cur = 510;
      ring.dirty = 510;
      r.priv.hw.txDma(0).reset(510);
      r.xmitNow(0, true);
      r.xmitNow(1, true);
    });
    r.runUntil(1 * MS + 1);
    assertThat(r.counter("tx_ic_set")).isZero();
  }

  /** Three hardware-timestamped skbs with xmit_more, tx-frames 25. */
  static long tstampIcs(String soc, String kernel, boolean hwtsTxEn) {
    Rig r = Rig.of(soc, kernel);
    r.at(1 * MS, () -> {
      r.priv.txCoalFrames[0] = 25;
      r.priv.setHwtsTxEn(hwtsTxEn);
      for (int i = 0; i < 3; i++) {
        Skb skb = r.skb(0);
        skb.hwTstamp = true;
        r.xmitNow(skb, true);
      }
    });
    r.runUntil(1 * MS + 1);
    return r.counter("tx_ic_set");
  }

  @Test
  void hardwareTimestampsForceIcFromC2837423cb54OnEveryCore() {
    for (String soc : List.of("cyclone5", "rk3588-yt6801", "agilex5")) {
      assertThat(tstampIcs(soc, "v6.18", true)).as(soc).isEqualTo(3);
      assertThat(tstampIcs(soc, "v6.18", false)).as(soc + " hwts_tx_en off").isZero();
      assertThat(tstampIcs(soc, "v5.5", true)).as(soc).isEqualTo(3);
    }
  }

  @Test
  void beforeThatOnlyGmac4CoresForcedIcForATimestamp() {
    // d0bb82fd6018 (5.2): priv->synopsys_id >= DWMAC_CORE_4_00
    assertThat(tstampIcs("rk3588-yt6801", "v5.2", true)).isEqualTo(3);
    assertThat(tstampIcs("cyclone5", "v5.2", true)).as("dwmac1000 0x37").isZero();
    // XGMAC 2.10 reports 0x21, below 0x40: the same rule leaves it out
    assertThat(tstampIcs("agilex5", "v5.2", true)).as("xgmac 0x21").isZero();
    assertThat(tstampIcs("rk3588-yt6801", "v5.1", true)).as("before d0bb82fd6018").isZero();
  }
}
