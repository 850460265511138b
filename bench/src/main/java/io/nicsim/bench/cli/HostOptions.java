package io.nicsim.bench.cli;

import io.nicsim.core.era.KernelVersion;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which host: {@code --mac M --soc S [--kernel vX.Y] [--patch +ID|-ID …]}. */
public final class HostOptions {
  @Option(names = "--mac", required = true, paramLabel = "MAC",
      description = "MAC model (nicsim list macs)")
  String mac;

  @Option(names = "--soc", required = true, paramLabel = "SOC",
      description = "SoC profile (nicsim list socs)")
  String soc;

  @Option(names = "--kernel", paramLabel = "vX.Y",
      description = "kernel version (default: the MAC model's)")
  String kernel;

  @Option(names = "--patch", paramLabel = "+ID|-ID",
      description = "add (+) or remove (-) a patch by id or commit; repeatable, or comma-separated")
  List<String> patches = new ArrayList<>();

  /** The kernel version as nicsim spells it, or null; refused with --kernel's form. */
  String kernelVersion() {
    return kernel == null ? null : KernelVersion.parse(kernel).toString();
  }

  List<String> patchEdits() {
    List<String> out = new ArrayList<>();
    for (String p : patches) {
      for (String e : p.split(",")) {
        out.add(e.trim());
      }
    }
    return out;
  }
}
