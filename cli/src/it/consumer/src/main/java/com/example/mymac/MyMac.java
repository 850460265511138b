package com.example.mymac;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.nic.InterruptThrottle;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.ring.RingDriver;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A complete MAC model in one file. The rings, DMA, the interrupt line with its TX and RX
 * causes, the NAPI and BQL are core's {@link RingDriver} (costs {@code mymac_xmit},
 * {@code mymac_tx_clean}, {@code mymac_rx}; profile parameters {@code mymac_ring},
 * {@code mymac_fetch_ns}); what this MAC decides is how it coalesces: an Intel-style interrupt
 * throttle (ITR) on the line, set with {@code ethtool -C rx-usecs N} as e1000e sets its ITR
 * register.
 */
public final class MyMac implements MacModel {
  @Override public String name() { return "mymac"; }

  @Override public String description() {
    return "example consumer MAC: one ring each way, one line, an ITR throttle";
  }

  @Override public KernelVersion defaultKernel() { return KernelVersion.of(6, 12); }

  @Override public PatchCatalog patches() { return new PatchCatalog("mymac", List.of()); }

  @Override public NicDriver build(HostContext ctx) { return new Driver(ctx); }

  static final class Driver extends RingDriver {
    /** The ITR register counts in 256 ns units (as e1000e's ITR). */
    static final long ITR_UNIT_NS = 256;
    /** At most one assertion of the line per interval, whichever causes are pending. */
    private final InterruptThrottle itr;
    private long rxUsecs;
    private long itrReg;

    Driver(HostContext ctx) {
      super(ctx, "mymac", "eth0"); // one NAPI named eth0 for both directions
      itr = new InterruptThrottle(kernel); // 0 (the default) is off
      irq.throttle(itr);
    }

    /** Free descriptors between cur and dirty, one slot kept empty (as fec counts them). */
    @KernelPort(file = "drivers/net/ethernet/freescale/fec_main.c",
        function = "fec_enet_get_free_txdesc_num", versions = "v5.10..v6.17",
        source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013",
        notes = "ring indices instead of descriptor pointers shifted by dsize_log2")
    @Override protected int txFree() {
      int entries = tx.dirty - tx.cur - 1;
      return entries >= 0 ? entries : entries + tx.size();
    }

    /** RingDriver's counters (tx_irq, rx_irq, napi_poll, ...) and the throttle's held ones. */
    @Override public SortedMap<String, Long> counters() {
      SortedMap<String, Long> m = super.counters();
      m.put("itr_held", itr.heldCount());
      return m;
    }

    @Override public int supportedCoalesceParams() {
      return CoalesceParam.RX_USECS.bit(); // anything else: EOPNOTSUPP before the driver
    }

    @Override public void getCoalesce(EthtoolCoalesce out) {
      out.rxCoalesceUsecs(rxUsecs);
    }

    /**
     * rx-usecs as e1000e's set_coalesce takes it (its adaptive modes 1..4 are not modelled
     * here): 0 is off, 10..10000 µs an interrupt rate of 10^6 / N per second, written to the
     * ITR register in 256 ns units; the interval is what the register holds.
     */
    @Override public void setCoalesce(EthtoolCoalesce in) throws KernelException {
      long us = in.rxCoalesceUsecs();
      if (us != 0 && (us < 10 || us > 10_000)) {
        throw new KernelException(Errno.EINVAL);
      }
      long itrPerSec = us == 0 ? 0 : 1_000_000 / us;
      itrReg = itrPerSec == 0 ? 0 : 1_000_000_000L / (itrPerSec * ITR_UNIT_NS);
      rxUsecs = us;
      itr.setIntervalNs(itrReg * ITR_UNIT_NS);
    }

    @Override public String coalesceLimits() {
      return "rx-usecs 0 or 10..10000";
    }

    @Override public SortedMap<String, Long> coalesceRegisters() {
      return new TreeMap<>(Map.of("ITR", itrReg));
    }
  }
}
