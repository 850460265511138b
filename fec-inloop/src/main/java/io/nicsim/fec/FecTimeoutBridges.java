package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * {@code --ports c} for fec's TX timeout: {@code fec_timeout} (dev_watchdog's ndo_tx_timeout)
 * and {@code fec_enet_timeout_work} (the restart it schedules), the tree's C in place of
 * {@link FecTimeout#timeout} and {@link FecTimeout#timeoutWork}, the inverses of their harnesses
 * in {@code FecDataHarnesses}. fec_timeout's record is the device's tx_errors; the count the C
 * leaves comes back first, then its calls in order: the ring dump (the platform's, which prints
 * nothing) and the work scheduled on the model's workqueue. fec_enet_timeout_work's record is
 * whether the device is present and running; its calls in order on the live platform (RTNL,
 * NAPI's disable and enable, the TX lock, the queues woken) and {@code fec_restart} on the
 * model's (its own bridge, {@code FecRestartBridge}, or the Java), with the model's restart
 * count beside it.
 */
final class FecTimeoutBridges {
  private FecTimeoutBridges() {}

  /** fec_timeout. */
  static final class Timeout implements PortBridge, FecCHooks.Timeout {
    private static final long TX_ERRORS = NativeOut.id("tx_errors");
    private static final long DUMP = NativeOut.id("fec_dump");
    private static final long SCHEDULE = NativeOut.id("schedule_work");
    private FecEnetPrivate fep;
    private NativePort c;
    private long[] in;

    @Override
    public String file() {
      return FecSources.MAIN_C;
    }

    @Override
    public String function() {
      return "fec_timeout";
    }

    @Override
    public boolean install(BridgeSite site, NativePort c) {
      if (!(site.driver() instanceof FecDriver d)) {
        return false;
      }
      Timeout t = new Timeout();
      t.fep = d.fep();
      t.c = c;
      t.in = new long[c.inputs()];
      d.timeout().cTimeout = t;
      return true;
    }

    @Override
    public void timeout(int txqueue) {
      in[0] = fep.txErrors;
      NativeOut o = c.call(in);
      boolean field = false;
      while (o.next()) {
        if (o.kind() != NativeOut.CALL) {
          if (o.name() != TX_ERRORS || field) {
            throw PortBridge.cannotApply(c, in, o);
          }
          fep.txErrors = o.value();
          field = true;
        }
      }
      o.rewind();
      while (o.next()) {
        if (o.kind() != NativeOut.CALL) {
          continue;
        }
        if (o.name() == DUMP && o.args() == 0) {
          fep.plat.fecDump();
        } else if (o.name() == SCHEDULE && o.args() == 0) {
          fep.plat.scheduleTimeoutWork();
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
    }
  }

  /** fec_enet_timeout_work. */
  static final class Work implements PortBridge, FecCHooks.TimeoutWork {
    private static final long RTNL_LOCK = NativeOut.id("rtnl_lock");
    private static final long RTNL_UNLOCK = NativeOut.id("rtnl_unlock");
    private static final long NAPI_DISABLE = NativeOut.id("napi_disable");
    private static final long NAPI_ENABLE = NativeOut.id("napi_enable");
    private static final long LOCK = NativeOut.id("netif_tx_lock_bh");
    private static final long UNLOCK = NativeOut.id("netif_tx_unlock_bh");
    private static final long WAKE_ALL = NativeOut.id("netif_tx_wake_all_queues");
    private static final long RESTART = NativeOut.id("fec_restart");
    private FecEnetPrivate fep;
    private FecTimeout timeout;
    private NativePort c;
    private long[] in;

    @Override
    public String file() {
      return FecSources.MAIN_C;
    }

    @Override
    public String function() {
      return "fec_enet_timeout_work";
    }

    @Override
    public boolean install(BridgeSite site, NativePort c) {
      if (!(site.driver() instanceof FecDriver d)) {
        return false;
      }
      Work w = new Work();
      w.fep = d.fep();
      w.timeout = d.timeout();
      w.c = c;
      w.in = new long[c.inputs()];
      d.timeout().cTimeoutWork = w;
      return true;
    }

    @Override
    public void timeoutWork() {
      FecPlatform p = fep.plat;
      in[0] = p.netifDevicePresent() ? 1 : 0;
      in[1] = p.netifRunning() ? 1 : 0;
      NativeOut o = c.call(in);
      boolean restarted = false;
      while (o.next()) {
        long n = o.name();
        if (o.kind() != NativeOut.CALL || o.args() != 0) {
          throw PortBridge.cannotApply(c, in, o);
        } else if (n == RTNL_LOCK) {
          p.rtnlLock();
        } else if (n == RTNL_UNLOCK) {
          p.rtnlUnlock();
        } else if (n == NAPI_DISABLE) {
          fep.k.napiDisable();
        } else if (n == NAPI_ENABLE) {
          fep.k.napiEnable();
        } else if (n == LOCK) {
          p.netifTxLockBh();
        } else if (n == UNLOCK) {
          p.netifTxUnlockBh();
        } else if (n == WAKE_ALL) {
          p.netifTxWakeAllQueues();
        } else if (n == RESTART && !restarted) {
          timeout.restart();
          restarted = true;
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      if (restarted) {
        timeout.countRestart();
      }
    }
  }
}
