package io.nicsim.bench.cli;

import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.repro.Scenario;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.Patch;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.soc.SocCatalog;
import io.nicsim.core.soc.SocProfile;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nicsim list socs|macs|patches|scenarios}. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = "List SoC profiles, MAC models, patches per MAC, or scenarios.")
public final class ListCommand implements Callable<Integer> {
  private final BenchEnv env;

  /** What to list. */
  enum What {
    socs,
    macs,
    patches,
    scenarios
  }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "WHAT", description = "socs, macs, patches or scenarios")
  What what;

  @Option(names = "--mac", paramLabel = "MAC", description = "patches of this MAC only")
  String mac;

  public ListCommand() {
    this(BenchEnv.standard());
  }

  public ListCommand(BenchEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    switch (what) {
      case socs:
        socs(out, env);
        break;
      case macs:
        for (MacModel m : env.hosts().macModels().values()) {
          out.printf(Locale.ROOT, "%-12s %-7s %s%n", m.name(), m.defaultKernel(), m.description());
        }
        break;
      case patches:
        patches(out);
        break;
      case scenarios:
        for (Scenario s : env.scenarios().all()) {
          out.printf(Locale.ROOT, "%-24s %s%n", s.name(), s.title());
          out.printf(Locale.ROOT, "%-24s seeds: %s%n", "", String.join(", ", s.seeds()));
        }
        break;
      default:
        throw new AssertionError(what);
    }
    out.flush();
    return 0;
  }

  private static void socs(PrintWriter out, BenchEnv env) {
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
  static String runs(SocProfile p, BenchEnv env) {
    java.util.List<String> can = new java.util.ArrayList<>();
    java.util.List<String> cannot = new java.util.ArrayList<>();
    for (io.nicsim.bench.run.TrafficRunner r : env.runners()) {
      java.util.List<String> missing = new java.util.ArrayList<>();
      for (io.nicsim.core.cpu.CostOp op : r.costs()) {
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
    for (Map.Entry<String, MacModel> e : macs.entrySet()) {
      if (mac != null && !mac.equals(e.getKey())) {
        continue;
      }
      out.println(e.getKey() + ":");
      if (e.getValue().patches().all().isEmpty()) {
        out.println("  (no patches)");
      }
      for (Patch p : e.getValue().patches().all()) {
        out.printf(Locale.ROOT, "  %-24s %-12s %-7s %-8s %s%n", p.id(),
            p.commit() == null ? "-" : p.commit(),
            p.landedIn() == null ? "-" : p.landedIn().toString(),
            p.status().name().toLowerCase(Locale.ROOT), p.title());
      }
    }
  }
}
