package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_adjust_link} (phylib's link callback: the open's link-up
 * and the close's link-down): the tree's C in place of {@link FecSetup#adjustLink}, the inverse
 * of its harness in {@code FecSetupHarnesses}. Whether the device runs and is present, the
 * quirks, the fep's link, duplex and speed and the PHY's link, duplex, speed and LPI settings
 * become the record. The fields the C left (link, full_duplex, speed) come back first: the C
 * sets them before every call it makes but {@code fec_stop}'s and {@code phy_print_status}'s,
 * which read none of them, and the model's {@code fec_restart} reads them. Then the C's calls in
 * its order: the queue stop and wake, the TX lock, NAPI's disable and enable, {@code fec_stop},
 * the EEE mode and {@code phy_print_status} on the live platform, and {@code fec_restart} on the
 * model's (its own bridge, or the Java).
 */
final class FecAdjustLinkBridge implements PortBridge {
  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_adjust_link";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    FecSetup setup = d.setup();
    setup.cAdjustLink = new Hook(d.fep(), setup, c);
    return true;
  }

  /** The hook {@link FecSetup#adjustLink} calls first. */
  static final class Hook implements FecCHooks.AdjustLink {
    private static final long LINK = NativeOut.id("link");
    private static final long DUPLEX = NativeOut.id("full_duplex");
    private static final long SPEED = NativeOut.id("speed");
    private static final long STOP_QUEUE = NativeOut.id("netif_stop_queue");
    private static final long NAPI_DISABLE = NativeOut.id("napi_disable");
    private static final long NAPI_ENABLE = NativeOut.id("napi_enable");
    private static final long LOCK = NativeOut.id("netif_tx_lock_bh");
    private static final long UNLOCK = NativeOut.id("netif_tx_unlock_bh");
    private static final long WAKE_ALL = NativeOut.id("netif_tx_wake_all_queues");
    private static final long RESTART = NativeOut.id("fec_restart");
    private static final long STOP = NativeOut.id("fec_stop");
    private static final long PRINT = NativeOut.id("phy_print_status");
    private static final long EEE = NativeOut.id("fec_enet_eee_mode_set");

    private final FecEnetPrivate fep;
    private final FecSetup setup;
    private final NativePort c;
    private final long[] in;

    Hook(FecEnetPrivate fep, FecSetup setup, NativePort c) {
      this.fep = fep;
      this.setup = setup;
      this.c = c;
      this.in = new long[c.inputs()];
    }

    @Override
    public void adjustLink() {
      FecPlatform p = fep.plat;
      Arrays.fill(in, 0);
      in[0] = p.netifRunning() ? 1 : 0;
      in[1] = p.netifDevicePresent() ? 1 : 0;
      in[2] = Integer.toUnsignedLong(fep.quirks);
      in[3] = fep.link;
      in[4] = fep.fullDuplex;
      in[5] = fep.speed;
      in[6] = p.phyLink();
      in[7] = p.phyDuplex();
      in[8] = p.phySpeed();
      in[9] = p.phyEnableTxLpi() ? 1 : 0;
      in[10] = Integer.toUnsignedLong(p.phyTxLpiTimer());
      NativeOut o = c.call(in);
      while (o.next()) {
        if (o.kind() == NativeOut.CALL) {
          continue;
        }
        long n = o.name();
        int v = (int) o.value();
        if (n == LINK) {
          fep.link = v;
        } else if (n == DUPLEX) {
          fep.fullDuplex = v;
        } else if (n == SPEED) {
          fep.speed = v;
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      o.rewind();
      while (o.next()) {
        if (o.kind() != NativeOut.CALL) {
          continue;
        }
        long n = o.name();
        if (n == STOP_QUEUE && o.args() == 0) {
          p.netifStopQueue();
        } else if (n == NAPI_DISABLE && o.args() == 0) {
          fep.k.napiDisable();
        } else if (n == NAPI_ENABLE && o.args() == 0) {
          fep.k.napiEnable();
        } else if (n == LOCK && o.args() == 0) {
          p.netifTxLockBh();
        } else if (n == UNLOCK && o.args() == 0) {
          p.netifTxUnlockBh();
        } else if (n == WAKE_ALL && o.args() == 0) {
          p.netifTxWakeAllQueues();
        } else if (n == RESTART && o.args() == 0) {
          setup.restart();
        } else if (n == STOP && o.args() == 0) {
          p.fecStop();
        } else if (n == PRINT && o.args() == 0) {
          p.phyPrintStatus();
        } else if (n == EEE && o.args() == 2) {
          p.eeeModeSet((int) o.arg(0), o.arg(1) != 0);
        } else if (n == EEE && o.args() == 1) {
          p.eeeModeSet(0, o.arg(0) != 0);
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
    }
  }
}
