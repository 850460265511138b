package io.nicsim.tcp.stack;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.ring.RingDriver;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.hostkit.MacHosts;
import java.util.List;

/**
 * tcp-model's test NIC: core's {@link RingDriver} with separate TX and RX NAPI contexts,
 * optional TSO ({@code testnic_tso}), and transmitted skbs freed either right after each
 * frame's write-back (a TX interrupt per frame) or only by a periodic clean every
 * {@code testnic_tx_clean_period_ns} (no TX interrupt at all): the held-back TX completions
 * the TSQ tests need.
 */
final class TestNic implements MacModel {
  private static final PatchCatalog PATCHES = new PatchCatalog("testnic", List.of());
  /** Hosts of this NIC, built by hostkit (under the audit with {@code host}). */
  static final MacHosts HOSTS = MacHosts.of(new TestNic());

  @Override
  public String name() {
    return "testnic";
  }

  @Override
  public String description() {
    return "tcp-model's test NIC: per-frame or periodic TX completion";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 17);
  }

  @Override
  public PatchCatalog patches() {
    return PATCHES;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new Driver(ctx);
  }

  private static final class Driver extends RingDriver {
    private final long cleanPeriodNs;
    private final HrTimer cleanTimer;

    Driver(HostContext ctx) {
      super(ctx, "testnic", "eth0-tx", "eth0-rx");
      boolean tso = ctx.soc().param("testnic_tso").asLong() != 0;
      txDma.setTso(tso);
      dev.setTso(tso);
      cleanPeriodNs = ctx.soc().param("testnic_tx_clean_period_ns").asLong();
      cleanTimer = new HrTimer(kernel, "testnic_tx_clean", t -> {
        if (txNapi.schedulePrep()) {
          txNapi.schedule();
        }
        t.forwardNow(cleanPeriodNs);
        return HrTimer.Restart.RESTART;
      });
    }

    /** Periodic mode: no completion interrupt at all, the clean timer frees skbs. */
    @Override
    protected boolean txIrqPerFrame() {
      return cleanPeriodNs == 0;
    }

    /** In periodic mode the clean timer is what frees the ring. */
    @Override
    public Cleaner txCleaner(int queue) {
      Cleaner c = super.txCleaner(queue);
      return c == Cleaner.NOTHING && cleanTimer.isQueued() ? Cleaner.TIMER_QUEUED : c;
    }

    @Override
    public int startXmit(Skb skb, NetdevQueue txq) {
      if (!mapTx(skb, txq)) {
        return NetdevTx.NETDEV_TX_BUSY;
      }
      doorbell();
      long now = kernel.thisCpu().cursor();
      if (cleanPeriodNs > 0 && !cleanTimer.isQueued() && !cleanTimer.callbackRunning()) {
        cleanTimer.start(cleanPeriodNs - now % cleanPeriodNs);
      }
      return NetdevTx.NETDEV_TX_OK;
    }
  }
}
