package io.nicsim.fec;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;

/** The NXP FEC/ENET MAC model: i.MX ENET hardware plus the ported fec driver. */
public final class FecMacModel implements MacModel {

  public FecMacModel() {}

  @Override
  public String name() {
    return "fec";
  }

  @Override
  public String description() {
    return "NXP FEC/ENET (i.MX6/7/8/93): ICFT/ICTT coalescing, one NAPI, v5.10..v6.18";
  }

  @Override
  public KernelVersion defaultKernel() {
    return FecPatches.NEWEST;
  }

  @Override
  public PatchCatalog patches() {
    return FecPatches.CATALOG;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new FecDriver(ctx);
  }
}
