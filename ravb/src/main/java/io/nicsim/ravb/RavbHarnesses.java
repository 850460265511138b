package io.nicsim.ravb;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code port-check --execute} harnesses for ravb's queue interrupt and TX completion:
 * {@code ravb_queue_interrupt} and {@code ravb_tx_free}, run whole from the tree with
 * register accessors and recording stubs of nicsim's own C ({@code portexec/ravb/common.c}; the
 * record layout at the top of each driver file) beside the ports on {@link RavbPriv} and a
 * recording {@link RavbKernel}. The same text in 6.1.192, 6.12.118 and 6.18.19.
 */
public final class RavbHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/ravb/";
  private static final List<String> SOURCES = List.of(RavbSources.MAIN_C, RavbSources.MAIN_H);
  private static final int DESCS = 16;
  private static final int SKBS = 8;

  /** enum ravb_reg's offsets of the registers the ports write (ravb.h). */
  static int offset(RavbReg reg) {
    return switch (reg) {
      case RIC0 -> 0x0360;
      case RIS0 -> 0x0364;
      case TIC -> 0x0378;
      case TIS -> 0x037C;
      case ISS -> 0x0380;
      case RIE0 -> 0x0460;
      case RID0 -> 0x0464;
      case TIE -> 0x0478;
      case TID -> 0x047c;
      case TCCR -> 0x0000;
    };
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(queueInterrupt(), txFree());
  }

  private static PortHarness.Builder harness(String function) {
    return PortHarness.of(RavbSources.MAIN_C, function).sources(SOURCES)
        .program(PortHarness.resource(RavbHarnesses.class, DIR + "common.c") + "\n"
            + PortHarness.resource(RavbHarnesses.class, DIR + function + ".c"))
        .notes("registers RIS0/RIC0/TIS/TIC from the record, every ravb_write printed;"
            + " NAPI, DMA and skb calls are recording stubs; netdev_warn prints nothing");
  }

  /** The driver's state for one record, on hardware without a simulator. */
  static final class Rig implements RavbKernel {
    final Out out = new Out();
    final HarnessKernel hk = new HarnessKernel();
    final Napi[] napis = {
        new Napi(hk.kernel, "eth0-be", "eth0", (n, b) -> 0, 64),
        new Napi(hk.kernel, "eth0-nc", "eth0", (n, b) -> 0, 64)};
    final boolean[] ansPrep = new boolean[2];
    final Map<Skb, Integer> skbIds = new IdentityHashMap<>();
    final SkbLedger skbs = new SkbLedger();
    RavbPriv priv;

    RavbPriv reset(RavbHwInfo info, int txDescs) {
      out.reset();
      skbIds.clear();
      RavbHw hw = new RavbHw(info, null, null, null, null, 2, txDescs, 0);
      hw.access = (write, reg, value) -> {
        if (write) {
          out.call("ravb_write", offset(reg), Integer.toUnsignedLong(value));
        }
      };
      priv = new RavbPriv(hw, info, RavbPatches.CATALOG.forKernel(RavbPatches.OLDEST), null);
      priv.k = this;
      priv.napi[0] = napis[0];
      priv.napi[1] = napis[1];
      return priv;
    }

    @Override
    public boolean napiSchedulePrep(Napi n) {
      int q = priv.queueOf(n);
      out.call("napi_schedule_prep", q);
      return ansPrep[q];
    }

    @Override
    public void napiSchedule(Napi n) {
      out.call("__napi_schedule", priv.queueOf(n));
    }

    @Override
    public boolean napiCompleteDone(Napi n, int workDone) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public void netifWakeSubqueue(int q) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public void netifStopSubqueue(int q) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public void dmaUnmapSingle(int addr, int size) {
      out.call("dma_unmap_single", Integer.toUnsignedLong(addr), Integer.toUnsignedLong(size));
    }

    @Override
    public void devKfreeSkbAny(Skb skb) {
      out.call("dev_kfree_skb_any", skbIds.get(skb));
    }

    @Override
    public long allocRxBuffer(int q, int entry) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public long rxSkb(int q, int entry, long buf, int len) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public void skbAddRxFrag(long skb, long buf, int len) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public void pagePoolPutPage(long buf) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public void napiGroReceive(Napi napi, long skb) {
      throw new IllegalStateException("not called by the harnessed functions");
    }

    @Override
    public int skbLen(long skb) {
      throw new IllegalStateException("not called by the harnessed functions");
    }
  }

  // ---------------------------------------------------------------- ravb_queue_interrupt

  private static PortHarness queueInterrupt() {
    long[] bits = {1, 2, 3, 0x100, 0xFFFF_FFFFL, 0xFFFF_FFFEL, 0xFFFF_FFFDL};
    return harness("ravb_queue_interrupt")
        .inputs(List.of(range("q", 0, 1),
            u32("RIS0").withEdges(bits), u32("RIC0").withEdges(bits),
            u32("TIS").withEdges(bits), u32("TIC").withEdges(bits),
            bool("info->irq_en_dis"), bool("napi_schedule_prep")))
        .java(kernel -> {
          Rig rig = new Rig();
          return r -> {
            int q = (int) r[0];
            RavbPriv priv = rig.reset(RavbHwInfo.of(r[5] != 0, true), 2);
            priv.hw.ris0 = (int) r[1];
            priv.hw.ric0 = (int) r[2];
            priv.hw.tis = (int) r[3];
            priv.hw.tic = (int) r[4];
            rig.ansPrep[q] = r[6] != 0;
            boolean ret = new RavbNapi(priv, new RavbRx(priv)).queueInterrupt(q);
            return rig.out.put("ret", ret ? 1 : 0).toString();
          };
        })
        .build();
  }

  // ---------------------------------------------------------------- ravb_tx_free

  private static List<InputField> txFreeInputs() {
    List<InputField> in = new ArrayList<>(List.of(range("q", 0, 1), range("num_tx_desc", 1, 2),
        range("num_tx_ring[q]", 1, SKBS), u32("dirty_tx[q]").withEdges(0xFFFF_FFFEL,
            0xFFFF_FFFFL, 0, 1, 7, 8, 15, 16),
        range("cur_tx[q] - dirty_tx[q]", 0, DESCS).withEdges(0, 1, 2, 15, 16),
        bool("free_txed_only"), u64("stats[q].tx_packets"), u64("stats[q].tx_bytes")));
    for (int i = 0; i < DESCS; i++) {
      in.add(range("desc[" + i + "].die_dt", 0, 0xFF).withEdges(RavbHw.DT_FEMPTY,
          RavbHw.DT_EEMPTY, RavbHw.DT_FSINGLE, RavbHw.DT_FSTART, RavbHw.DT_FEND));
      in.add(u16("desc[" + i + "].ds_tagl").withEdges(0x0FFF, 0x1000, 60, 1514));
      in.add(u32("desc[" + i + "].dptr"));
    }
    for (int i = 0; i < SKBS; i++) {
      in.add(bool("tx_skb[" + i + "]"));
    }
    return in;
  }

  private static PortHarness txFree() {
    return harness("ravb_tx_free")
        .inputs(txFreeInputs())
        // cur_tx - dirty_tx never exceeds the ring's descriptors (ravb_start_xmit's stop)
        .admit(r -> {
          long ring = r[1] * r[2];
          r[4] = r[4] % (ring + 1);
          return r;
        })
        .java(kernel -> {
          Rig rig = new Rig();
          return r -> {
            int q = (int) r[0];
            int numTxDesc = (int) r[1];
            RavbPriv priv = rig.reset(RavbHwInfo.of(false, true), DESCS);
            RavbHw hw = priv.hw;
            priv.numTxDesc = numTxDesc;
            priv.numTxRing[q] = (int) r[2];
            priv.dirtyTx[q] = (int) r[3];
            priv.curTx[q] = (int) r[3] + (int) r[4];
            boolean freeTxedOnly = r[5] != 0;
            priv.stats[q].txPackets = r[6];
            priv.stats[q].txBytes = r[7];
            for (int i = 0; i < DESCS; i++) {
              hw.txDieDt[i] = (int) (r[8 + 3 * i] & 0xFF);
              hw.txDsTagl[i] = (int) (r[9 + 3 * i] & 0xFFFF);
              hw.txDptr[i] = (int) r[10 + 3 * i];
            }
            priv.txSkb[q] = new Skb[SKBS];
            for (int i = 0; i < SKBS; i++) {
              if (r[8 + 3 * DESCS + i] != 0) {
                Skb s = rig.skbs.alloc(60, 512);
                rig.skbIds.put(s, i + 1);
                priv.txSkb[q][i] = s;
              }
            }
            int ret = new RavbNapi(priv, new RavbRx(priv)).txFree(q, freeTxedOnly);
            Out out = rig.out.put("ret", ret).u("dirty_tx", Integer.toUnsignedLong(priv.dirtyTx[q]))
                .u("stats.tx_packets", priv.stats[q].txPackets)
                .u("stats.tx_bytes", priv.stats[q].txBytes);
            for (int i = 0; i < DESCS; i++) {
              out.put("die_dt", hw.txDieDt[i]);
            }
            for (int i = 0; i < SKBS; i++) {
              Skb s = priv.txSkb[q][i];
              out.put("tx_skb", s == null ? 0 : rig.skbIds.get(s));
            }
            return out.toString();
          };
        })
        .build();
  }
}
