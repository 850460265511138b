package io.nicsim.stmmac;

import io.nicsim.core.port.KernelPort;
import java.util.Arrays;

/**
 * Open and close of stmmac_main.c as far as coalescing sees them: every open programs the RX
 * watchdog and resets the ethtool coalesce values to the common.h defaults, so {@code ethtool
 * -C} settings do not survive an interface restart (an MTU change or ring resize included).
 */
public class StmmacLifecycle {
  static final String FILE = "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c";
  static final String TREE_6_18 = "6952350/linux-6.18.y@1259089072d84a87876dceb83ff6abf546559125";

  protected final StmmacPriv priv;
  /** {@code --ports c}: the tree's stmmac_init_coalesce (stmmac-inloop's bridge), or null. */
  StmmacCHooks.InitCoalesce cInitCoalesce;

  public StmmacLifecycle(StmmacPriv priv) {
    this.priv = priv;
  }

  public StmmacPriv priv() {
    return priv;
  }

  /**
   * {@code __stmmac_open}: hardware setup, then the coalesce defaults, then the queues and DMA
   * interrupts come up. Subclasses add the engine-side steps.
   */
  @KernelPort(
      file = FILE,
      function = "__stmmac_open",
      versions = "v4.19..v6.18",
      commits = {},
      source = TREE_6_18,
      notes = "DMA descriptor allocation, PHY, PTP and IRQ requests are not modelled")
  public void open() {
    hwSetup();
    initCoalesce();
    priv.netifRunning = true;
  }

  /**
   * {@code __stmmac_release} (6.18, split out of {@code stmmac_release} by Russell King's
   * "add __stmmac_release() to complement __stmmac_open()",
   * {@code <E1uw1Va-00000004MCL-2B4O@rmk-PC.armlinux.org.uk>}), before it {@code stmmac_release}:
   * the TX timers are cancelled and the interface goes down.
   */
  @KernelPort(
      file = FILE,
      function = "__stmmac_release",
      versions = "v6.18",
      commits = {},
      source = TREE_6_18,
      notes = "only the coalescing-relevant steps: timers cancelled, queues stopped")
  @KernelPort(
      file = FILE,
      function = "stmmac_release",
      versions = "v4.19..v6.18",
      commits = {},
      source = "debian:linux-source-6.12@6.12.117",
      notes = "the body __stmmac_release took over in 6.18; only the coalescing-relevant steps")
  public void release() {
    priv.netifRunning = false;
  }

  /**
   * {@code stmmac_hw_setup}, the RX watchdog step: with RIWT every RX queue's watchdog is
   * programmed. Before def-riwt the open-time value overwrites any ethtool rx-usecs (MAX_DMA_RIWT
   * in 4.19, MIN_DMA_RIWT from rx-wd-min); from def-riwt a non-zero rx_riwt is kept.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_hw_setup",
      versions = "v4.19..v6.18",
      commits = {},
      source = TREE_6_18,
      notes = "only the RIWT programming is modelled; shaped by rx-wd-min and def-riwt, whose"
          + " hashes were not found")
  protected void hwSetup() {
    int rxCnt = priv.plat.rxQueuesToUse();

    if (priv.useRiwt) {
      if (priv.defaults.openKeepsRiwt()) {
        for (int queue = 0; queue < rxCnt; queue++) {
          if (priv.rxRiwt[queue] == 0) {
            priv.rxRiwt[queue] = priv.defaults.openRiwt();
          }

          priv.rxWatchdog.rxWatchdog(priv.rxRiwt[queue], queue);
        }
      } else {
        for (int queue = 0; queue < rxCnt; queue++) {
          priv.rxWatchdog.rxWatchdog(priv.defaults.openRiwt(), queue);
        }
        for (int queue = 0; queue < StmmacPlat.MTL_MAX_QUEUES; queue++) {
          priv.rxRiwt[queue] = priv.defaults.openRiwt();
        }
      }
    }
  }

  /**
   * {@code stmmac_init_coalesce} ({@code stmmac_init_tx_coalesce} before rx-coal-frames): the
   * defaults of the running kernel, for every queue, on every open.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_init_coalesce",
      versions = "v4.19..v6.18",
      commits = {"8fce33317023", "db2f2842e6f5"},
      source = TREE_6_18,
      notes = "timer setup is done by the engine-side subclass")
  protected void initCoalesce() {
    if (cInitCoalesce != null) {
      cInitCoalesce.initCoalesce();
      return;
    }
    int txChannelCount = priv.plat.txQueuesToUse();
    int rxChannelCount = priv.plat.rxQueuesToUse();
    boolean perQueue = priv.patches.has(StmmacPatches.PER_QUEUE_COALESCE);

    if (perQueue) {
      for (int chan = 0; chan < txChannelCount; chan++) {
        priv.txCoalFrames[chan] = priv.defaults.txFrames();
        priv.txCoalTimer[chan] = priv.defaults.coalTxTimerUs();
        setupTxTimer(chan);
      }
    } else {
      // one global value per knob: every slot equal
      Arrays.fill(priv.txCoalFrames, priv.defaults.txFrames());
      Arrays.fill(priv.txCoalTimer, priv.defaults.coalTxTimerUs());
      for (int chan = 0; chan < txChannelCount; chan++) {
        setupTxTimer(chan);
      }
    }

    if (priv.patches.has(StmmacPatches.RX_COAL_FRAMES)) {
      if (perQueue) {
        for (int chan = 0; chan < rxChannelCount; chan++) {
          priv.rxCoalFrames[chan] = priv.defaults.rxFrames();
        }
      } else {
        Arrays.fill(priv.rxCoalFrames, priv.defaults.rxFrames());
      }
    }
  }

  /** timer_setup / hrtimer_init / hrtimer_setup of one TX queue's coalesce timer. */
  protected void setupTxTimer(int chan) {}
}
