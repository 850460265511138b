package io.nicsim.core.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The kernel's software-coalescing settings a host gets after its interface is up, in the
 * order an administrator applies them: writes to {@code /sys/class/net/eth0/} files
 * ({@code echo 2 > napi_defer_hard_irqs}) and netlink napi-set requests for one NAPI or all of
 * them ({@code ynl --family netdev --do napi-set}).
 *
 * @param sysfs file writes in order
 * @param napiSets napi-set requests in order, after the sysfs writes
 */
public record NapiWrites(List<Sysfs> sysfs, List<NapiSet> napiSets) {

  /** {@code echo VALUE > /sys/class/net/eth0/FILE}. */
  public record Sysfs(String file, String value) {
    public Sysfs {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(value, "value");
    }

    /** As a user types it: {@code FILE=VALUE}. */
    @Override
    public String toString() {
      return file + "=" + value;
    }
  }

  /**
   * napi-set for the NAPI with {@code id}, or (id null) for each NAPI of the device in turn;
   * null attributes are absent.
   */
  public record NapiSet(Integer id, Long deferHardIrqs, Long groFlushTimeout,
      Long irqSuspendTimeout) {

    /** As a user types it: {@code id=513 defer-hard-irqs=2 …}. */
    @Override
    public String toString() {
      List<String> w = new ArrayList<>();
      if (id != null) {
        w.add("id=" + id);
      }
      if (deferHardIrqs != null) {
        w.add("defer-hard-irqs=" + deferHardIrqs);
      }
      if (groFlushTimeout != null) {
        w.add("gro-flush-timeout=" + Long.toUnsignedString(groFlushTimeout));
      }
      if (irqSuspendTimeout != null) {
        w.add("irq-suspend-timeout=" + Long.toUnsignedString(irqSuspendTimeout));
      }
      return String.join(" ", w);
    }
  }

  public NapiWrites {
    sysfs = sysfs == null ? List.of() : List.copyOf(sysfs);
    napiSets = napiSets == null ? List.of() : List.copyOf(napiSets);
  }

  public static NapiWrites none() {
    return new NapiWrites(List.of(), List.of());
  }

  public boolean isEmpty() {
    return sysfs.isEmpty() && napiSets.isEmpty();
  }

  /** These writes followed by {@code more}'s. */
  public NapiWrites then(NapiWrites more) {
    List<Sysfs> s = new ArrayList<>(sysfs);
    s.addAll(more.sysfs);
    List<NapiSet> n = new ArrayList<>(napiSets);
    n.addAll(more.napiSets);
    return new NapiWrites(s, n);
  }
}
