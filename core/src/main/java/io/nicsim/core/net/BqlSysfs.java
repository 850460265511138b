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

  /** Whether {@code file} (relative to the device's directory) names a BQL limit file. */
  public static boolean isBqlFile(String file) {
    return FILE.matcher(file).matches();
  }

  /** What the files accept, for a refusal's line. */
  public static String accepted(NetDevice dev) {
    return "queues/tx-0.." + (dev.numTxQueues() - 1)
        + "/byte_queue_limits/limit_min or limit_max = max or 0.." + Dql.maxLimitAccepted();
  }

  /** {@code echo value > file}: the queue's attribute store, then bql_set. */
  @KernelPort(
      file = "net/core/net-sysfs.c",
      function = "bql_set",
      versions = "v3.3..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "the limit_min/limit_max stores of bql_set_##NAME; a tx-N beyond the device's"
          + " real_num_tx_queues has no directory (-ENOENT)")
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
    long v;
    if (buf.equals("max\n")) { // bql_set: "max" or "max\n"; echo always adds the newline
      v = Dql.maxLimitAccepted();
    } else {
      v = kstrtouint10(buf);
      if (v > Dql.maxLimitAccepted()) {
        throw new KernelException(Errno.EINVAL);
      }
    }
    Dql dql = dev.queue((int) q).dql();
    if (m.group(2).equals("limit_min")) {
      dql.setMinLimit(v);
    } else {
      dql.setMaxLimit(v);
    }
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
