package io.nicsim.fec;

import io.nicsim.core.era.KernelVersion;
import java.util.List;

/** A probed driver without the simulation engine: registers, private state and the ports. */
final class FecRig {
  static final long IMX8QXP_AHB = 333_333_333L;

  final FecRegisters regs = new FecRegisters();
  final FecEnetPrivate fep;
  final FecCoalesce coal;
  final FecSetup setup;

  private FecRig(String kernel, List<String> edits) {
    fep = new FecEnetPrivate(regs, FecPatches.select(KernelVersion.parse(kernel), edits));
    fep.k = new FecHostKernel(fep);
    fep.plat = new FecHostPlatform(fep, 1000);
    coal = new FecCoalesce(fep);
    setup = new FecSetup(fep, coal);
  }

  /** Probes a board of {@code soc} (its binding compatibles) with 3/3 queues. */
  static FecRig probe(String soc, long ahbHz, String kernel, String... edits) {
    FecRig rig = new FecRig(kernel, List.of(edits));
    rig.setup.probe(FecBinding.compatibles(soc), ahbHz, 3, 3);
    return rig;
  }

  static FecRig imx8qxp(String kernel, String... edits) {
    return probe("imx8qxp", IMX8QXP_AHB, kernel, edits);
  }

  /** A snapshot of everything set_coalesce may change. */
  String state() {
    StringBuilder sb = new StringBuilder();
    sb.append(Integer.toUnsignedString(fep.rxTimeItr)).append('/')
        .append(Integer.toUnsignedString(fep.rxPktsItr)).append('/')
        .append(Integer.toUnsignedString(fep.txTimeItr)).append('/')
        .append(Integer.toUnsignedString(fep.txPktsItr));
    for (int q = 0; q < 3; q++) {
      sb.append(' ').append(Integer.toHexString(regs.rxic(q)))
          .append(',').append(Integer.toHexString(regs.txic(q)));
    }
    return sb.append(" writes=").append(regs.coalWrites()).toString();
  }
}
