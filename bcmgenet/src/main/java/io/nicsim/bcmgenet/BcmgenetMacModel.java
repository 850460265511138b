package io.nicsim.bcmgenet;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;

/** The Broadcom GENET MAC model: GENET v5 DMA rings plus the ported bcmgenet driver. */
public final class BcmgenetMacModel implements MacModel {

  public BcmgenetMacModel() {}

  @Override
  public String name() {
    return "bcmgenet";
  }

  @Override
  public String description() {
    return "Broadcom GENET v5 (BCM2711, Raspberry Pi 4): ring thresholds, RX timeout, net_dim";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 12);
  }

  @Override
  public PatchCatalog patches() {
    return GenetPatches.CATALOG;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new BcmgenetDriver(ctx);
  }
}
