package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.formats.text.EthtoolText;
import io.nicsim.runs.options.EthtoolStyle;
import io.nicsim.runs.options.HostOptions;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim ethtool -c} / {@code -C 'k v …'}: the driver's coalescing as {@code ethtool -c}
 * shows it, or the kernel's refusal of a change (errno and message, exit 2).
 */
@Command(
    name = "ethtool",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Show (-c) or change (-C) a driver's interrupt coalescing.")
public final class EthtoolCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Mixin HostOptions host;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Action action;

  static final class Action {
    @Option(names = "-c", description = "show the coalescing parameters")
    boolean show;

    @Option(names = "-C", paramLabel = "k v", arity = "1..*",
        description = "set parameters as ethtool -C takes them (tx-usecs 100 tx-frames 1),"
            + " then show them")
    List<String> set;
  }

  public EthtoolCommand() {
    this(CliEnv.standard());
  }

  public EthtoolCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    CoalesceArgs args = action.set == null ? null : CoalesceArgs.parse(EthtoolStyle.join(action.set));
    // --kernel-tree and --apply are refused here as on run when --ports c is not given
    KernelC kc = host.kernelC();
    HostConfig cfg = HostConfig.of(host.mac(), host.socName()).withKernel(host.kernelVersion(kc))
        .withKernelC(kc)
        .withPatches(host.patchEdits());
    Host h = env.hosts().create(cfg).host();
    NicDriver driver = h.driver();
    PrintWriter out = spec.commandLine().getOut();
    try {
      if (args != null) {
        Ethtool.applyArgs(driver.ethtool(), args);
      }
      EthtoolCoalesce ec = Ethtool.getCoalesce(driver.ethtool());
      out.print(EthtoolText.format(h.dev().name(), ec, driver.ethtool().supportedCoalesceParams(),
          driver.coalesceRegisters()));
      out.flush();
      return 0;
    } catch (KernelException e) {
      PrintWriter err = spec.commandLine().getErr();
      String limits = args != null ? driver.ethtool().coalesceLimits() : null;
      err.println(spec.qualifiedName() + ": " + (args == null ? "-c" : "-C '" + args + "'")
          + ": the " + h.mac().name() + " driver refused: " + e.getMessage()
          + (limits == null ? "" : " (" + h.mac().name() + " accepts " + limits + ")"));
      err.flush();
      return Nicsim.EXIT_USAGE;
    }
  }
}
