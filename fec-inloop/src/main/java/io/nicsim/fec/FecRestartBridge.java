package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_restart} (the open's and each link change's MAC
 * programming; {@code fec_ctrl_reset}, {@code fec_set_hw_mac_addr}, {@code fec_enet_enable_ring},
 * {@code fec_enet_active_rxring} and {@code fec_enet_itr_coal_set} inside): the tree's C in place
 * of {@link FecSetup#restart}, the inverse of its harness in {@code FecSetupHarnesses}. The live
 * fep's quirks, link, duplex, speeds, PHY mode and pause, queue counts, frame sizes, stored
 * coalescing, ITR clock, the PHY's speed and pause, the MTU, the address and RACC as the
 * register file holds it become the record. The C's calls are applied in its order: each
 * {@code writel} to the live registers through {@link FecEnetPrivate#writel} (charged), a ring's
 * base register given the live ring's BD address where the C writes the harness's; RACC read
 * (charged) where the C reads it, before it writes it back; {@code udelay}, the PTP helpers,
 * {@code fec_enet_reset_skb} and {@code set_multicast_list} to the live platform;
 * {@code fec_enet_bd_init} to the model's (its own bridge, or the Java), where the C calls it.
 * Not under the dim what-if (its coalescing write is Java the tree does not have); a MAC behind
 * the i.MX25/27/35 gasket (a register the C polls) runs as Java, counted.
 *
 * <p>Installed before the driver is built ({@link #beforeBuild}): the driver binds it as it
 * makes its objects ({@link FecCHooks.ProbeBinder}), so the probe's first restart
 * (fec_enet_init) runs as C too.
 */
final class FecRestartBridge implements PortBridge {
  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_restart";
  }

  @Override
  public boolean beforeBuild() {
    return true;
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    // the dim what-if's coalescing write is Java the tree does not have (a fec host's catalog
    // only holds it: the MAC first)
    if (!"fec".equals(site.host().config().mac()) || site.host().patches().has(FecPatches.DIM)) {
      return false;
    }
    Kernel kernel = site.host().kernel();
    return FecBridges.bindAtProbe(site,
        d -> d.setup().cRestart = new Hook(d.fep(), d.setup(), c, kernel));
  }

  /** The hook {@link FecSetup#restart} calls first. */
  static final class Hook implements FecCHooks.Restart {
    private static final long WRITEL = NativeOut.id("writel");
    private static final long UDELAY = NativeOut.id("udelay");
    private static final long BD_INIT = NativeOut.id("fec_enet_bd_init");
    private static final long RESET_SKB = NativeOut.id("fec_enet_reset_skb");
    private static final long MULTICAST = NativeOut.id("set_multicast_list");
    private static final long PTP_SAVE = NativeOut.id("fec_ptp_save_state");
    private static final long PTP_RESTORE = NativeOut.id("fec_ptp_restore_state");
    private static final long PTP_START = NativeOut.id("fec_ptp_start_cyclecounter");
    /** fec_restart.c's rings: RX ring q's bd.dma, TX ring q's. */
    private static final int RX_DMA = 0x1000_0000;
    private static final int TX_DMA = 0x2000_0000;
    private static final int QUEUES = 3;

    private final FecEnetPrivate fep;
    private final FecSetup setup;
    private final NativePort c;
    private final Kernel kernel;
    private final long[] in;

    Hook(FecEnetPrivate fep, FecSetup setup, NativePort c, Kernel kernel) {
      this.fep = fep;
      this.setup = setup;
      this.c = c;
      this.kernel = kernel;
      this.in = new long[c.inputs()];
    }

    @Override
    public void restart() {
      FecPlatform p = fep.plat;
      if ((fep.quirks & FecQuirk.USE_GASKET) != 0 && (fep.quirks & FecQuirk.ENET_MAC) == 0) {
        InLoopPorts ports = kernel.inLoop(InLoopPorts.class);
        if (ports != null) {
          ports.ranAsJava(new FecRestartBridge().label(),
              "a MAC behind the gasket (the C polls FEC_MIIGSK_ENR)");
        }
        FecCHooks.Restart self = setup.cRestart;
        setup.cRestart = null;
        try {
          setup.restart();
        } finally {
          setup.cRestart = self;
        }
        return;
      }
      Arrays.fill(in, 0);
      in[0] = Integer.toUnsignedLong(fep.quirks);
      in[1] = fep.bufdescEx ? 1 : 0;
      in[2] = fep.link;
      in[3] = Integer.toUnsignedLong(p.mtu());
      in[4] = fep.fullDuplex;
      in[5] = Integer.toUnsignedLong(fep.phySpeed);
      // RACC as the register file holds it (not charged: the read is charged where the C makes it)
      long racc = Integer.toUnsignedLong(fep.hwp.readl(FecRegisters.FEC_RACC));
      in[6] = racc;
      in[7] = (fep.csumFlags & FecBds.FLAG_RX_CSUM_ENABLED) != 0 ? 1 : 0;
      in[8] = fep.phyInterface;
      boolean phydev = p.hasPhydev();
      in[9] = phydev ? 1 : 0;
      in[10] = phydev ? p.phySpeed() : 0;
      in[11] = phydev && p.phyPause() ? 1 : 0;
      in[12] = fep.pauseFlag;
      in[13] = fep.rgmiiTxcDly ? 1 : 0;
      in[14] = fep.rgmiiRxcDly ? 1 : 0;
      in[15] = fep.numRxQueues;
      in[16] = fep.numTxQueues;
      in[17] = Integer.toUnsignedLong(fep.rxFrameSize);
      in[18] = Integer.toUnsignedLong(fep.maxBufSize);
      in[19] = Integer.toUnsignedLong(fep.rxTimeItr);
      in[20] = Integer.toUnsignedLong(fep.rxPktsItr);
      in[21] = Integer.toUnsignedLong(fep.txTimeItr);
      in[22] = Integer.toUnsignedLong(fep.txPktsItr);
      in[23] = Integer.toUnsignedLong(fep.itrClkRate);
      for (int i = 0; i < 6; i++) {
        in[24 + i] = p.devAddr(i) & 0xFF;
      }
      NativeOut o = c.call(in);
      while (o.next()) {
        if (o.kind() != NativeOut.CALL) {
          throw PortBridge.cannotApply(c, in, o);
        }
        long n = o.name();
        if (n == WRITEL && o.args() == 2) {
          int off = (int) o.arg(0);
          int v = (int) o.arg(1);
          if (off == FecRegisters.FEC_RACC) {
            // the C read RACC just before (its value the record's): the model's read, charged
            if (Integer.toUnsignedLong(fep.readl(FecRegisters.FEC_RACC)) != racc) {
              throw PortBridge.cannotApply(c, in, o);
            }
          }
          fep.writel(ringBase(off, v), off);
        } else if (n == UDELAY && o.args() == 1) {
          p.udelay((int) o.arg(0));
        } else if (n == BD_INIT && o.args() == 0) {
          setup.bdInit();
        } else if (n == RESET_SKB && o.args() == 0) {
          p.resetSkb();
        } else if (n == MULTICAST && o.args() == 0) {
          p.setMulticastList();
        } else if (n == PTP_SAVE && o.args() == 0) {
          p.ptpSaveState();
        } else if (n == PTP_RESTORE && o.args() == 0) {
          p.ptpRestoreState();
        } else if (n == PTP_START && o.args() == 0) {
          p.ptpStartCyclecounter();
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
    }

    /** A ring base register's value: the live ring's BD address where the C wrote the harness's. */
    private int ringBase(int off, int v) {
      for (int q = 0; q < QUEUES; q++) {
        if (off == FecRegisters.rDesStart(q) && v == RX_DMA + q * 0x1000
            && fep.rxQueue[q] != null) {
          return fep.rxQueue[q].bdDma;
        }
        if (off == FecRegisters.xDesStart(q) && v == TX_DMA + q * 0x1000
            && fep.txQueue[q] != null) {
          return fep.txQueue[q].bdDma;
        }
      }
      return v;
    }
  }
}
