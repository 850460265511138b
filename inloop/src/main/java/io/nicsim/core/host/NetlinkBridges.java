package io.nicsim.core.host;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NapiNetlink;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.List;

/**
 * {@code --ports c} for a run's {@code --napi-set}: the tree's netdev_nl_napi_set_doit
 * (net/core/netdev-genl.c, v6.13+; netdev_nl_napi_set_config inside) in place of {@link
 * NapiNetlink}'s doit, through the hook {@link NapiNetlink.SetC} the host's kernel holds. The
 * family's own checks (no napi-set before v6.13, the policy's ranges and attributes) stay the
 * Java's, before it. The inverse of its harness ({@code NetlinkHarnesses}): the NAPI's three
 * settings before, the id present, whether it names a NAPI (the harness's
 * netdev_napi_by_id_lock answers from that), each attribute present with its value; the
 * settings the C left go back to the live NAPI through the setter the Java calls, and a
 * negative return is the Java's {@link KernelException} with that errno (-ENOENT with the
 * Java's text for the extack's bad id attribute, so the refusal's one line is the Java's).
 */
public final class NetlinkBridges implements PortBridgeProvider {
  private static final long RET = NativeOut.id("ret");
  private static final long DEFER = NativeOut.id("defer_hard_irqs");
  private static final long GRO = NativeOut.id("gro_flush_timeout");
  private static final long SUSPEND = NativeOut.id("irq_suspend_timeout");

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return "net/core/netdev-genl.c";
      }

      @Override
      public String function() {
        return "netdev_nl_napi_set_doit";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        site.host().kernel().putInLoop(NapiNetlink.SetC.class, new Hook(c));
        return true;
      }
    });
  }

  /** netdev_nl_napi_set_doit's hook. */
  static final class Hook implements NapiNetlink.SetC {
    private final NativePort c;
    private final long[] in;

    Hook(NativePort c) {
      this.c = c;
      this.in = new long[c.inputs()];
    }

    @Override
    public void napiSet(Napi napi, int napiId, Long deferHardIrqs, Long groFlushTimeout,
        Long irqSuspendTimeout) throws KernelException {
      Arrays.fill(in, 0);
      if (napi != null) {
        in[0] = Integer.toUnsignedLong(napi.deferHardIrqs());
        in[1] = napi.groFlushTimeout();
        in[2] = napi.irqSuspendTimeout();
      }
      in[3] = 1; // ynl's napi-set always sends the id
      in[4] = napi != null ? 1 : 0;
      attr(5, deferHardIrqs);
      attr(7, groFlushTimeout);
      attr(9, irqSuspendTimeout);
      long ret = 0;
      long defer = in[0];
      long gro = in[1];
      long suspend = in[2];
      NativeOut o = c.call(in);
      while (o.next()) {
        long n = o.name();
        if (o.kind() == NativeOut.CALL) {
          throw PortBridge.cannotApply(c, in, o);
        } else if (n == RET) {
          ret = o.value();
        } else if (n == DEFER) {
          defer = o.value();
        } else if (n == GRO) {
          gro = o.value();
        } else if (n == SUSPEND) {
          suspend = o.value();
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      if (ret < 0) {
        Errno e = PortBridge.errno(c, in, ret);
        throw e == Errno.ENOENT ? NapiNetlink.noNapi(napiId) : new KernelException(e);
      }
      if (napi != null) {
        // the settings the C's napi_set_* left, through the Java's setter
        napi.setConfig(defer, gro, suspend);
      }
    }

    private void attr(int slot, Long value) {
      if (value != null) {
        in[slot] = 1;
        in[slot + 1] = value;
      }
    }
  }
}
