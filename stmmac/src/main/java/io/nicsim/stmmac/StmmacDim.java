package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimCqModer;
import io.nicsim.core.dim.DimEra;
import io.nicsim.core.dim.DimLib;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.kernel.WorkItem;

/**
 * The {@code dim} what-if ({@link StmmacPatches#DIM}): lib/dim per RX and per TX queue, hooked
 * the way DIM-using drivers hook it, writing stmmac's own knobs through its own paths. Not a
 * kernel port: the DIM library it calls is core's port.
 */
final class StmmacDim {
  private final StmmacPriv priv;
  private final StmmacEthtool ethtool;
  final NetDim netDim;
  final Dir rx;
  final Dir tx;
  private final DimSample sample = new DimSample();

  /** One direction's per-queue DIM state. */
  final class Dir {
    final boolean isTx;
    final Dim[] dim;
    final long[] packets;
    final long[] bytes;
    final int[] lastUsec;
    final int[] lastPkts;
    boolean useDim;
    long workRuns;

    Dir(boolean isTx, int queues) {
      this.isTx = isTx;
      dim = new Dim[queues];
      packets = new long[queues];
      bytes = new long[queues];
      lastUsec = new int[queues];
      lastPkts = new int[queues];
      for (int q = 0; q < queues; q++) {
        final int queue = q;
        dim[q] = new Dim();
        dim[q].mode = Dim.CQ_PERIOD_MODE_START_FROM_EQE;
        dim[q].work = new WorkItem(priv.dev.kernel(),
            priv.dev.name() + (isTx ? "-tx" : "-rx") + q + "-dim", () -> work(queue));
      }
    }

    private DimCqModer profile(int ix) {
      return isTx ? netDim.getTxModeration(Dim.CQ_PERIOD_MODE_START_FROM_EQE, ix)
          : netDim.getRxModeration(Dim.CQ_PERIOD_MODE_START_FROM_EQE, ix);
    }

    private void work(int q) {
      Dim d = dim[q];
      workRuns++;
      program(q, profile(d.profileIx));
      d.state = Dim.START_MEASURE;
    }

    private void program(int q, DimCqModer p) {
      lastUsec[q] = p.usec();
      lastPkts[q] = p.pkts();
      apply(q);
    }

    private void apply(int q) {
      if (isTx) {
        priv.txCoalTimer[q] = lastUsec[q];
        priv.txCoalFrames[q] = lastPkts[q];
      } else {
        long riwt = ethtool.usec2riwt(lastUsec[q]);
        riwt = Math.max(priv.defaults.minDmaRiwt(), Math.min(priv.defaults.maxDmaRiwt(), riwt));
        priv.rxRiwt[q] = (int) riwt;
        priv.rxWatchdog.rxWatchdog((int) riwt, q);
        priv.rxCoalFrames[q] = lastPkts[q];
      }
    }

    /** After set_coalesce stored the static values: DIM's default or its last profile again. */
    void afterSetCoalesce(boolean on) {
      if (on && !useDim) {
        DimCqModer p = profile(1); // net_dim_get_def_*_moderation(EQE)
        for (int q = 0; q < dim.length; q++) {
          program(q, p);
        }
      } else if (on) {
        for (int q = 0; q < dim.length; q++) {
          apply(q);
        }
      }
      useDim = on;
    }

    void sample(Core core, int q, long events) {
      if (!useDim || q >= dim.length) {
        return;
      }
      core.charge(NetDim.NET_DIM);
      DimLib.updateSample(core.cursor(), (int) events, packets[q], bytes[q], sample);
      netDim.netDim(dim[q], sample);
    }
  }

  StmmacDim(StmmacPriv priv, StmmacEthtool ethtool, int rxQueues, int txQueues) {
    this.priv = priv;
    this.ethtool = ethtool;
    this.netDim = new NetDim(DimEra.of(priv.patches.base()), priv.dev.kernel()::now);
    this.rx = new Dir(false, rxQueues);
    this.tx = new Dir(true, txQueues);
  }

  /** The RX queue's DIM profile index (for reports). */
  int rxProfileIx(int q) {
    return rx.dim[q].profileIx;
  }

  int txProfileIx(int q) {
    return tx.dim[q].profileIx;
  }
}
