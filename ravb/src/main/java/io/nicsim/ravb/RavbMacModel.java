package io.nicsim.ravb;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;

/** The Renesas Ethernet AVB / GbEth MAC model: no hardware moderation, the ported ravb driver. */
public final class RavbMacModel implements MacModel {

  public RavbMacModel() {}

  @Override
  public String name() {
    return "ravb";
  }

  @Override
  public String description() {
    return "Renesas Ethernet AVB / RZ/G2L GbEth: no hardware moderation, software IRQ"
        + " coalescing and threaded NAPI by default on GbEth from v6.11";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 18);
  }

  @Override
  public PatchCatalog patches() {
    return RavbPatches.CATALOG;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new RavbDriver(ctx);
  }
}
