package io.nicsim.stmmac;

import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * {@code --ports c} for stmmac_ethtool.c's coalescing entries: the tree's {@code
 * stmmac_get_coalesce}, {@code stmmac_set_coalesce} (with {@code __stmmac_get_coalesce} /
 * {@code __stmmac_set_coalesce} and the RIWT conversions inside, as the tree has them), the
 * per-queue ops, {@code __stmmac_get/set_coalesce} and the conversions themselves (where a Java
 * caller calls them: the refusal's range text, the dim what-if) and the {@code .begin} {@code
 * stmmac_check_if_running}, in place of their ports in {@link StmmacEthtool}. Each is the inverse
 * of its harness in {@link StmmacHarnesses}: the live priv's clocks, use_riwt, queue counts and
 * four per-queue arrays ({@code PRIV_FIELDS}), then the request, become the record; the C's
 * {@code rx_watchdog} calls go to the live hwif's RX watchdog write ({@code priv.rxWatchdog}, as
 * the Java's do), the arrays it printed are written back, the {@code ethtool_coalesce} it filled
 * comes back into the request, and a negative return is the Java's {@link KernelException}
 * with that errno (stmmac logs no text for these refusals).
 *
 * <p>The harness's C multiplies the RIWT conversion in a 64-bit {@code unsigned long}; on a
 * 32-bit CPU (cyclone5's Cortex-A9) a call whose product would wrap there runs as the Java port,
 * counted in the run header.
 */
final class EthtoolBridge implements PortBridge {
  static final String FILE = "drivers/net/ethernet/stmicro/stmmac/stmmac_ethtool.c";

  private final String function;

  EthtoolBridge(String function) {
    this.function = function;
  }

  @Override
  public String file() {
    return FILE;
  }

  @Override
  public String function() {
    return function;
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof StmmacDriver d)
        || !(d.ethtool() instanceof StmmacEthtool e)) {
      return false;
    }
    Kernel k = site.host().kernel();
    Hook hook = new Hook(d.priv(), c, why -> {
      InLoopPorts ports = k.inLoop(InLoopPorts.class);
      if (ports != null) {
        ports.ranAsJava(label(), why);
      }
    });
    switch (function) {
      case "stmmac_check_if_running" -> e.cCheckIfRunning = hook;
      case "stmmac_get_coalesce" -> e.cGetCoalesce = hook;
      case "stmmac_set_coalesce" -> e.cSetCoalesce = hook;
      case "__stmmac_get_coalesce" -> e.cGetQueueCoalesce = hook;
      case "__stmmac_set_coalesce" -> e.cSetQueueCoalesce = hook;
      case "stmmac_get_per_queue_coalesce" -> e.cGetPerQueueCoalesce = hook;
      case "stmmac_set_per_queue_coalesce" -> e.cSetPerQueueCoalesce = hook;
      case "stmmac_usec2riwt" -> e.cUsec2riwt = hook;
      case "stmmac_riwt2usec" -> e.cRiwt2usec = hook;
      default -> {
        return false;
      }
    }
    return true;
  }

  /** The hook a {@link StmmacEthtool} method calls first. */
  static final class Hook implements StmmacCHooks.Ethtool, StmmacCHooks.Conversion {
    /** {@code StmmacHarnesses.PRIV_FIELDS}'s size (common.c's NICSIM_PRIV_FIELDS). */
    static final int PRIV = 37;
    private static final long RET = NativeOut.id("ret");
    private static final long RX_WATCHDOG = NativeOut.id("rx_watchdog");
    private static final long EC_RX_USECS = NativeOut.id("ec.rx_coalesce_usecs");
    private static final long EC_RX_FRAMES = NativeOut.id("ec.rx_max_coalesced_frames");
    private static final long EC_TX_USECS = NativeOut.id("ec.tx_coalesce_usecs");
    private static final long EC_TX_FRAMES = NativeOut.id("ec.tx_max_coalesced_frames");
    private static final long[][] ARRAYS = new long[4][8];

    static {
      String[] names = {"tx_coal_frames", "tx_coal_timer", "rx_coal_frames", "rx_riwt"};
      for (int a = 0; a < 4; a++) {
        for (int i = 0; i < 8; i++) {
          ARRAYS[a][i] = NativeOut.id(names[a] + "[" + i + "]");
        }
      }
    }

    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Consumer<String> asJava;
    private final boolean convertsValue;

    Hook(StmmacPriv priv, NativePort c, Consumer<String> asJava) {
      this.priv = priv;
      this.c = c;
      this.in = new long[c.inputs()];
      this.asJava = asJava;
      this.convertsValue = c.function().endsWith("riwt2usec") || c.function().endsWith("2riwt");
    }

    /** The live priv as common.c's nicsim_priv_set reads it. */
    private void capture() {
      Arrays.fill(in, 0);
      StmmacPlat plat = priv.plat;
      in[0] = plat.stmmacClkHz();
      in[1] = plat.clkRefHz();
      in[2] = priv.useRiwt ? 1 : 0;
      in[3] = plat.rxQueuesToUse();
      in[4] = plat.txQueuesToUse();
      for (int i = 0; i < 8; i++) {
        in[5 + i] = Integer.toUnsignedLong(priv.txCoalFrames[i]);
        in[13 + i] = Integer.toUnsignedLong(priv.txCoalTimer[i]);
        in[21 + i] = Integer.toUnsignedLong(priv.rxCoalFrames[i]);
        in[29 + i] = Integer.toUnsignedLong(priv.rxRiwt[i]);
      }
    }

    /** The CPU's C {@code unsigned long} is 32 bits: the harness's (64-bit) C would not wrap. */
    private boolean narrow() {
      return priv.plat.unsignedLongBits() == 32;
    }

    private long mhz() {
      return priv.plat.riwtClockHz() / 1_000_000L;
    }

    /** usec * MHz (usec2riwt's product, +128 when rounded) stays below 2^32. */
    private boolean usecFits(long usec) {
      return !narrow() || usec * mhz() + 128 <= 0xFFFF_FFFFL;
    }

    /** riwt * 256 as u32, plus half the divisor (riwt2usec's rounding), stays below 2^32. */
    private boolean riwtFits(long riwt) {
      return !narrow() || ((riwt * 256) & 0xFFFF_FFFFL) + mhz() / 2 <= 0xFFFF_FFFFL;
    }

    private static final String WRAPS = "the conversion would wrap the CPU's 32-bit unsigned"
        + " long (the harness's C multiplies in 64 bits)";

    @Override
    public boolean holds(long value) {
      boolean fits = c.function().endsWith("2riwt") ? usecFits(value) : riwtFits(value);
      if (!fits) {
        asJava.accept(WRAPS);
      }
      return fits;
    }

    @Override
    public boolean holds(EthtoolCoalesce ec) {
      if (!narrow() || convertsValue) {
        return true;
      }
      boolean fits = ec == null || usecFits(ec.rxCoalesceUsecs());
      for (int i = 0; fits && i < 8; i++) {
        fits = riwtFits(Integer.toUnsignedLong(priv.rxRiwt[i]));
      }
      if (!fits) {
        asJava.accept(WRAPS);
      }
      return fits;
    }

    @Override
    public long convert(long value) {
      capture();
      in[PRIV] = value & 0xFFFF_FFFFL;
      return apply(c.call(in), null) & 0xFFFF_FFFFL;
    }

    @Override
    public void call(EthtoolCoalesce ec, int queue) throws KernelException {
      capture();
      if (ec == null) { // .begin: stmmac_check_if_running
        in[PRIV] = priv.netifRunning ? 1 : 0;
      } else {
        in[PRIV] = ec.rxCoalesceUsecs() & 0xFFFF_FFFFL;
        in[PRIV + 1] = ec.rxMaxCoalescedFrames() & 0xFFFF_FFFFL;
        in[PRIV + 2] = ec.txCoalesceUsecs() & 0xFFFF_FFFFL;
        in[PRIV + 3] = ec.txMaxCoalescedFrames() & 0xFFFF_FFFFL;
        // stmmac_get/set_coalesce take no queue: the record's unused word stays 0
        in[PRIV + 4] = c.function().matches("stmmac_[gs]et_coalesce") ? 0 : queue;
      }
      long ret = apply(c.call(in), ec);
      if (ret < 0) {
        throw new KernelException(PortBridge.errno(c, in, ret));
      }
    }

    /** The C's record applied in order; its "ret". */
    private long apply(NativeOut o, EthtoolCoalesce ec) {
      long ret = 0;
      while (o.next()) {
        long n = o.name();
        if (o.kind() == NativeOut.CALL) {
          if (n != RX_WATCHDOG) {
            throw PortBridge.cannotApply(c, in, o);
          }
          priv.rxWatchdog.rxWatchdog((int) o.arg(0), (int) o.arg(1));
        } else if (n == RET) {
          ret = o.value();
        } else if (ec != null && n == EC_RX_USECS) {
          ec.rxCoalesceUsecs(o.value());
        } else if (ec != null && n == EC_RX_FRAMES) {
          ec.rxMaxCoalescedFrames(o.value());
        } else if (ec != null && n == EC_TX_USECS) {
          ec.txCoalesceUsecs(o.value());
        } else if (ec != null && n == EC_TX_FRAMES) {
          ec.txMaxCoalescedFrames(o.value());
        } else if (!array(n, (int) o.value())) {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      return ret;
    }

    private boolean array(long n, int v) {
      int[][] to = {priv.txCoalFrames, priv.txCoalTimer, priv.rxCoalFrames, priv.rxRiwt};
      for (int a = 0; a < 4; a++) {
        for (int i = 0; i < 8; i++) {
          if (ARRAYS[a][i] == n) {
            to[a][i] = v;
            return true;
          }
        }
      }
      return false;
    }
  }
}
