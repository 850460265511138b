package io.nicsim.core.host;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.NapiDevice;
import io.nicsim.core.net.BqlSysfs;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetSysfs;
import io.nicsim.core.net.SysfsHarnesses;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code --ports c} for the sysfs stores a run's {@code --sysfs} writes reach: the tree's
 * netdev_store (net/core/net-sysfs.c; kstrtoul's _kstrtoull and the file's change function,
 * change_gro_flush_timeout, change_napi_defer_hard_irqs or modify_napi_threaded, inside) in
 * place of {@link NetSysfs#store}, and bql_set (its kstrtouint inside) in place of BqlSysfs's.
 * Each is the inverse of its harness in {@link SysfsHarnesses}: the written buffer as the
 * record's text ({@link SysfsHarnesses#encode}), for netdev_store the file, whether the device
 * has a NAPI and its three values; a negative return is the Java's {@link KernelException} with
 * that errno (so the refusal's one line is the Java's), and on success the field the C's change
 * function wrote goes to the live device through the setter the Java port calls (which also
 * sets every NAPI's copy, and makes the kthreads for {@code threaded}), or bql_set's value to
 * the queue's dql. A buffer no record holds (over 24 characters, or a character outside the
 * record's alphabet) and, on a 32-bit host, a value above 32 bits (the harness's C parses into
 * a 64-bit unsigned long) run as the Java port, counted in the run header.
 */
public final class SysfsBridges implements PortBridgeProvider {
  private static final String SYSFS_C = "net/core/net-sysfs.c";
  private static final long RET = NativeOut.id("ret");
  private static final long VALUE = NativeOut.id("value");
  private static final long GRO = NativeOut.id("gro_flush_timeout");
  private static final long DEFER = NativeOut.id("napi_defer_hard_irqs");
  private static final long THREADED = NativeOut.id("threaded");
  /** SysfsHarnesses.TEXT's size (common.c's NICSIM_TEXT_FIELDS). */
  private static final int TEXT = 27;

  @Override
  public List<PortBridge> bridges() {
    return List.of(bridge("netdev_store"), bridge("bql_set"), new SwIrqCoalesceBridge());
  }

  /**
   * net/core/dev.c's netdev_sw_irq_coalesce_default_on, which a driver's probe calls (ravb's
   * from v6.11, bcmgenet's from v6.17): installed before the driver is built, on the host's
   * kernel, where {@link NetDevice#swIrqCoalesceDefaultOn} finds it. The record is its harness's (the device's
   * NAPI fields as they are, whether it has a NAPI); the C's values go to the live device
   * through the setters the Java port calls, gro_flush_timeout then napi_defer_hard_irqs (and
   * threaded where the C changed it).
   */
  static final class SwIrqCoalesceBridge implements PortBridge, NetDevice.SwIrqCoalesceC {
    private NativePort c;
    private long[] in;

    @Override
    public String file() {
      return "net/core/dev.c";
    }

    @Override
    public String function() {
      return "netdev_sw_irq_coalesce_default_on";
    }

    @Override
    public boolean beforeBuild() {
      return true;
    }

    @Override
    public boolean install(BridgeSite site, NativePort c) {
      SwIrqCoalesceBridge hook = new SwIrqCoalesceBridge();
      hook.c = c;
      hook.in = new long[c.inputs()];
      site.host().kernel().putInLoop(NetDevice.SwIrqCoalesceC.class, hook);
      return true;
    }

    @Override
    public void swIrqCoalesceDefaultOn(NapiDevice dev) {
      Arrays.fill(in, 0);
      in[0] = 1; // val (unused: the probe's call, before register_netdev)
      in[1] = dev.napis().isEmpty() ? 0 : 1;
      in[2] = dev.groFlushTimeout();
      in[3] = Integer.toUnsignedLong(dev.napiDeferHardIrqs());
      in[4] = dev.threaded();
      NativeOut o = c.call(in);
      long gro = dev.groFlushTimeout();
      long defer = Integer.toUnsignedLong(dev.napiDeferHardIrqs());
      long threaded = dev.threaded();
      while (o.next()) {
        if (o.kind() == NativeOut.CALL) {
          throw PortBridge.cannotApply(c, in, o);
        } else if (o.name() == GRO) {
          gro = o.value();
        } else if (o.name() == DEFER) {
          defer = o.value();
        } else if (o.name() == THREADED) {
          threaded = o.value();
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      dev.setGroFlushTimeout(gro);
      dev.setDeferHardIrqs((int) defer);
      if (threaded != dev.threaded()) {
        dev.setThreaded((int) threaded);
      }
    }
  }

  private static PortBridge bridge(String function) {
    return new PortBridge() {
      @Override
      public String file() {
        return SYSFS_C;
      }

      @Override
      public String function() {
        return function;
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        Kernel k = site.host().kernel();
        Hook hook = new Hook(c, why -> {
          InLoopPorts ports = k.inLoop(InLoopPorts.class);
          if (ports != null) {
            ports.ranAsJava(label(), why);
          }
        });
        if (function.equals("netdev_store")) {
          k.putInLoop(NetSysfs.StoreC.class, hook);
        } else {
          k.putInLoop(BqlSysfs.SetC.class, hook);
        }
        return true;
      }
    };
  }

  /** netdev_store's and bql_set's hook. */
  static final class Hook implements NetSysfs.StoreC, BqlSysfs.SetC {
    private final NativePort c;
    private final long[] in;
    private final Consumer<String> asJava;

    Hook(NativePort c, Consumer<String> asJava) {
      this.c = c;
      this.in = new long[c.inputs()];
      this.asJava = asJava;
    }

    private boolean encode(String buf) {
      Arrays.fill(in, 0);
      if (SysfsHarnesses.encode(buf, in)) {
        return true;
      }
      asJava.accept("the written buffer is not one the record holds (at most 24 characters of"
          + " digits, a-f, x, +, -, m, g, space, tab and newline, or one of its templates)");
      return false;
    }

    @Override
    public boolean holds(String buf, int unsignedLongBits) {
      if (!encode(buf)) {
        return false;
      }
      if (unsignedLongBits != 32) {
        return true;
      }
      try {
        NetSysfs.kstrtoul(buf, 64);
      } catch (KernelException e) {
        return true; // refused alike whatever the width
      }
      try {
        NetSysfs.kstrtoul(buf, 32);
        return true;
      } catch (KernelException e) {
        asJava.accept("a value past the 32-bit host's unsigned long (the harness's C parses"
            + " into 64 bits)");
        return false;
      }
    }

    @Override
    public boolean holds(String buf) {
      return encode(buf);
    }

    @Override
    public void store(NapiDevice dev, int file, String buf) throws KernelException {
      encode(buf);
      in[TEXT] = file;
      in[TEXT + 1] = dev.napis().isEmpty() ? 0 : 1;
      in[TEXT + 2] = dev.groFlushTimeout();
      in[TEXT + 3] = Integer.toUnsignedLong(dev.napiDeferHardIrqs());
      in[TEXT + 4] = dev.threaded();
      long[] out = fields(c.call(in), RET, GRO, DEFER, THREADED);
      long ret = out[0];
      long gro = out[1];
      long defer = out[2];
      long threaded = out[3];
      refuse(ret);
      // the file's change function ran its setter: the Java's, on the live device
      switch (file) {
        case 0 -> dev.setGroFlushTimeout(gro);
        case 1 -> dev.setDeferHardIrqs((int) defer);
        default -> dev.setThreaded((int) threaded);
      }
    }

    @Override
    public long bqlSet(String buf) throws KernelException {
      encode(buf);
      long[] out = fields(c.call(in), RET, VALUE);
      long ret = out[0];
      long value = out[1];
      refuse(ret);
      return value;
    }

    /**
     * The output record's fields {@code names}, in that order (0 where the C wrote none); a call
     * or any other field is one these stores never make, and fails the run.
     */
    private long[] fields(NativeOut o, long... names) {
      long[] values = new long[names.length];
      while (o.next()) {
        int i = o.kind() == NativeOut.CALL ? -1 : indexOf(names, o.name());
        if (i < 0) {
          throw PortBridge.cannotApply(c, in, o);
        }
        values[i] = o.value();
      }
      return values;
    }

    private static int indexOf(long[] names, long name) {
      for (int i = 0; i < names.length; i++) {
        if (names[i] == name) {
          return i;
        }
      }
      return -1;
    }

    private void refuse(long ret) throws KernelException {
      if (ret >= 0) {
        return;
      }
      throw new KernelException(PortBridge.errno(c, in, ret));
    }
  }
}
