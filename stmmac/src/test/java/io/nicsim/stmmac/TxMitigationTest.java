package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The set_ic decision tables. {@link Queue} is a C-like fixture of the xmit bookkeeping around
 * the helper (count += tx_packets; decide; reset on IC), so sequences can be checked.
 */
class TxMitigationTest {

  /** tx_q->tx_count_frames and the calls an xmit makes, 5.5+ form. */
  static final class Queue {
    int txCountFrames;
    final int txCoalFrames;
    final boolean burstEndIc;
    final boolean variant;

    Queue(int txCoalFrames, boolean burstEndIc, boolean variant) {
      this.txCoalFrames = txCoalFrames;
      this.burstEndIc = burstEndIc;
      this.variant = variant;
    }

    boolean xmit(int firstTx, int lastEntry, boolean hwTstamp, boolean xmitMore) {
      int txPackets = TxMitigation.txPackets(lastEntry, firstTx);
      txCountFrames += txPackets;
      boolean setIc =
          TxMitigation.setIc(
              hwTstamp, txCoalFrames, txPackets, txCountFrames, xmitMore, burstEndIc, variant);
      if (setIc) {
        txCountFrames = 0;
      }
      return setIc;
    }

    /** One descriptor per skb at entry {@code i} of a large ring. */
    boolean xmit1(int i, boolean xmitMore) {
      return xmit(i, i, false, xmitMore);
    }
  }

  @Test
  void moduloChain_txFramesZeroNeverSetsIcWithoutATimestamp() {
    Queue q = new Queue(0, false, false);
    for (int i = 0; i < 1000; i++) {
      assertThat(q.xmit1(i, true)).isFalse();
    }
    assertThat(q.xmit(5, 5, true, true)).as("HW timestamp still forces IC").isTrue();
  }

  @Test
  void moduloChain_singleDescriptorSkbsGetIcOnEveryNth() {
    Queue q = new Queue(25, false, false);
    for (int i = 1; i <= 100; i++) {
      assertThat(q.xmit1(i, true)).as("skb %d", i).isEqualTo(i % 25 == 0);
    }
  }

  @Test
  void moduloChain_anSkbCrossingAMultipleOfNGetsIc() {
    Queue q = new Queue(25, false, false);
    q.txCountFrames = 23;
    // three descriptors 100..102: count 26, 26 % 25 = 1 < 3
    assertThat(q.xmit(100, 102, false, true)).isTrue();
    assertThat(q.txCountFrames).isZero();
    q.txCountFrames = 20;
    // three descriptors: count 23, 23 % 25 = 23, not < 3
    assertThat(q.xmit(100, 102, false, true)).isFalse();
    assertThat(q.txCountFrames).isEqualTo(23);
  }

  @Test
  void moduloChain_oneSkbWithMoreDescriptorsThanNGetsIcAtOnce() {
    Queue q = new Queue(4, false, false);
    assertThat(q.xmit(10, 14, false, true)).as("5 descriptors > 4").isTrue();
    q.txCountFrames = 0;
    assertThat(q.xmit(10, 13, false, true)).as("4 descriptors: 4 % 4 = 0 < 4").isTrue();
  }

  @Test
  void moduloChain_ringWrapUnderflowsTxPacketsAndForcesIc() {
    // skb of 4 descriptors 510, 511, 0, 1 on a 512 ring: (1 + 1) - 510 as u32
    int txPackets = TxMitigation.txPackets(1, 510);
    assertThat(Integer.toUnsignedLong(txPackets)).isEqualTo(4294966788L);
    Queue q = new Queue(25, false, false);
    q.txCountFrames = 3;
    assertThat(q.xmit(510, 1, false, true)).isTrue();
    assertThat(q.txCountFrames).isZero();
    // the same 4 descriptors without a wrap would not reach 25
    q.txCountFrames = 3;
    assertThat(q.xmit(506, 509, false, true)).isFalse();
  }

  @Test
  void moduloChain_hwTimestampForcesIcBeforeEveryOtherRule() {
    assertThat(TxMitigation.setIc(true, 0, 1, 1, true, false, false)).isTrue();
    assertThat(TxMitigation.setIc(true, 25, 1, 1, true, false, false)).isTrue();
    assertThat(TxMitigation.setIc(true, 25, 1, 1, true, false, true)).isTrue();
  }

