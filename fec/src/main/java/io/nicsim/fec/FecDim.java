package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.FEC_ENET_RXF_0;
import static io.nicsim.fec.FecRegisters.FEC_ENET_RXF_1;
import static io.nicsim.fec.FecRegisters.FEC_ENET_RXF_2;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimCqModer;
import io.nicsim.core.dim.DimEra;
import io.nicsim.core.dim.DimLib;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.kernel.WorkItem;

/**
 * The {@code dim} what-if ({@link FecPatches#DIM}): lib/dim per RX queue, the way DIM-using
 * drivers (bcmgenet, mlx5, bnxt) hook it, on fec's own registers. Not a kernel port: nothing here
 * carries {@code @KernelPort}; the DIM library it calls is core's port.
 */
final class FecDim {
  private static final int[] RXF = {FEC_ENET_RXF_0, FEC_ENET_RXF_1, FEC_ENET_RXF_2};
  /** ICFT is 8 bits: the largest frame count RXICn holds (and set_coalesce accepts). */
  static final int ICFT_MAX = 255;

  private final FecEnetPrivate fep;
  private final FecCoalesce coal;
  final NetDim netDim;
  final Dim[] dim;
  final int[] eventCtr;
  final long[] packets;
  final long[] bytes;
  boolean useDim;
  private final int[] lastUsec;
  private final int[] lastPkts;
  private final DimSample sample = new DimSample();
  private long workRuns;

  FecDim(FecEnetPrivate fep, FecCoalesce coal, int rxQueues) {
    this.fep = fep;
    this.coal = coal;
    this.netDim = new NetDim(DimEra.of(fep.patches.base()), fep.netdev.kernel()::now);
    dim = new Dim[rxQueues];
    eventCtr = new int[rxQueues];
    packets = new long[rxQueues];
    bytes = new long[rxQueues];
    lastUsec = new int[rxQueues];
    lastPkts = new int[rxQueues];
    for (int q = 0; q < rxQueues; q++) {
      final int queue = q;
      dim[q] = new Dim();
      dim[q].mode = Dim.CQ_PERIOD_MODE_START_FROM_EQE;
      dim[q].work = new WorkItem(fep.netdev.kernel(), fep.netdev.name() + "-rx" + q + "-dim",
          () -> work(queue));
    }
  }

  /** In the interrupt handler: one event for each queue whose RXF bit was set. */
  void countEvents(int events) {
    if (!useDim) {
      return;
    }
    for (int q = 0; q < dim.length; q++) {
      if ((events & RXF[q]) != 0) {
        eventCtr[q] = (eventCtr[q] + 1) & 0xFFFF;
      }
    }
  }

  /** In rx_queue: the queue's running totals. */
  void countFrame(int q, int len) {
    packets[q]++;
    bytes[q] += len;
  }

  /** At the end of the NAPI poll: a sample per queue into net_dim. */
  void sample(Core core) {
    if (!useDim) {
      return;
    }
    for (int q = 0; q < dim.length; q++) {
      core.charge(NetDim.NET_DIM);
      DimLib.updateSample(core.cursor(), eventCtr[q], packets[q], bytes[q], sample);
      netDim.netDim(dim[q], sample);
    }
  }

  /** The work item: program the chosen profile into this queue's RXICn. */
  private void work(int q) {
    Dim d = dim[q];
    DimCqModer p = netDim.getRxModeration(d.mode, d.profileIx);
    workRuns++;
    program(q, p);
    d.state = Dim.START_MEASURE;
  }

  /**
   * After set_coalesce stored the static values and rewrote every RXICn with them: turning
   * adaptive-rx on programs DIM's default profile (the profile index stays 0 until net_dim
   * moves it, as in bcmgenet); while it stays on, DIM's last profile is programmed again.
   */
  void afterSetCoalesce(boolean on) {
    if (on && !useDim) {
      DimCqModer p = netDim.getDefRxModeration(Dim.CQ_PERIOD_MODE_START_FROM_EQE);
      for (int q = 0; q < dim.length; q++) {
        program(q, p);
      }
    } else if (on) {
      for (int q = 0; q < dim.length; q++) {
        coal.rxCoalSetQueue(q, lastUsec[q], lastPkts[q]);
      }
    }
    useDim = on;
  }

  private void program(int q, DimCqModer p) {
    lastUsec[q] = p.usec();
    lastPkts[q] = Math.min(p.pkts(), ICFT_MAX);
    coal.rxCoalSetQueue(q, lastUsec[q], lastPkts[q]);
  }

  long workRuns() {
    return workRuns;
  }

  int profileIx(int q) {
    return dim[q].profileIx;
  }
}
