package io.nicsim.core.net;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.port.KernelPort;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The netdev generic-netlink family's napi-set and napi-get for one NAPI (net/core/netdev-genl.c,
 * v6.13), as {@code ynl --family netdev --do napi-set --json '{"id": 513, ...}'} sends them:
 * {@code defer-hard-irqs} (u32, at most S32_MAX), {@code gro-flush-timeout} and
 * {@code irq-suspend-timeout} (uint, ns). A kernel before v6.13 has no napi-set command.
 */
public final class NapiNetlink {
  /** The napi-set attributes nicsim models, as the netdev spec spells them. */
  public static final List<String> ATTRS =
      List.of("defer-hard-irqs", "gro-flush-timeout", "irq-suspend-timeout");

  private final Kernel kernel;
  private final PatchSet net;
  /** {@code --ports c}: the tree's netdev_nl_napi_set_doit in place of the Java's, or null. */
  private SetC cSet;

  /**
   * {@code --ports c}'s netdev_nl_napi_set_doit (inloop's {@code NetlinkBridges}): the tree's
   * C (netdev_nl_napi_set_config inside) on the live NAPI, after the family's policy.
   */
  public interface SetC {
    /**
     * netdev_nl_napi_set_doit for {@code napiId} ({@code napi} the NAPI it names, or null),
     * the attributes given ({@code null} = absent): a refusal as its errno, else the NAPI's
     * settings as the C left them.
     */
    void napiSet(Napi napi, int napiId, Long deferHardIrqs, Long groFlushTimeout,
        Long irqSuspendTimeout) throws KernelException;
  }

  public NapiNetlink(Kernel kernel) {
    this.kernel = kernel;
    this.net = kernel.netCore();
  }

  /** This kernel's napi-set with the tree's doit ({@code c} null: the Java port). */
  public NapiNetlink withC(SetC c) {
    this.cSet = c;
    return this;
  }

  /** The refusal of an id that names no NAPI (the doit's -ENOENT, its extack's bad attribute). */
  public static KernelException noNapi(int napiId) {
    return new KernelException(Errno.ENOENT, "no NAPI with id " + napiId);
  }

  /** The range an attribute's policy accepts, for messages. */
  public static String accepted(String attr) {
    return attr.equals("defer-hard-irqs") ? "0..2147483647" : "0..18446744073709551615 ns";
  }

  /**
   * netdev_nl_napi_set_doit with the attributes given ({@code null} = absent): the policy's
   * range checks, the NAPI by id, then netdev_nl_napi_set_config.
   */
  @KernelPort(
      file = "net/core/netdev-genl.c",
      function = "netdev_nl_napi_set_doit",
      versions = "v6.13..v6.18",
      commits = {"1287c1ae0fc2", "5dc51ec86df6"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "the policy (netdev-genl-gen.c) and netdev_nl_napi_set_config; the threaded"
          + " attribute (v6.17) is not modelled")
  public void napiSet(int napiId, Long deferHardIrqs, Long groFlushTimeout,
      Long irqSuspendTimeout) throws KernelException {
    if (!net.has(NetCorePatches.PER_NAPI_CONFIG)) {
      throw new KernelException(Errno.EOPNOTSUPP, "no napi-set command before v6.13");
    }
    if (irqSuspendTimeout != null && !net.has(NetCorePatches.IRQ_SUSPEND)) {
      throw new KernelException(Errno.EINVAL, "unknown attribute irq-suspend-timeout");
    }
    if (deferHardIrqs != null && (deferHardIrqs < 0 || deferHardIrqs > Integer.MAX_VALUE)) {
      throw new KernelException(Errno.ERANGE, "defer-hard-irqs: integer out of range");
    }
    // the checks above are the family's (the command's era, the policy); the doit from here
    if (cSet != null) {
      cSet.napiSet(kernel.napiById(napiId), napiId, deferHardIrqs, groFlushTimeout,
          irqSuspendTimeout);
      return;
    }
    Napi napi = kernel.napiById(napiId);
    if (napi == null) {
      throw noNapi(napiId);
    }
    napi.setConfig(deferHardIrqs, groFlushTimeout, irqSuspendTimeout);
  }

  /** napi-get's fields for one NAPI, as ynl prints them. */
  public static Map<String, Object> napiGet(Napi napi, int ifindex) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", napi.napiId());
    m.put("ifindex", ifindex);
    m.put("defer-hard-irqs", Integer.toUnsignedLong(napi.deferHardIrqs()));
    m.put("gro-flush-timeout", napi.groFlushTimeout());
    m.put("irq-suspend-timeout", napi.irqSuspendTimeout());
    m.put("threaded", napi.threadedMode() == 0 ? "disabled"
        : napi.threadedMode() == 2 ? "busy-poll" : "enabled");
    return m;
  }
}