  @Test
  void moduloChain_xmitMoreIsIgnoredWithoutTheBurstEndPatch() {
    Queue q = new Queue(25, false, false);
    assertThat(q.xmit1(0, false)).isFalse();
    assertThat(q.xmit1(1, true)).isFalse();
  }

  @Test
  void burstEndIc_burstEndSetsIcOnEveryBatchTail() {
    Queue q = new Queue(25, true, false);
    assertThat(q.xmit1(0, true)).isFalse();
    assertThat(q.xmit1(1, true)).isFalse();
    assertThat(q.xmit1(2, false)).as("tail of a 3-skb batch").isTrue();
    assertThat(q.txCountFrames).isZero();
  }

  @Test
  void burstEndIc_theFrameCounterStillWorksInsideABatch() {
    Queue q = new Queue(25, true, false);
    for (int i = 1; i <= 60; i++) {
      boolean tail = i == 60;
      boolean ic = q.xmit1(i, !tail);
      assertThat(ic).as("skb %d", i).isEqualTo(i == 25 || i == 50 || tail);
    }
  }

  @Test
  void burstEndIc_txFramesZeroKeepsItsTimerOnlyMeaning() {
    Queue q = new Queue(0, true, false);
    assertThat(q.xmit1(0, false)).isFalse();
  }

  @Test
  void icBurstEndOnlyVariant_noIcInsideABatchWhateverItsLength() {
    Queue q = new Queue(25, false, true);
    for (int i = 1; i <= 600; i++) {
      assertThat(q.xmit1(i, true)).isFalse();
    }
    assertThat(q.xmit1(601, false)).isTrue();
  }

  @Test
  void thresholdBefore55_icWhenTheCountReachesN() {
    int count = 0;
    for (int i = 1; i <= 50; i++) {
      count += 1;
      boolean ic = TxMitigation.setIcLegacy(25, count, false);
      if (ic) {
        count = 0;
      }
      assertThat(ic).as("skb %d", i).isEqualTo(i == 25 || i == 50);
    }
  }

  @Test
  void thresholdBefore55_txFramesZeroMeansIcOnEverySkbInThisEra() {
    assertThat(TxMitigation.setIcLegacy(0, 1, false)).isTrue();
  }

  @Test
  void thresholdBefore55_txFramesOneMeansIcOnEverySkb() {
    assertThat(TxMitigation.setIcLegacy(1, 1, false)).isTrue();
  }

  @Test
  void thresholdBefore55_fragmentsCountTowardsN() {
    // nfrags + 1 = 4 descriptors, count 22 -> 26 >= 25
    assertThat(TxMitigation.setIcLegacy(25, 26, false)).isTrue();
    assertThat(TxMitigation.setIcLegacy(25, 24, false)).isFalse();
  }

  @Test
  void thresholdBefore55_timestampForcesIcOnlyWhenTheCallerSaysSo() {
    assertThat(TxMitigation.setIcLegacy(25, 1, true)).isTrue();
    assertThat(TxMitigation.setIcLegacy(25, 1, false)).isFalse();
  }

  /**
   * The ring-bound argument of the burst-end-ic thread, as a property of the counter: between
   * two IC descriptors lie at most N - 1 + p descriptors, p being the IC skb's own count, so
   * exactly N for single-descriptor frames; without xmit_more tails (bulk dequeue) the counter
   * alone guarantees it.
   */
  @Property
  void icDistanceIsBoundedByTheFrameCounter(
      @ForAll @IntRange(min = 1, max = 64) int n,
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 1, max = 18) Integer> skbDescs,
      @ForAll boolean burstEndIc) {
    Queue q = new Queue(n, burstEndIc, false);
    int entry = 0;
    int sinceIc = 0;
    for (int p : skbDescs) {
      boolean ic = q.xmit(entry, entry + p - 1, false, true);
      entry += p;
      sinceIc += p;
      if (ic) {
        assertThat(sinceIc).isLessThanOrEqualTo(n - 1 + p);
        if (p == 1) {
          assertThat(sinceIc).isEqualTo(n);
        }
        sinceIc = 0;
      } else {
        assertThat(sinceIc).isLessThan(n);
      }
    }
  }

  /** The u32 remainder's 32-bit fast path gives Integer.remainderUnsigned's answer for all. */
  @Property
  void remainderU32IsTheUnsignedRemainder(@ForAll int a, @ForAll int b) {
    if (b != 0) {
      assertThat(TxMitigation.remainderU32(a, b)).isEqualTo(Integer.remainderUnsigned(a, b));
    }
  }
}
