package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.NapiWrites;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NapiNetlink;
import io.nicsim.core.net.NetSysfs;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.runs.options.HostOptions;
import io.nicsim.runs.options.NapiArgs;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim sysfs}: the kernel's software-coalescing settings of a host after its interface
 * is up (and after {@code --sysfs} / {@code --napi-set} writes, refused as the kernel refuses
 * them), as {@code grep . /sys/class/net/eth0/FILE} shows the files and {@code ynl --family
 * netdev --dump napi-get} the NAPIs.
 */
@Command(
    name = "sysfs",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    description = "Show /sys/class/net/eth0's software-coalescing files and the NAPIs"
        + " (netlink napi-get), after optional --sysfs and --napi-set writes.")
public final class SysfsCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Mixin HostOptions host;

  @Option(names = "--sysfs", paramLabel = "'FILE=VALUE …'",
      description = "write /sys/class/net/eth0/ files first, as in run (repeatable)")
  List<String> sysfs;

  @Option(names = "--napi-set", paramLabel = "'[id=N] KEY=VALUE …'",
      description = "netlink napi-set first, as in run (repeatable; v6.13)")
  List<String> napiSet;

  public SysfsCommand() {
    this(CliEnv.standard());
  }

  public SysfsCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    NapiWrites w = NapiArgs.parse(sysfs, napiSet);
    // --kernel-tree and --apply are refused here as on run when --ports c is not given
    KernelC kc = host.kernelC();
    HostConfig cfg = HostConfig.of(host.mac(), host.socName()).withKernel(host.kernelVersion(kc))
        .withKernelC(kc)
        .withPatches(host.patchEdits()).withNapi(w);
    Host h = env.hosts().create(cfg).host();
    PrintWriter out = spec.commandLine().getOut();
    String dev = h.dev().name();
    NetSysfs fs = new NetSysfs(h.dev().napiDevice(), h.kernel().netCore(),
        (int) h.soc().param("unsigned_long_bits", 64, 32, 64));
    for (String f : NetSysfs.FILES) {
      if (fs.exists(f)) {
        try {
          out.print("/sys/class/net/" + dev + "/" + f + ":" + fs.cat(f));
        } catch (KernelException e) {
          throw new IllegalStateException(e); // every file the kernel has can be read
        }
      }
    }
    KernelVersion v = h.driver().patchSet().base();
    if (v.mainline().before(KernelVersion.of(6, 9))) {
      out.println("napi-get: no netdev netlink NAPI objects before v6.9 (kernel " + v + ")");
    } else {
      for (Napi n : h.dev().napiDevice().napis()) {
        Map<String, Object> m = NapiNetlink.napiGet(n, 2);
        if (v.mainline().before(KernelVersion.of(6, 13))) {
          m.keySet().retainAll(List.of("id", "ifindex"));
        }
        out.println(ynl(m) + "  # " + n.name());
      }
    }
    out.flush();
    return 0;
  }

  /** ynl's Python-dict print of one NAPI, keys sorted as it sorts them. */
  static String ynl(Map<String, Object> m) {
    StringBuilder sb = new StringBuilder("{");
    m.keySet().stream().sorted().forEach(k -> {
      Object v = m.get(k);
      sb.append(sb.length() > 1 ? ", " : "").append('\'').append(k).append("': ")
          .append(v instanceof String ? "'" + v + "'" : String.valueOf(v));
    });
    return sb.append('}').toString();
  }
}
