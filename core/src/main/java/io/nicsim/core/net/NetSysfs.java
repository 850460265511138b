package io.nicsim.core.net;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.NapiDevice;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.port.KernelPort;
import java.util.List;

/**
 * The software-coalescing files of {@code /sys/class/net/eth0/} (net/core/net-sysfs.c):
 * {@code gro_flush_timeout}, {@code napi_defer_hard_irqs} and {@code threaded}, written as
 * {@code echo VALUE > FILE} writes them (the value and a newline) and read back as {@code cat}
 * shows them. A write the kernel refuses throws its errno; a file the kernel does not have
 * (unknown, or of a later kernel) cannot be created in sysfs: {@code EACCES}, as the shell's
 * redirection reports it.
 */
public final class NetSysfs {
  /** The files nicsim models, in the order {@code ls} lists them. */
  public static final List<String> FILES =
      List.of("gro_flush_timeout", "napi_defer_hard_irqs", "threaded");

  private final NapiDevice dev;
  private final PatchSet net;
  private final int unsignedLongBits;
  /** {@code --ports c}: the tree's netdev_store in place of {@link #store}, or null. */
  private StoreC cStore;

  /**
   * {@code --ports c}'s netdev_store (inloop's {@code SysfsBridges}): the tree's C with the
   * file's change function and kstrtoul inside, on the live device.
   */
  public interface StoreC {
    /**
     * Whether the C's record holds this write (its buffer, and on a 32-bit host a value the
     * harness's 64-bit kstrtoul would read as the host's does); else the Java runs, counted.
     */
    boolean holds(String buf, int unsignedLongBits);

    /**
     * netdev_store of {@code FILES.get(file)} on {@code dev}: a refusal as its errno, else the
     * device's field set as the file's change function sets it.
     */
    void store(NapiDevice dev, int file, String buf) throws KernelException;
  }

  /** This device's files with the tree's netdev_store ({@code c} null: the Java port). */
  public NetSysfs withC(StoreC c) {
    this.cStore = c;
    return this;
  }

  /**
   * @param unsignedLongBits the width of C {@code unsigned long} on the host (32 on ARMv7, 64
   *     on arm64): kstrtoul's range and gro_flush_timeout's type
   */
  public NetSysfs(NapiDevice dev, PatchSet netCore, int unsignedLongBits) {
    if (unsignedLongBits != 32 && unsignedLongBits != 64) {
      throw new IllegalArgumentException("unsigned long is 32 or 64 bits, not " + unsignedLongBits);
    }
    this.dev = dev;
    this.net = netCore;
    this.unsignedLongBits = unsignedLongBits;
  }

  /** Whether this kernel has the file. */
  public boolean exists(String file) {
    switch (file) {
      case "gro_flush_timeout":
        return true; // v3.19 (3b47d30396ba)
      case "napi_defer_hard_irqs":
        return net.has(NetCorePatches.DEFER_HARD_IRQS);
      case "threaded":
        return net.has(NetCorePatches.THREADED);
      default:
        return false;
    }
  }

  /** The kernel release that added the file, for messages ({@code null}: never / unknown). */
  public static String since(String file) {
    switch (file) {
      case "gro_flush_timeout":
        return "v3.19";
      case "napi_defer_hard_irqs":
        return "v5.10";
      case "threaded":
        return "v5.12";
      default:
        return null;
    }
  }

  /** The values a write accepts, as the kernel's checks define them (for messages). */
  public String accepted(String file) {
    String ulongMax = unsignedLongBits == 64 ? "18446744073709551615" : "4294967295";
    switch (file) {
      case "gro_flush_timeout":
        return "0.." + ulongMax + " ns";
      case "napi_defer_hard_irqs":
        return net.has(NetCorePatches.DEFER_U32) ? "0..2147483647" : "0.." + ulongMax
            + " (stored in an int)";
      case "threaded":
        return "0 or 1";
      default:
        return String.join(", ", FILES);
    }
  }

