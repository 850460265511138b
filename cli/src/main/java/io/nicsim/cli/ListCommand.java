package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelLines;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModels;
import io.nicsim.core.soc.SocCatalog;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.TrafficRunner;
import io.nicsim.scenarios.Scenario;
import io.nicsim.tcp.TcpPatches;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nicsim list socs|macs|patches|scenarios|kernels}. */
@Command(
    name = "list",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "List SoC profiles, MAC models, patches per MAC (or those one kernel release"
        + " contains, with --kernel), scenarios, or the kernel releases and stable lines known.")
public final class ListCommand implements Callable<Integer> {
  private final CliEnv env;

  /** What to list. */
  enum What {
    socs,
    macs,
    patches,
    scenarios,
    kernels
  }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "WHAT",
      description = "socs, macs, patches, scenarios or kernels")
  What what;

  @Option(names = "--mac", paramLabel = "MAC", description = "patches of this MAC only")
  String mac;

  @Option(names = "--kernel", paramLabel = "vX.Y[.Z]",
      description = "patches: only those this release contains (v6.1 mainline, v6.1.192 stable)")
  String kernel;

  public ListCommand() {
    this(CliEnv.standard());
  }

  public ListCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    // they select patches; elsewhere they would be silently ignored (list socs --mac nosuch)
    if (what != What.patches && (mac != null || kernel != null)) {
      String flag = mac != null ? "--mac" : "--kernel";
      throw BadInputException.field(flag, "list " + what + " takes no " + flag,
          "list patches " + flag + " …");
    }
    switch (what) {
      case socs:
        socs(out, env);
        break;
      case macs:
        // each MAC with the jar (or class directory) it was found in: which of two builds
        // of a library is on NICSIM_CLASSPATH
        MacModels found =
            env.hosts().create(HostConfig.of("-", "-")).macModels();
        for (MacModel m : found.byName().values()) {
          out.printf(Locale.ROOT, "%-12s %-7s %s%n  jar: %s%n", m.name(), m.defaultKernel(),
              m.description(), found.origin(m.name()));
        }
        break;
      case patches:
        patches(out);
        break;
      case kernels:
        kernels(out);
        break;
      case scenarios:
        for (Scenario s : env.scenarios().all()) {
          out.printf(Locale.ROOT, "%-24s %s%n", s.name(), s.title());
          out.printf(Locale.ROOT, "%-24s seeds: %s%s%n", "", String.join(", ", s.seeds()),
              s.byNameOnly() ? "; runs only when named (nicsim reproduce " + s.name() + ")"
                  : "");
        }
        break;
      default:
        throw new AssertionError(what);
    }
    out.flush();
    return 0;
  }

  private static void socs(PrintWriter out, CliEnv env) {
    for (String name : SocCatalog.names()) {
      try {
        SocProfile p = SocProfile.load(name);
        out.printf(Locale.ROOT, "%-16s %-8s %d cpus  %s%n", name, p.mac() == null ? "-" : p.mac(),
            p.cores(), p.title() == null ? "" : p.title());
        out.printf(Locale.ROOT, "%-16s %s%n", "", runs(p, env));
      } catch (BadInputException e) {
        out.printf(Locale.ROOT, "%-16s (unreadable: %s)%n", name, e.getMessage());
      }
    }
  }

  /** Which traffic kinds the profile has every cost for, and what the others lack. */
  static String runs(SocProfile p, CliEnv env) {
    List<String> can = new ArrayList<>();
    List<String> cannot = new ArrayList<>();
    for (TrafficRunner r : env.runners()) {
      List<String> missing = new ArrayList<>();
      for (CostOp op : r.costs()) {
        if (!p.costs().containsKey(op.name())) {
          missing.add("costs." + op.name());
        }
      }
      if (missing.isEmpty()) {
        can.add(r.kind());
      } else {
        cannot.add(r.kind() + " (missing " + String.join(", ", missing) + ")");
      }
    }
    return "runs: " + (can.isEmpty() ? "-" : String.join(", ", can))
        + (cannot.isEmpty() ? "" : "; not " + String.join("; ", cannot));
  }

  private void patches(PrintWriter out) {
    SortedMap<String, MacModel> macs = env.hosts().macModels();
    if (mac != null && !macs.containsKey(mac)) {
      throw BadInputException.field("--mac", "unknown MAC model '" + mac + "'",
          macs.isEmpty() ? "none installed" : String.join(", ", macs.keySet()));
    }
    KernelVersion release = kernel == null ? null : KernelVersion.parse(kernel);
    Map<String, PatchCatalog> catalogs = new LinkedHashMap<>();
    for (Map.Entry<String, MacModel> e : macs.entrySet()) {
      if (mac == null || mac.equals(e.getKey())) {
        catalogs.put(e.getKey(), e.getValue().patches());
      }
    }
    if (mac == null) {
      catalogs.put("tcp", TcpPatches.CATALOG);
    }
    for (Map.Entry<String, PatchCatalog> e : catalogs.entrySet()) {
      out.println(e.getKey() + (release == null ? ":" : " in " + release + ":"));
      List<Patch> shown = release == null
          ? e.getValue().all() : e.getValue().forKernel(release).patches();
      if (shown.isEmpty()) {
        out.println("  (no patches)");
      }
      for (Patch p : shown) {
        out.printf(Locale.ROOT, "  %-24s %-12s %-7s %-8s %s%s%n", p.id(),
            p.commit() == null ? "-" : p.commit(),
            p.landedIn() == null ? "-" : p.landedIn().toString(),
            p.status().name().toLowerCase(Locale.ROOT), p.title(), backportNote(p, release));
      }
    }
  }

  /** {@code  [6.1.y: v6.1.54 9dbbc87d5b61]}: the backports, or the one that brought it. */
  private static String backportNote(Patch p, KernelVersion release) {
    List<String> parts = new ArrayList<>();
    for (Patch.Backport b : p.backports()) {
      boolean relevant = release == null
          || (b.release().sameLine(release)
              && (p.landedIn() == null || release.mainline().before(p.landedIn())));
      if (relevant) {
        parts.add("backport " + b.release() + (b.commit() == null ? "" : " " + b.commit()));
      }
    }
    return parts.isEmpty() ? "" : "  [" + String.join(", ", parts) + "]";
  }

  private void kernels(PrintWriter out) {
    out.printf(Locale.ROOT, "%-8s %-20s %s%n", "mainline", "v2.6.." + KernelLines.NEWEST_MAINLINE,
        "--kernel vX.Y: the mainline release (its stable updates are not applied)");
    for (KernelLines.Line l : KernelLines.LTS) {
      out.printf(Locale.ROOT, "%-8s %-20s %s%n", l.name(), l.mainline() + ".1.." + l.newest(),
          "--kernel " + l.newest() + ": mainline " + l.mainline() + " + backports; newest read: "
              + l.source());
    }
    List<PatchCatalog> catalogs = new ArrayList<>();
    env.hosts().macModels().values().forEach(m -> catalogs.add(m.patches()));
    catalogs.add(TcpPatches.CATALOG);
    out.println("backports recorded:");
    for (PatchCatalog c : catalogs) {
      for (Patch p : c.all()) {
        for (Patch.Backport b : p.backports()) {
          out.printf(Locale.ROOT, "  %-8s %-24s %-12s %-10s %-12s %s%n", c.driver(), p.id(),
              p.commit() == null ? "-" : p.commit(), b.release(),
              b.commit() == null ? "-" : b.commit(), b.source());
        }
      }
    }
  }
}
