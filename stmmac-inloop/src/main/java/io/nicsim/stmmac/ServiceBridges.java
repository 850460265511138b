package io.nicsim.stmmac;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * {@code --ports c} for stmmac's error recovery: {@code stmmac_tx_timeout} (dev_watchdog's
 * ndo_tx_timeout; {@code stmmac_global_err} and {@code stmmac_service_event_schedule} inside)
 * and {@code stmmac_service_task} (the service work; {@code stmmac_reset_subtask} inside), the
 * tree's C in place of {@link StmmacService#txTimeout} and {@link StmmacService#serviceTask}:
 * the inverses of their harness in {@code StmmacIrqHarnesses} (svc.c). The record is
 * {@code priv->state} (STMMAC_DOWN, _RESET_REQUESTED, _RESETING, _SERVICE_SCHED), the timed-out
 * queue and queue_work's answer (which the C ignores). The state bits the C left come back
 * first (nothing the model does in the calls below reads them but the service work, which runs
 * after them), then the C's calls in order on the live kernel calls: the carrier off, the
 * service work queued (this bridge's service task, or the Java's), the reset's log line, RTNL,
 * the queues' trans_start, dev_close and dev_open; the model's timeout and reset counts beside
 * them. {@code usleep_range} (the wait while another reset runs) is never entered: the one
 * service work sets STMMAC_RESETING and clears it before it returns.
 */
final class ServiceBridges {
  private static final long STATE = NativeOut.id("state");
  private static final long QUEUE_WORK = NativeOut.id("queue_work");
  private static final long CARRIER_OFF = NativeOut.id("netif_carrier_off");
  private static final long RTNL_LOCK = NativeOut.id("rtnl_lock");
  private static final long RTNL_UNLOCK = NativeOut.id("rtnl_unlock");
  private static final long TRANS_UPDATE = NativeOut.id("netif_trans_update");
  private static final long DEV_CLOSE = NativeOut.id("dev_close");
  private static final long DEV_OPEN = NativeOut.id("dev_open");
  private static final long NETDEV_ERR = NativeOut.id("netdev_err");

  private ServiceBridges() {}

  /** The state the C left, then its calls, through {@code svc}'s live priv. */
  static void apply(StmmacService svc, StmmacPriv priv, NativePort c, long[] in) {
    NativeOut o = c.call(in);
    boolean state = false;
    while (o.next()) {
      if (o.kind() == NativeOut.FIELD || o.kind() == NativeOut.UFIELD) {
        if (o.name() != STATE || state) {
          throw PortBridge.cannotApply(c, in, o);
        }
        priv.state = o.value();
        state = true;
      }
    }
    if (!state) {
      throw new NativeFailure(c.label() + ": the C left no state; "
          + PortBridge.record(c, in));
    }
    o.rewind();
    boolean closed = false;
    boolean opened = false;
    while (o.next()) {
      if (o.kind() == NativeOut.FIELD || o.kind() == NativeOut.UFIELD) {
        continue;
      }
      long n = o.name();
      if (o.kind() == NativeOut.MESSAGE) {
        if (n != NETDEV_ERR) {
          throw PortBridge.cannotApply(c, in, o);
        }
        priv.calls.netdevErr(o.message());
        continue;
      }
      if (n == CARRIER_OFF && o.args() == 0) {
        priv.calls.netifCarrierOff();
      } else if (n == QUEUE_WORK && o.args() == 0) {
        priv.calls.queueWork(svc::serviceTask);
      } else if (n == RTNL_LOCK && o.args() == 0) {
        priv.calls.rtnlLock();
      } else if (n == RTNL_UNLOCK && o.args() == 0) {
        priv.calls.rtnlUnlock();
      } else if (n == TRANS_UPDATE && o.args() == 0) {
        priv.calls.netifTransUpdate();
      } else if (n == DEV_CLOSE && o.args() == 0 && !closed) {
        priv.calls.devClose();
        closed = true;
      } else if (n == DEV_OPEN && o.args() == 0 && closed && !opened) {
        priv.calls.devOpen();
        opened = true;
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
    }
    if (opened) {
      svc.countReset();
    }
  }

  /** stmmac_tx_timeout. */
  static final class TxTimeout extends StmmacPortBridge {
    TxTimeout() {
      super("stmmac_tx_timeout");
    }

    @Override
    boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
      StmmacService svc = d.service();
      long[] in = new long[c.inputs()];
      svc.cTxTimeout = q -> {
        in[0] = priv.state;
        in[1] = q;
        in[2] = 1;
        apply(svc, priv, c, in);
      };
      return true;
    }
  }

  /** stmmac_service_task. */
  static final class ServiceTask extends StmmacPortBridge {
    ServiceTask() {
      super("stmmac_service_task");
    }

    @Override
    boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
      StmmacService svc = d.service();
      long[] in = new long[c.inputs()];
      svc.cServiceTask = () -> {
        in[0] = priv.state;
        in[1] = 0;
        in[2] = 1;
        apply(svc, priv, c, in);
      };
      return true;
    }
  }
}