  /** {@code echo VALUE > /sys/class/net/DEV/FILE}: the value with echo's newline. */
  public void echo(String file, String value) throws KernelException {
    store(file, value + "\n");
  }

  /** The file's store: netdev_store's kstrtoul, then the file's change function. */
  @KernelPort(
      file = "net/core/net-sysfs.c",
      function = "netdev_store",
      versions = "v4.19..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "CAP_NET_ADMIN held; rtnl_trylock always succeeds; the device is alive")
  public void store(String file, String buf) throws KernelException {
    if (!exists(file)) {
      // no such attribute: the shell's open(O_CREAT) of a sysfs directory entry fails
      throw new KernelException(Errno.EACCES, "no such file in /sys/class/net/" + dev.name()
          + (since(file) == null ? "" : " before " + since(file)));
    }
    if (cStore != null && cStore.holds(buf, unsignedLongBits)) {
      cStore.store(dev, FILES.indexOf(file), buf);
      return;
    }
    long val = kstrtoul(buf, unsignedLongBits);
    switch (file) {
      case "gro_flush_timeout":
        changeGroFlushTimeout(val);
        break;
      case "napi_defer_hard_irqs":
        changeNapiDeferHardIrqs(val);
        break;
      case "threaded":
        modifyNapiThreaded(val);
        break;
      default:
        throw new AssertionError(file);
    }
  }

  @KernelPort(
      file = "net/core/net-sysfs.c",
      function = "change_gro_flush_timeout",
      versions = "v4.19..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "v6.13 writes through netdev_set_gro_flush_timeout (every NAPI too)")
  void changeGroFlushTimeout(long val) {
    dev.setGroFlushTimeout(val);
  }

  @KernelPort(
      file = "net/core/net-sysfs.c",
      function = "change_napi_defer_hard_irqs",
      versions = "v5.10..v6.18",
      commits = {"6f8b12d661d0", "08062af0a521"},
      source = "debian:linux-source-6.12@6.12.117",
      notes = "before 08062af0a521 (6.1) the unsigned long is stored into an int, as gcc"
          + " truncates it")
  void changeNapiDeferHardIrqs(long val) throws KernelException {
    if (net.has(NetCorePatches.DEFER_U32)) {
      if (Long.compareUnsigned(val, Integer.MAX_VALUE) > 0) { // val > S32_MAX
        throw new KernelException(Errno.ERANGE);
      }
    }
    dev.setDeferHardIrqs((int) val);
  }

  @KernelPort(
      file = "net/core/net-sysfs.c",
      function = "modify_napi_threaded",
      versions = "v5.12..v6.18",
      commits = {"5fdd2f0e5c64"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "0 or 1 in every release: threaded busy polling (6.18) is netlink's (napi-set"
          + " threaded busy-poll), not sysfs's")
  void modifyNapiThreaded(long val) throws KernelException {
    if (dev.napis().isEmpty()) {
      throw new KernelException(Errno.EOPNOTSUPP);
    }
    if (val != 0 && val != 1) {
      throw new KernelException(Errno.EOPNOTSUPP);
    }
    dev.setThreaded((int) val); // dev_set_threaded / netif_set_threaded
  }

  /** {@code cat FILE}: the show function's format (fmt_ulong, fmt_dec or fmt_uint). */
  public String cat(String file) throws KernelException {
    if (!exists(file)) {
      throw new KernelException(Errno.ENOENT, "no such file in /sys/class/net/" + dev.name());
    }
    switch (file) {
      case "gro_flush_timeout":
        return Long.toUnsignedString(dev.groFlushTimeout()) + "\n";
      case "napi_defer_hard_irqs":
        // fmt_dec of an int until 08062af0a521, fmt_uint of a u32 after
        return (net.has(NetCorePatches.DEFER_U32)
            ? Integer.toUnsignedString(dev.napiDeferHardIrqs())
            : Integer.toString(dev.napiDeferHardIrqs())) + "\n";
      case "threaded":
        return dev.threaded() + "\n";
      default:
        throw new AssertionError(file);
    }
  }

  /**
   * {@code kstrtoul(buf, 0, &new)}: {@link #kstrtoull} with the base from the prefix, then
   * -ERANGE past unsigned long ({@code unsignedLongBits}, 32 or 64).
   */
  public static long kstrtoul(String s, int unsignedLongBits) throws KernelException {
    long res = kstrtoull(s, 0);
    if (unsignedLongBits == 32 && Long.compareUnsigned(res, 0xffff_ffffL) > 0) {
      throw new KernelException(Errno.ERANGE);
    }
    return res;
  }

  /** {@code kstrtoull(buf, base, &res)}: an optional '+', then {@link #parseUll}. */
  public static long kstrtoull(String s, int base) throws KernelException {
    return parseUll(s, s.startsWith("+") ? 1 : 0, base);
  }

  /**
   * {@code _kstrtoull(s, base, &res)} on {@code s} from {@code from}: with base 0 a base from
   * the prefix (0x and a hex digit: hex, 0 octal, else decimal), with base 16 an optional 0x
   * (_parse_integer_fixup_radix); digits (_parse_integer), then one trailing newline and the
   * end. -ERANGE past 64 bits (before the rest is looked at), -EINVAL without a digit or with
   * anything else after them.
   */
  @KernelPort(
      file = "lib/kstrtox.c",
      function = "_kstrtoull",
      versions = "v4.19..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "with _parse_integer_fixup_radix and _parse_integer; C char is signed (a byte"
          + " above 0x7f is no digit)")
  static long parseUll(String s, int from, int base) throws KernelException {
    int i = from;
    if (base == 0) {
      if (at(s, i) == '0') {
        base = lower(at(s, i + 1)) == 'x' && isxdigit(at(s, i + 2)) ? 16 : 8;
      } else {
        base = 10;
      }
    }
    if (base == 16 && at(s, i) == '0' && lower(at(s, i + 1)) == 'x') {
      i += 2;
    }
    long res = 0;
    int rv = 0;
    boolean overflow = false;
    while (true) {
      int c = at(s, i);
      int lc = lower(c);
      int val;
      if ('0' <= c && c <= '9') {
        val = c - '0';
      } else if ('a' <= lc && lc <= 'f') {
        val = lc - 'a' + 10;
      } else {
        break;
      }
      if (val >= base) {
        break;
      }
      // overflow is checked only within reach of it in base 16: res * base + val > ULLONG_MAX
      if ((res & (-1L << 60)) != 0
          && Long.compareUnsigned(res, Long.divideUnsigned(-1L - val, base)) > 0) {
        overflow = true;
      }
      res = res * base + val;
      rv++;
      i++;
    }
    if (overflow) {
      throw new KernelException(Errno.ERANGE);
    }
    if (rv == 0) {
      throw new KernelException(Errno.EINVAL);
    }
    if (at(s, i) == '\n') {
      i++;
    }
    if (at(s, i) != 0) { // anything before the string's end (a NUL ends it, as in C)
      throw new KernelException(Errno.EINVAL);
    }
    return res;
  }

  /**
   * The byte at {@code i} as C reads it: 0 past the end (the string's NUL); a character beyond
   * ASCII is a byte of its UTF-8 form, never a digit, a letter, '+' or a newline (0x80 here).
   */
  private static int at(String s, int i) {
    if (i >= s.length()) {
      return 0;
    }
    char c = s.charAt(i);
    return c < 0x80 ? c : 0x80;
  }

  /** ctype.h's _tolower: {@code c | 0x20}, on an unsigned char. */
  private static int lower(int c) {
    return (c | 0x20) & 0xff;
  }

  private static boolean isxdigit(int c) {
    return ('0' <= c && c <= '9') || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F');
  }
}
