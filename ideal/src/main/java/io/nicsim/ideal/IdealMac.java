package io.nicsim.ideal;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import java.util.List;

/**
 * The ideal reference MAC: descriptor rings, DMA at line rate, TSO on or off, and a TX
 * completion policy set with {@code ethtool -C} (see {@link TxCompletion}) — a NIC without a
 * real driver's quirks, to ask what a completion delay alone does to TCP.
 */
public final class IdealMac implements MacModel {
  private static final PatchCatalog PATCHES = new PatchCatalog("ideal", List.of());

  public IdealMac() {}

  @Override
  public String name() {
    return "ideal";
  }

  @Override
  public String description() {
    return "reference NIC: rings, line-rate DMA, TSO, TX completion per packet/delay/period/N"
        + " frames (ethtool -C)";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 18);
  }

  @Override
  public PatchCatalog patches() {
    return PATCHES;
  }

  @Override
  public String defaultSoc() {
    return "ideal";
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new IdealDriver(ctx);
  }
}
