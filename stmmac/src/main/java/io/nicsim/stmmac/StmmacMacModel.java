package io.nicsim.stmmac;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;

/** The stmmac MAC model: Synopsys DWMAC hardware and the Linux stmmac driver, every era. */
public final class StmmacMacModel implements MacModel {

  public StmmacMacModel() {}

  @Override
  public String name() {
    return "stmmac";
  }

  @Override
  public String description() {
    return "Synopsys DesignWare MAC (dwmac1000, GMAC4, XGMAC) with the stmmac driver, v4.19+";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 18);
  }

  @Override
  public PatchCatalog patches() {
    return StmmacPatches.CATALOG;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new StmmacDriver(ctx);
  }
}
