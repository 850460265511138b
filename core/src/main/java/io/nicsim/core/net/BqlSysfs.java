package io.nicsim.core.net;

import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.KernelPort;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The byte_queue_limits files of a device's TX queues, as {@code echo VALUE >
 * /sys/class/net/eth0/queues/tx-N/byte_queue_limits/limit_min} reaches them: a device without
 * BQL (veth) behaves as one whose limit_min is DQL_MAX_LIMIT, which is how a comparison with
 * such a device removes BQL from the model.
 */
public final class BqlSysfs {
  private static final Pattern FILE =
      Pattern.compile("queues/tx-([0-9]+)/byte_queue_limits/(limit_min|limit_max)");

  private BqlSysfs() {}

  /**
   * {@code --ports c}'s bql_set (inloop's {@code SysfsBridges}, kept in the kernel's
   * {@code inLoop}): the tree's C with kstrtouint inside.
   */
  public interface SetC {
    /** Whether the C's record holds this buffer; else the Java runs, counted. */
    boolean holds(String buf);

    /** {@code bql_set(buf, strlen(buf), &value)}: the value, or the refusal as its errno. */
    long bqlSet(String buf) throws KernelException;
  }

  /** Whether {@code file} (relative to the device's directory) names a BQL limit file. */
  public static boolean isBqlFile(String file) {
    return FILE.matcher(file).matches();
  }

  /** What the files accept, for a refusal's line. */
  public static String accepted(NetDevice dev) {
    return "queues/tx-0.." + (dev.numTxQueues() - 1)
        + "/byte_queue_limits/limit_min or limit_max = max or 0.." + Dql.maxLimitAccepted();
  }

  /** {@code echo value > file}: the queue's attribute store, bql_set, the store to the limit. */
  public static void echo(NetDevice dev, String file, String value) throws KernelException {
    Matcher m = FILE.matcher(file);
    if (!m.matches()) {
      throw new KernelException(Errno.ENOENT, "no such file");
    }
    long q = m.group(1).length() > 9 ? Long.MAX_VALUE : Long.parseLong(m.group(1));
    if (q >= dev.numTxQueues()) {
      throw new KernelException(Errno.ENOENT, "no queue tx-" + m.group(1));
    }
    String buf = value + "\n"; // what echo writes
    SetC c = dev.kernel().inLoop(SetC.class);
    long v = c != null && c.holds(buf) ? c.bqlSet(buf) : bqlSet(buf);
    Dql dql = dev.queue((int) q).dql();
    if (m.group(2).equals("limit_min")) {
      dql.setMinLimit(v);
    } else {
      dql.setMaxLimit(v);
    }
  }

  /**
   * bql_set(buf, count, pvalue): "max" or "max\n" is DQL_MAX_LIMIT, else kstrtouint(buf, 10)
   * at most DQL_MAX_LIMIT (-EINVAL above); returns the value its caller stores in
   * {@code *pvalue} (the C returns count).
   */
  @KernelPort(
      file = "net/core/net-sysfs.c",
      function = "bql_set",
      versions = "v3.3..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "its callers bql_set_limit_min / bql_set_limit_max store the value in the"
          + " queue's dql (Dql.setMinLimit / setMaxLimit)")
  static long bqlSet(String buf) throws KernelException {
    long value;
    if (cString(buf).equals("max") || cString(buf).equals("max\n")) {
      value = Dql.maxLimitAccepted();
    } else {
      value = kstrtouint10(buf);
      if (value > Dql.maxLimitAccepted()) {
        throw new KernelException(Errno.EINVAL);
      }
    }
    return value;
  }

  /** The C string a buffer holds: up to its first NUL (strcmp's view). */
  private static String cString(String buf) {
    int nul = buf.indexOf('\0');
    return nul < 0 ? buf : buf.substring(0, nul);
  }

  /** kstrtouint(buf, 10, ...): kstrtoull in base 10, then -ERANGE past 32 bits. */
  static long kstrtouint10(String s) throws KernelException {
    long res = NetSysfs.kstrtoull(s, 10);
    if (Long.compareUnsigned(res, 0xffff_ffffL) > 0) {
      throw new KernelException(Errno.ERANGE);
    }
    return res;
  }
}
