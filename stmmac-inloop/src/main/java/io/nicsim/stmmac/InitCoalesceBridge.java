package io.nicsim.stmmac;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for stmmac_main.c's {@code stmmac_init_coalesce}, run once per open: the
 * inverse of its harness in {@link StmmacLifecycleHarnesses}. The live queue counts and every
 * queue's tx_coal_frames, tx_coal_timer and rx_coal_frames go in; the C's timer set-up
 * ({@code hrtimer_init}, from hrtimer-setup {@code hrtimer_setup}) is the live driver's
 * {@link StmmacLifecycle#setupTxTimer} for that queue, in the C's order, and the values it
 * printed are written back. The record's {@code function[q]} (the callback is
 * stmmac_tx_timer) is what setupTxTimer installs.
 */
final class InitCoalesceBridge extends StmmacPortBridge {
  InitCoalesceBridge() {
    super("stmmac_init_coalesce");
  }

  @Override
  boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
    d.cInitCoalesce = new Hook(d, c);
    return true;
  }

  /** The hook {@link StmmacLifecycle#initCoalesce} calls first. */
  static final class Hook implements StmmacCHooks.InitCoalesce {
    private static final long INIT = NativeOut.id("hrtimer_init");
    private static final long SETUP = NativeOut.id("hrtimer_setup");
    private static final long[][] FIELDS = new long[4][8];

    static {
      String[] names = {"tx_coal_frames", "tx_coal_timer", "rx_coal_frames", "function"};
      for (int a = 0; a < 4; a++) {
        for (int q = 0; q < 8; q++) {
          FIELDS[a][q] = NativeOut.id(names[a] + "[" + q + "]");
        }
      }
    }

    private final StmmacDriver d;
    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;

    Hook(StmmacDriver d, NativePort c) {
      this.d = d;
      this.priv = d.priv();
      this.c = c;
      this.in = new long[c.inputs()];
    }

    @Override
    public void initCoalesce() {
      Arrays.fill(in, 0);
      in[0] = priv.plat.txQueuesToUse();
      in[1] = priv.plat.rxQueuesToUse();
      for (int q = 0; q < 8; q++) {
        in[2 + q] = Integer.toUnsignedLong(priv.txCoalFrames[q]);
        in[10 + q] = Integer.toUnsignedLong(priv.txCoalTimer[q]);
        in[18 + q] = Integer.toUnsignedLong(priv.rxCoalFrames[q]);
      }
      NativeOut o = c.call(in);
      int[][] to = {priv.txCoalFrames, priv.txCoalTimer, priv.rxCoalFrames};
      while (o.next()) {
        long n = o.name();
        if (o.kind() == NativeOut.CALL) {
          if (n != INIT && n != SETUP) {
            throw PortBridge.cannotApply(c, in, o);
          }
          d.setupTxTimer((int) o.arg(0));
          continue;
        }
        if (!field(n, (int) o.value(), to)) {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
    }

    private boolean field(long n, int v, int[][] to) {
      for (int a = 0; a < 4; a++) {
        for (int q = 0; q < 8; q++) {
          if (FIELDS[a][q] == n) {
            if (a < 3) {
              to[a][q] = v;
            }
            return true;
          }
        }
      }
      return false;
    }
  }
}
