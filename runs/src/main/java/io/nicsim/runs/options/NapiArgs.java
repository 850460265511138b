package io.nicsim.runs.options;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.host.NapiWrites;
import io.nicsim.core.net.BqlSysfs;
import io.nicsim.core.net.NapiNetlink;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's software-coalescing settings as users type them:
 *
 * <ul>
 *   <li>{@code --sysfs 'napi_defer_hard_irqs=2 gro_flush_timeout=200000'}, {@code --sysfs
 *       threaded=1}: each {@code FILE=VALUE} is {@code echo VALUE > /sys/class/net/eth0/FILE}
 *       (the path prefix may be written); the value goes to the kernel as typed, which checks
 *       it (kstrtoul and the file's own limits);
 *   <li>{@code --napi-set 'id=513 defer-hard-irqs=2 irq-suspend-timeout=20000000'}: netlink
 *       napi-set (v6.13) for one NAPI, or without {@code id} for each NAPI of eth0, as {@code
 *       ynl --family netdev --do napi-set --json '{"id": 513, ...}'} sends it.
 * </ul>
 */
public final class NapiArgs {
  private static final String SYSFS_FORM = "FILE=VALUE words, e.g. 'napi_defer_hard_irqs=2"
      + " gro_flush_timeout=200000', threaded=1 or queues/tx-0/byte_queue_limits/limit_min=max";
  private static final String NAPI_FORM = "KEY=VALUE words: id=N (default: every NAPI of"
      + " eth0), defer-hard-irqs=N, gro-flush-timeout=NS, irq-suspend-timeout=NS";
  private static final String PREFIX = "/sys/class/net/eth0/";

  private NapiArgs() {}

  /** Every {@code --sysfs} and {@code --napi-set} argument, in the order given. */
  public static NapiWrites parse(List<String> sysfs, List<String> napiSets) {
    List<NapiWrites.Sysfs> s = new ArrayList<>();
    for (String arg : sysfs == null ? List.<String>of() : sysfs) {
      s.addAll(sysfs(arg));
    }
    List<NapiWrites.NapiSet> n = new ArrayList<>();
    for (String arg : napiSets == null ? List.<String>of() : napiSets) {
      n.add(napiSet(arg));
    }
    return new NapiWrites(s, n);
  }

  static List<NapiWrites.Sysfs> sysfs(String arg) {
    List<NapiWrites.Sysfs> out = new ArrayList<>();
    for (String w : words(arg, "--sysfs", SYSFS_FORM)) {
      int eq = w.indexOf('=');
      if (eq <= 0) {
        throw BadInputException.field("--sysfs", "'" + w + "' is not FILE=VALUE", SYSFS_FORM);
      }
      String file = w.substring(0, eq);
      if (file.startsWith(PREFIX)) {
        file = file.substring(PREFIX.length());
      }
      if (file.isEmpty() || (file.contains("/") && !BqlSysfs.isBqlFile(file))) {
        throw BadInputException.field("--sysfs " + w, "not a file of " + PREFIX, SYSFS_FORM);
      }
      out.add(new NapiWrites.Sysfs(file, w.substring(eq + 1)));
    }
    return out;
  }

  static NapiWrites.NapiSet napiSet(String arg) {
    Integer id = null;
    Long defer = null;
    Long gro = null;
    Long suspend = null;
    for (String w : words(arg, "--napi-set", NAPI_FORM)) {
      int eq = w.indexOf('=');
      if (eq <= 0 || eq == w.length() - 1) {
        throw BadInputException.field("--napi-set", "'" + w + "' is not KEY=VALUE", NAPI_FORM);
      }
      String key = w.substring(0, eq);
      String value = w.substring(eq + 1);
      String f = "--napi-set " + key;
      switch (key) {
        case "id":
          id = (int) u64(f, value, 0xffff_ffffL);
          break;
        case "defer-hard-irqs":
          // NLA_U32: the policy's range check comes with the request (-ERANGE above S32_MAX)
          defer = u64(f, value, 0xffff_ffffL);
          break;
        case "gro-flush-timeout":
          gro = u64(f, value, -1L);
          break;
        case "irq-suspend-timeout":
          suspend = u64(f, value, -1L);
          break;
        default:
          throw BadInputException.field(f, "unknown attribute '" + key + "'",
              "id, " + String.join(", ", NapiNetlink.ATTRS));
      }
    }
    if (defer == null && gro == null && suspend == null) {
      throw BadInputException.field("--napi-set", "'" + arg + "' sets nothing", NAPI_FORM);
    }
    return new NapiWrites.NapiSet(id, defer, gro, suspend);
  }

  /** An unsigned integer that fits the attribute's netlink type (ynl refuses others). */
  private static long u64(String field, String v, long max) {
    if (!v.matches("[0-9]{1,20}")) {
      throw BadInputException.field(field, "'" + v + "' is not an unsigned integer",
          "0.." + Long.toUnsignedString(max));
    }
    long x;
    try {
      x = Long.parseUnsignedLong(v);
    } catch (NumberFormatException e) {
      throw BadInputException.field(field, v + " does not fit 64 bits",
          "0.." + Long.toUnsignedString(max));
    }
    if (Long.compareUnsigned(x, max) > 0) {
      throw BadInputException.field(field, v + " does not fit the attribute",
          "0.." + Long.toUnsignedString(max));
    }
    return x;
  }

  private static List<String> words(String arg, String field, String form) {
    List<String> out = new ArrayList<>();
    if (arg != null) {
      for (String w : arg.trim().split("\\s+")) {
        if (!w.isEmpty()) {
          out.add(w);
        }
      }
    }
    if (out.isEmpty()) {
      throw BadInputException.field(field, "empty", form);
    }
    return out;
  }

  /** The writes as {@code --sysfs} / {@code --napi-set} arguments (for a plan's points). */
  public static List<String> args(NapiWrites w) {
    List<String> a = new ArrayList<>();
    for (NapiWrites.Sysfs s : w.sysfs()) {
      a.addAll(List.of("--sysfs", s.toString()));
    }
    for (NapiWrites.NapiSet n : w.napiSets()) {
      a.addAll(List.of("--napi-set", n.toString()));
    }
    return a;
  }
}
