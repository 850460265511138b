package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.NapiDevice;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for the sysfs stores of net/core/net-sysfs.c
 * (netdev_store and its change functions, bql_set), lib/kstrtox.c's _kstrtoull they parse
 * with, and dev.c's netdev_sw_irq_coalesce_default_on. A written buffer travels as
 * {@link #TEXT}; the C drivers are {@code src/main/resources/nicsim/portexec/sysfs/}.
 */
public final class SysfsHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/sysfs/";
  private static final String SYSFS_C = "net/core/net-sysfs.c";
  private static final String KSTRTOX_C = "lib/kstrtox.c";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(SYSFS_C, "net/core/dev.c", KSTRTOX_C,
        "include/linux/kstrtox.h", "include/linux/kernel.h", "include/linux/ctype.h", "lib/ctype.c",
        "lib/kstrtox.h", "include/linux/netdevice.h", "include/linux/dynamic_queue_limits.h",
        "include/linux/list.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  /** The characters a free-form buffer is made of (the C driver's nicsim_alphabet). */
  static final String ALPHABET = "0123456789abcdefABCDEFxX+-\n mg\t\u0080";
  /** Whole buffers at the parsers' edges (nicsim_texts; index 0 means free-form). */
  static final List<String> TEXTS = List.of(
      "", "max", "18446744073709551615", "18446744073709551616", "4294967295", "4294967296",
      "0x", "0x1", "0xffffffffffffffff", "0x10000000000000000", "01777777777777777777777",
      "02000000000000000000000", "2147483647", "2147483648", "1879048192", "1879048193", "+0",
      "+", "0", "20000", "0X1f", "0x1g", "08", "1152921504606846975", "1152921504606846976",
      "-1", " 1", "1\n", "ma", "maxx");
  /** What follows a whole buffer (nicsim_suffixes). */
  static final List<String> SUFFIXES = List.of("", "\n", "\n\n", " ", "0", "x");
  private static final int CHARS = 24;

  /** A written buffer: a template with a suffix, or free-form characters. */
  static final List<InputField> TEXT;

  static {
    List<InputField> f = new ArrayList<>(List.of(
        range("template (0: free-form)", 0, TEXTS.size() - 1),
        range("suffix", 0, SUFFIXES.size() - 1),
        range("length", 0, CHARS).withEdges(1, 2, 3)));
    for (int i = 0; i < CHARS; i++) {
      f.add(range("chars[" + i + "]", 0, ALPHABET.length() - 1));
    }
    TEXT = List.copyOf(f);
  }

  /** The buffer a record describes (nicsim_text). */
  static String text(long[] r) {
    if (r[0] == 0) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < r[2]; i++) {
        b.append(ALPHABET.charAt((int) r[3 + i]));
      }
      return b.toString();
    }
    return TEXTS.get((int) r[0]) + SUFFIXES.get((int) r[1]);
  }

  /**
   * The inverse of {@link #text}: {@code buf} as the record's first {@link #TEXT} words (a
   * template with its suffix, else free-form characters), for {@code --ports c}'s bridges.
   *
   * @return false when no record holds it (longer than 24 characters, or a character outside
   *     the alphabet), then {@code in} is unchanged
   */
  public static boolean encode(String buf, long[] in) {
    for (int t = 1; t < TEXTS.size(); t++) {
      for (int x = 0; x < SUFFIXES.size(); x++) {
        if (buf.equals(TEXTS.get(t) + SUFFIXES.get(x))) {
          in[0] = t;
          in[1] = x;
          return true;
        }
      }
    }
    if (buf.length() > CHARS) {
      return false;
    }
    for (int i = 0; i < buf.length(); i++) {
      int a = ALPHABET.indexOf(buf.charAt(i));
      if (a < 0 || buf.charAt(i) == '\u0080') {
        return false;
      }
    }
    in[0] = 0;
    in[1] = 0;
    in[2] = buf.length();
    for (int i = 0; i < CHARS; i++) {
      in[3 + i] = i < buf.length() ? ALPHABET.indexOf(buf.charAt(i)) : 0;
    }
    return true;
  }

  /** A change function's argument and the device before it. */
  private static final List<InputField> DEVICE = List.of(
      u64("val").withEdges(1, 2, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 0xFFFF_FFFFL),
      bool("has a NAPI"),
      u64("gro_flush_timeout before"), u32("napi_defer_hard_irqs before"),
      range("threaded before", 0, 1));

  @Override
  public List<PortHarness> harnesses() {
    return List.of(kstrtoull(), bqlSet(), netdevStore(),
        change("change_gro_flush_timeout"), change("change_napi_defer_hard_irqs"),
        change("modify_napi_threaded"), swIrqCoalesceDefaultOn());
  }

  private static String program(String function) {
    return PortHarness.resource(SysfsHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(SysfsHarnesses.class, DIR + function + ".c");
  }

  /** 0, or the negative errno a refusal throws. */
  interface Store {
    void run() throws KernelException;
  }

  static long ret(Store s) {
    try {
      s.run();
      return 0;
    } catch (KernelException e) {
      return -e.errno().number();
    }
  }

  private static PortHarness kstrtoull() {
    List<InputField> in = new ArrayList<>(TEXT);
    in.add(range("base (0, 8, 10, 16)", 0, 3));
    int[] bases = {0, 8, 10, 16};
    return PortHarness.of(KSTRTOX_C, "_kstrtoull")
        .sources(SOURCES)
        .program(program("_kstrtoull"))
        .inputs(in)
        .notes("the buffer from templates at the parsers' edges or free-form characters;"
            + " *res starts at 12345 (written only on success)")
        .java(kernel -> r -> {
          long[] res = {12345};
          long ret = ret(() -> res[0] = NetSysfs.parseUll(text(r), 0, bases[(int) r[TEXT.size()]]));
          return new Out().put("ret", ret).u("res", res[0]).toString();
        })
        .build();
  }

  private static PortHarness bqlSet() {
    return PortHarness.of(SYSFS_C, "bql_set")
        .sources(SOURCES)
        .program(program("bql_set"))
        .inputs(TEXT)
        .notes("*pvalue starts at 12345 (written only on success); count is strlen(buf)")
        .java(kernel -> r -> {
          String buf = text(r);
          long[] value = {12345};
          long ret = ret(() -> value[0] = BqlSysfs.bqlSet(buf));
          return new Out().put("ret", ret == 0 ? buf.length() : ret).u("value", value[0])
              .toString();
        })
        .build();
  }

  /** A device with a NAPI and one without, in a kernel of the tree's release. */
  private static final class Devices {
    final HarnessKernel hk;
    final NapiDevice withNapi;
    final NapiDevice without;
    final boolean u32;

    Devices(String kernel) {
      hk = HarnessKernel.forRelease(kernel);
      withNapi = hk.kernel.napiDevice("eth0");
      new Napi(hk.kernel, "rx", "eth0", (n, b) -> 0, 64);
      without = hk.kernel.napiDevice("eth1");
      u32 = hk.kernel.netCore().has(NetCorePatches.DEFER_U32);
    }

    /** The record's device, set to its values before. */
    NapiDevice set(long[] d) {
      NapiDevice dev = d[1] != 0 ? withNapi : without;
      dev.setGroFlushTimeout(d[2]);
      dev.setDeferHardIrqs((int) d[3]);
      dev.setThreaded((int) d[4]);
      return dev;
    }

    Out put(Out o, NapiDevice dev) {
      return o.u("gro_flush_timeout", dev.groFlushTimeout())
          .put("napi_defer_hard_irqs", u32 ? Integer.toUnsignedLong(dev.napiDeferHardIrqs())
              : dev.napiDeferHardIrqs())
          .put("threaded", dev.threaded());
    }

    NetSysfs sysfs(NapiDevice dev) {
      return new NetSysfs(dev, hk.kernel.netCore(), 64);
    }
  }

  private static final String DEVICE_NOTE = "CAP_NET_ADMIN held, rtnl taken, the device"
      + " alive; dev.c's setters (netdev_set_gro_flush_timeout, netdev_set_defer_hard_irqs,"
      + " dev_set_threaded / netif_set_threaded) write the device's field, their walk over the"
      + " NAPIs is not compared";

  private static PortHarness netdevStore() {
    List<InputField> in = new ArrayList<>(TEXT);
    in.add(range("file (gro_flush_timeout, napi_defer_hard_irqs, threaded)", 0, 2));
    in.addAll(DEVICE.subList(1, DEVICE.size()));
    String[] files = {"gro_flush_timeout", "napi_defer_hard_irqs", "threaded"};
    return PortHarness.of(SYSFS_C, "netdev_store")
        .sources(SOURCES)
        .program(program("netdev_store"))
        .inputs(in)
        .notes(DEVICE_NOTE + "; len is strlen(buf)")
        .java(kernel -> {
          Devices d = new Devices(kernel);
          return r -> {
            long[] f = new long[5];
            System.arraycopy(r, TEXT.size(), f, 0, 5);
            NapiDevice dev = d.set(f);
            String buf = text(r);
            long ret = ret(() -> d.sysfs(dev).store(files[(int) f[0]], buf));
            return d.put(new Out().put("ret", ret == 0 ? buf.length() : ret), dev).toString();
          };
        })
        .build();
  }

  private static PortHarness change(String function) {
    return PortHarness.of(SYSFS_C, function)
        .sources(SOURCES)
        .program(program(function))
        .inputs(DEVICE)
        .notes(DEVICE_NOTE)
        .java(kernel -> {
          Devices d = new Devices(kernel);
          return r -> {
            NapiDevice dev = d.set(r);
            NetSysfs s = d.sysfs(dev);
            long ret = ret(() -> {
              switch (function) {
                case "change_gro_flush_timeout" -> s.changeGroFlushTimeout(r[0]);
                case "change_napi_defer_hard_irqs" -> s.changeNapiDeferHardIrqs(r[0]);
                default -> s.modifyNapiThreaded(r[0]);
              }
            });
            return d.put(new Out().put("ret", ret), dev).toString();
          };
        })
        .build();
  }

  private static PortHarness swIrqCoalesceDefaultOn() {
    return PortHarness.of("net/core/dev.c", "netdev_sw_irq_coalesce_default_on")
        .sources(SOURCES)
        .program(program("netdev_sw_irq_coalesce_default_on"))
        .inputs(DEVICE)
        .notes(DEVICE_NOTE + "; called from probe, before register_netdev (val unused);"
            + " CONFIG_PREEMPT_RT off")
        .java(kernel -> {
          Devices d = new Devices(kernel);
          SkbLedger ledger = new SkbLedger();
          NetDevice eth0 = new NetDevice(d.hk.kernel, "eth0", 1, ledger);
          NetDevice eth1 = new NetDevice(d.hk.kernel, "eth1", 1, ledger);
          return r -> {
            NapiDevice dev = d.set(r);
            (r[1] != 0 ? eth0 : eth1).swIrqCoalesceDefaultOn();
            return d.put(new Out(), dev).toString();
          };
        })
        .build();
  }
}
