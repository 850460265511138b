package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_txq_submit_skb} (the tree's
 * {@code fec_enet_get_free_txdesc_num} inside): the tree's queueing of one linear skb in place
 * of {@link FecXmit#txqSubmitSkb}, the inverse of its harness in {@link FecDataHarnesses}. The
 * live fep's flags, the ring's cur and dirty_tx, the BD at cur, and the skb (length, the low
 * bits of its data address, timestamp request, checksum state) become the record; the stubs'
 * answers (fec_enet_clear_csum, dma_map_single, TDAR's value) are the model's, asked where the C
 * calls them ({@code readl} recorded in the loop: the model's read, charged, where the C reads),
 * the record guessing them first (no checksum to clear, the mapping after the last one, TDAR as
 * it is) and the C run again with the model's answer where it differs, the calls already
 * applied skipped. The skb's free, the bounce copy and swap, the mapping and the Java's charge of
 * a queued frame (after the checksum) go to the model in the C's order; the BD's words, its skb
 * and the timestamp flag are written where the C's {@code skb_tx_timestamp} follows them (before
 * the kick, which hands the BD to the DMA), then cur.
 */
final class FecSubmitSkbBridge implements PortBridge {
  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_txq_submit_skb";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    if (!FecTxQueueBridge.harnessHolds(d.fep())) {
      return false;
    }
    d.xmitPorts().cSubmitSkb = new Hook(d.xmitPorts(), c);
    return true;
  }

  /** The hook {@link FecXmit#txqSubmitSkb} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.SubmitSkb {
    private static final int WORDS = FecDataHarnesses.SUBMIT_INPUTS + 1;
    private static final int CLEAR_CSUM = 13;
    private static final int MAP_ERROR = 14;
    private static final int MAP = 15;
    private static final int TDAR = 17;
    private static final long KFREE = NativeOut.id("dev_kfree_skb_any");
    private static final long CSUM = NativeOut.id("fec_enet_clear_csum");
    private static final long SWAP = NativeOut.id("swap_buffer");
    private static final long MAP_SINGLE = NativeOut.id("dma_map_single");
    private static final long TIMESTAMP = NativeOut.id("skb_tx_timestamp");
    private static final long READL = NativeOut.id("readl");
    private static final long WRITEL = NativeOut.id("writel");
    private static final long CUR = NativeOut.id("cur");
    private static final long SC = NativeOut.id("sc");
    private static final long DATLEN = NativeOut.id("datlen");
    private static final long BUFADDR = NativeOut.id("bufaddr");
    private static final long ESC = NativeOut.id("esc");
    private static final long BDU = NativeOut.id("bdu");
    private static final long SKB = NativeOut.id("skb");
    private static final long IN_PROGRESS = NativeOut.id("in_progress");
    /** data.c's tokens: the skb's data (skb 1) and TX bounce buffer i. */
    private static final long SKB_DATA = 0x2000_1000L;
    private static final long BOUNCE = 0x4000_0000L;

    private final FecXmit xmit;
    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private FecTxq txq;
    private Skb skb;
    private int bdp;
    /** The C's BD words (read before the walk). */
    private long sc;
    private long datlen;
    private long bufaddr;
    private long esc;
    private long bdu;
    private long held;
    private long inProgress;
    private boolean checked;
    private boolean bounced;
    private long lastMap = -1;

    Hook(FecXmit xmit, NativePort c) {
      this.xmit = xmit;
      this.fep = xmit.fep;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), WORDS)];
      this.replay = new Replay(c, in);
    }

    /** fec_enet_txq_submit_skb(txq, skb, ndev): 0, or the C's return. */
    @Override
    public int submit(FecTxq txq, Skb skb) {
      Arrays.fill(in, 0);
      in[0] = Integer.toUnsignedLong(fep.quirks);
      in[1] = fep.bufdescEx ? 1 : 0;
      in[2] = fep.hwtsTxEn ? 1 : 0;
      in[3] = fep.txAlign;
      in[4] = txq.qid;
      in[5] = Integer.numberOfTrailingZeros(txq.bd.size());
      in[6] = txq.bd.cur;
      in[7] = txq.dirtyTx;
      in[8] = txq.bds.status(txq.bd.cur);
      in[9] = Integer.toUnsignedLong(skb.len);
      in[10] = fep.k.skbData(skb) & 63;
      in[11] = skb.hwTstamp ? 1 : 0;
      in[12] = skb.ipSummed;
      in[CLEAR_CSUM] = 0; // the guesses: nothing to clear, the mapping after the last one
      in[MAP] = lastMap < 0 ? 0 : (lastMap + 0x800) & 0xFFFF_FFFFL;
      in[16] = 1; // net_ratelimit: the model's never limits
      // the register as it is now (not charged): the model's read where the C reads it decides
      in[TDAR] = Integer.toUnsignedLong(fep.hwp.readl(FecRegisters.xDesActive(txq.qid)));
      in[WORDS - 1] = 1; // the loop's record: the reads recorded
      this.txq = txq;
      this.skb = skb;
      bdp = txq.bd.cur;
      checked = false;
      bounced = false;
      int ret = (int) replay.run(WORDS, this);
      this.skb = null;
      return ret;
    }

    @Override
    public void begin(NativeOut o) {
      while (o.next()) {
        if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE) {
          continue;
        }
        long n = o.name();
        long v = o.value();
        if (n == SC) {
          sc = v;
        } else if (n == DATLEN) {
          datlen = v;
        } else if (n == BUFADDR) {
          bufaddr = v;
        } else if (n == ESC) {
          esc = v;
        } else if (n == BDU) {
          bdu = v;
        } else if (n == SKB) {
          held = v;
        } else if (n == IN_PROGRESS) {
          inProgress = v;
        }
      }
      o.rewind();
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() == NativeOut.MESSAGE) {
        if (!fep.k.netRatelimit()) {
          throw new NativeFailure("fec_enet_txq_submit_skb's C printed past the model's"
              + " net_ratelimit: input " + PortBridge.record(c, in));
        }
        fep.k.netdevErr(o.message());
        return Replay.NEXT;
      }
      if (o.kind() != NativeOut.CALL) {
        if (n == CUR) {
          txq.bd.cur = (int) o.value();
        } else if (n != SC && n != DATLEN && n != BUFADDR && n != ESC && n != BDU && n != SKB
            && n != IN_PROGRESS) {
          throw PortBridge.cannotApply(c, in, o);
        }
        return Replay.NEXT;
      }
      if (n == KFREE) {
        skb(o);
        fep.k.devKfreeSkbAny(skb);
        if (!checked) {
          fep.txDropped++; // the Java's count of a frame without room
        }
      } else if (n == CSUM) {
        skb(o);
        checked = true;
        int model = fep.k.clearCsum(skb);
        if (model == 0) {
          fep.charge(FecOps.START_XMIT);
        }
        return replay.answer(CLEAR_CSUM, model);
      } else if (n == SWAP) {
        long a = bounce(o.arg(0), (int) o.arg(1), o);
        fep.k.swapTxBuffer(a, (int) o.arg(1));
      } else if (n == MAP_SINGLE) {
        long a = o.arg(0) == SKB_DATA + in[10] ? fep.k.skbData(skb)
            : bounce(o.arg(0), (int) o.arg(1), o);
        long model = fep.k.dmaMapSingle(a, (int) o.arg(1), (int) o.arg(2));
        boolean error = fep.k.dmaMappingError(model);
        if (!error) {
          lastMap = model;
        }
        int step = replay.answer(MAP_ERROR, error);
        if (!error && in[MAP] != (model & 0xFFFF_FFFFL)) {
          in[MAP] = model & 0xFFFF_FFFFL;
          step = Replay.RERUN;
        }
        return step;
      } else if (n == TIMESTAMP) {
        skb(o);
        writeBd();
        fep.k.skbTxTimestamp(skb);
      } else if (n == READL) {
        int model = fep.readl((int) o.arg(0));
        return replay.answer(TDAR, Integer.toUnsignedLong(model));
      } else if (n == WRITEL) {
        fep.writel((int) o.arg(1), (int) o.arg(0));
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** The C's CPU address of a TX bounce buffer as the Java's, the skb's data copied there. */
    private long bounce(long token, int len, NativeOut o) {
      long i = (token - BOUNCE) / 2048;
      if (token < BOUNCE || i >= txq.bd.size() || (token - BOUNCE) % 2048 != 0) {
        throw PortBridge.cannotApply(c, in, o);
      }
      if (!bounced) {
        bounced = true;
        fep.k.copyToBounce((int) i, skb, len);
      }
      return FecXmit.TX_BOUNCE_BASE + i * 2048;
    }

    /** The BD at cur as the C filled it, with the skb kept for the reaper. */
    private void writeBd() {
      FecBds bds = txq.bds;
      bds.bufaddr[bdp] = (int) bufaddr;
      txq.bd.setBufLen(bdp, (int) datlen & 0xFFFF);
      if (fep.bufdescEx) {
        bds.bdu[bdp] = (int) bdu;
        bds.setEsc(bdp, (int) esc);
        if (inProgress != 0) {
          skb.tstampInProgress = true;
        }
      }
      if (held == 1) {
        txq.bd.setSkb(bdp, skb);
      }
      bds.setStatus(bdp, (int) sc);
      txq.queued++;
    }

    private void skb(NativeOut o) {
      if (o.arg(0) != 1) {
        throw PortBridge.cannotApply(c, in, o);
      }
    }
  }
}
