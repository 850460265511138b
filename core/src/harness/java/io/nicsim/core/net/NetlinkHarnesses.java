package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.List;

/**
 * {@code port-check --execute} harness for the netdev generic-netlink family's napi-set
 * ({@code netdev_nl_napi_set_doit}, net/core/netdev-genl.c, v6.13+): the request's attributes
 * as {@link #NAPI_SET}; the C driver is
 * {@code src/main/resources/nicsim/portexec/netlink/netdev_nl_napi_set_doit.c}.
 */
public final class NetlinkHarnesses implements PortHarnessProvider {
  private static final String NETDEV_GENL_C = "net/core/netdev-genl.c";
  private static final long S32_MAX = Integer.MAX_VALUE;

  /** The NAPI's settings before, then each attribute: present, value. */
  static final List<InputField> NAPI_SET = List.of(
      u32("defer_hard_irqs before"), u64("gro_flush_timeout before"),
      u64("irq_suspend_timeout before"),
      bool("NETDEV_A_NAPI_ID present"), bool("the id names a NAPI"),
      bool("NETDEV_A_NAPI_DEFER_HARD_IRQS present"),
      range("defer_hard_irqs", 0, S32_MAX).withEdges(1, S32_MAX - 1),
      bool("NETDEV_A_NAPI_GRO_FLUSH_TIMEOUT present"),
      u64("gro_flush_timeout").withEdges(1, 20_000, 0xFFFF_FFFFL, 0x1_0000_0000L),
      bool("NETDEV_A_NAPI_IRQ_SUSPEND_TIMEOUT present"),
      u64("irq_suspend_timeout").withEdges(1, 20_000_000, 0xFFFF_FFFFL, 0x1_0000_0000L));

  @Override
  public List<PortHarness> harnesses() {
    return List.of(PortHarness.of(NETDEV_GENL_C, "netdev_nl_napi_set_doit")
        .sources(NETDEV_GENL_C, "net/core/dev.h", "include/uapi/linux/netdev.h")
        .program(PortHarness.resource(NetlinkHarnesses.class,
            "nicsim/portexec/netlink/netdev_nl_napi_set_doit.c"))
        .inputs(NAPI_SET)
        .admit(r -> {
          // the Java's call always carries an id (ynl's napi-set requires it)
          r[3] = 1;
          return r;
        })
        .notes("the attributes have passed the family's policy (defer-hard-irqs at most"
            + " S32_MAX); the id attribute is always present (GENL_REQ_ATTR_CHECK's -EINVAL"
            + " is not reached, the one branch coverage leaves untaken: NapiNetlink.napiSet"
            + " takes an id); the threaded attribute"
            + " (v6.17) is never sent; netdev_napi_by_id_lock finds the NAPI when the record"
            + " says so, and it and netdev_unlock are not printed")
        .java(NetlinkHarnesses::side)
        .build());
  }

  /** The release's kernel with one NAPI; each record sets it and sends the request. */
  private static JavaPort side(String kernel) {
    HarnessKernel hk = HarnessKernel.forRelease(kernel);
    Napi napi = new Napi(hk.kernel, "napi", "eth0", (n, budget) -> 0, 64);
    NapiNetlink nl = new NapiNetlink(hk.kernel);
    return r -> {
      int id = recordToNapi(r, napi);
      long ret;
      try {
        nl.napiSet(id, r[5] != 0 ? r[6] : null, r[7] != 0 ? r[8] : null,
            r[9] != 0 ? r[10] : null);
        ret = 0;
      } catch (KernelException e) {
        ret = -e.errno().number();
      }
      return output(ret, napi);
    };
  }

  /** Record → objects: the NAPI's settings before; the id the request names. */
  static int recordToNapi(long[] r, Napi napi) {
    napi.setConfig(r[0], r[1], r[2]);
    return r[4] != 0 ? napi.napiId() : napi.napiId() + 1;
  }

  /** Objects → output: the result and the NAPI's three settings, as the C prints them. */
  static String output(long ret, Napi napi) {
    return new Out().put("ret", ret)
        .u("defer_hard_irqs", Integer.toUnsignedLong(napi.deferHardIrqs()))
        .u("gro_flush_timeout", napi.groFlushTimeout())
        .u("irq_suspend_timeout", napi.irqSuspendTimeout()).toString();
  }
}
