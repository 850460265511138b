package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The set_ic block of stmmac_xmit, driven through the port itself: {@link Queue} keeps one TX
 * queue of a harness-built priv (the hwif callbacks recorded) and sends skbs whose descriptors
 * span {@code firstTx..lastEntry}, reporting whether the last one got set_tx_ic. The ring is
 * emptied between skbs, so only the frame counter carries over.
 */
class TxMitigationTest {

  /** One TX queue and the xmits sent on it. */
  static final class Queue {
    final TxHarnessRig rig;
    final StmmacTxQueue txQ;

    Queue(int txCoalFrames, boolean burstEndIc, boolean variant) {
      this(txCoalFrames, burstEndIc, variant, "v6.6", 1024);
    }

    Queue(int txCoalFrames, boolean burstEndIc, boolean variant, String kernel, int ringSize) {
      List<String> edits = new java.util.ArrayList<>();
      if (burstEndIc) {
        edits.add("+burst-end-ic");
      }
      if (variant) {
        edits.add("+ic-burst-end-only");
      }
      // the timer_list era's arm needs the periodic tick, which the harness kernel lacks: the
      // arm is left out (only the IC decision is checked here)
      rig = new TxHarnessRig(StmmacPatches.select(kernel, edits)) {
        @Override
        StmmacTx newTx() {
          if (patches.has(StmmacPatches.HRTIMER)) {
            return super.newTx();
          }
          return new StmmacTx(priv) {
            @Override
            public void txTimerArm(int queue) {}
          };
        }
      };
      long[] r = new long[TxHarnessRig.FIELDS];
      r[TxHarnessRig.TX_CNT] = 1;
      r[TxHarnessRig.RING_ORDER] = Integer.numberOfTrailingZeros(ringSize);
      r[TxHarnessRig.STALE_ENTRY] = -1;
      r[10] = txCoalFrames;
      r[11] = 1000; // tx-usecs
      r[12] = 1; // hwts_tx_en
      r[26] = 2; // STMMAC_RING_MODE
      r[34] = 1; // IPv4
      r[TxHarnessRig.SKB_LEN] = 100;
      rig.set(r);
      txQ = rig.priv.txQueue[0];
    }

    int txCountFrames() {
      return txQ.txCountFrames;
    }

    void txCountFrames(int n) {
      txQ.txCountFrames = n;
    }

    /** An skb on descriptors firstTx..lastEntry (wrapping); whether it got IC. */
    boolean xmit(int firstTx, int lastEntry, boolean hwTstamp, boolean xmitMore) {
      int size = txQ.ring.size();
      firstTx &= size - 1;
      lastEntry &= size - 1;
      txQ.ring.cur = firstTx;
      txQ.ring.dirty = firstTx;
      for (int e = 0; e < size; e++) {
        txQ.ring.setSkb(e, null);
      }
      txQ.clearDmaInfo();
      rig.calls.out.reset();
      rig.calls.xmitMore = xmitMore;
      int nfrags = (lastEntry - firstTx) & (size - 1);
      io.nicsim.core.net.Skb skb = rig.ledger.alloc(100 * (nfrags + 1), 2048);
      rig.calls.skbIds.put(skb, 1000);
      skb.nrFrags = nfrags;
      skb.fragSizes = new int[nfrags];
      java.util.Arrays.fill(skb.fragSizes, 100);
      skb.hwTstamp = hwTstamp;
      rig.run(() -> rig.tx.xmit(skb, rig.dev.queue(0)));
      return rig.calls.out.toString().contains("set_tx_ic(");
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
    q.txCountFrames(23);
    // three descriptors 100..102: count 26, 26 % 25 = 1 < 3
    assertThat(q.xmit(100, 102, false, true)).isTrue();
    assertThat(q.txCountFrames()).isZero();
    q.txCountFrames(20);
    // three descriptors: count 23, 23 % 25 = 23, not < 3
    assertThat(q.xmit(100, 102, false, true)).isFalse();
    assertThat(q.txCountFrames()).isEqualTo(23);
  }

  @Test
  void moduloChain_oneSkbWithMoreDescriptorsThanNGetsIcAtOnce() {
    Queue q = new Queue(4, false, false);
    assertThat(q.xmit(10, 14, false, true)).as("5 descriptors > 4").isTrue();
    q.txCountFrames(0);
    assertThat(q.xmit(10, 13, false, true)).as("4 descriptors: 4 % 4 = 0 < 4").isTrue();
  }

  @Test
  void moduloChain_ringWrapUnderflowsTxPacketsAndForcesIc() {
    // skb of 4 descriptors 510, 511, 0, 1 on a 512 ring: tx_packets = (1 + 1) - 510 as u32,
    // 4294966788, more than tx-frames
    Queue q = new Queue(25, false, false, "v6.6", 512);
    q.txCountFrames(3);
    assertThat(q.xmit(510, 1, false, true)).isTrue();
    assertThat(q.txCountFrames()).isZero();
    // the same 4 descriptors without a wrap would not reach 25
    q.txCountFrames(3);
    assertThat(q.xmit(506, 509, false, true)).isFalse();
    assertThat(q.txCountFrames()).isEqualTo(7);
  }

  @Test
  void moduloChain_hwTimestampForcesIcBeforeEveryOtherRule() {
    assertThat(new Queue(0, false, false).xmit(1, 1, true, true)).isTrue();
    assertThat(new Queue(25, false, false).xmit(1, 1, true, true)).isTrue();
    assertThat(new Queue(25, false, true).xmit(1, 1, true, true)).isTrue();
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
    assertThat(q.txCountFrames()).isZero();
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

  /** The 4.19..5.4 form on a v5.4 queue. */
  private static Queue legacy(int txCoalFrames) {
    return new Queue(txCoalFrames, false, false, "v5.4", 1024);
  }

  @Test
  void thresholdBefore55_icWhenTheCountReachesN() {
    Queue q = legacy(25);
    for (int i = 1; i <= 50; i++) {
      assertThat(q.xmit1(i, true)).as("skb %d", i).isEqualTo(i == 25 || i == 50);
    }
  }

  @Test
  void thresholdBefore55_txFramesZeroMeansIcOnEverySkbInThisEra() {
    assertThat(legacy(0).xmit1(1, true)).isTrue();
  }

  @Test
  void thresholdBefore55_txFramesOneMeansIcOnEverySkb() {
    assertThat(legacy(1).xmit1(1, true)).isTrue();
  }

  @Test
  void thresholdBefore55_fragmentsCountTowardsN() {
    // nfrags + 1 = 4 descriptors, count 22 -> 26 >= 25
    Queue q = legacy(25);
    q.txCountFrames(22);
    assertThat(q.xmit(10, 13, false, true)).isTrue();
    q.txCountFrames(20);
    assertThat(q.xmit(10, 13, false, true)).isFalse();
  }

  @Test
  void thresholdBefore55_timestampForcesIcOnlyOnGmac4() {
    // d0bb82fd6018: only a core >= 4.00 (the rig's plat is 5.10) with hwts_tx_en
    Queue q = legacy(25);
    assertThat(q.xmit(1, 1, true, true)).isTrue();
    assertThat(q.xmit(2, 2, false, true)).isFalse();
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
}
