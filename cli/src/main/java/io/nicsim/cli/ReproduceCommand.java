package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.KernelCCompiler;
import io.nicsim.core.port.exec.KernelCException;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.Outputs;
import io.nicsim.scenarios.PortsCCheck;
import io.nicsim.scenarios.ReproReport;
import io.nicsim.scenarios.ReproRunner;
import io.nicsim.scenarios.Scenario;
import io.nicsim.scenarios.ScenarioFile;
import io.nicsim.scenarios.fidelity.FidelityPage;
import io.nicsim.scenarios.fidelity.UncertaintyStudy;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nicsim reproduce}: each seed thread's published figures beside the model's. */
@Command(
    name = "reproduce",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Run the seed scenarios and print published vs simulated. Without a"
        + " SCENARIO: every scenario except those run only by name (what-ifs and long studies,"
        + " marked in nicsim list scenarios), which run when named.")
public final class ReproduceCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "SCENARIO", arity = "0..*", description = "scenario names (nicsim list scenarios)")
  List<String> names = new ArrayList<>();

  @Option(names = "--json", description = "print the JSON report instead of tables")
  boolean json;

  @Option(names = "--csv", paramLabel = "DIR", description = "write SCENARIO.csv files here")
  @Output(directory = true)
  Path csvDir;

  @Option(names = "--plot-dir", paramLabel = "DIR", description = "write PNG and SVG plots here")
  @Output(directory = true)
  Path plotDir;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
      description = "base random seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: all cores)")
  Integer threads;

  @Option(names = "--no-check", description = "skip the invariant audit and end-of-run checks")
  boolean noCheck;

  @Option(names = "--file", paramLabel = "FILE.yaml",
      description = "a scenario of your own (runs, metrics, published figures); repeatable."
          + " Only the files run unless scenarios are named too")
  List<Path> files = new ArrayList<>();

  @Option(names = "--uncertainty", paramLabel = "N",
      description = "also run every scenario on N joint samples (Latin hypercube, seeded by"
          + " --seed) of its inputs' ranges; rows gain [low..high], the 5th..95th percentiles")
  Integer uncertainty;

  @Option(names = "--sensitivity",
      description = "with --uncertainty: each calibration and prediction row's five inputs that"
          + " move it most (one at a time, at the ends of their ranges)")
  boolean sensitivity;

  @Option(names = "--markdown",
      description = "print the fidelity page's generated block (scenarios/FIDELITY.md) instead")
  boolean markdown;

  @Option(names = "--ports", paramLabel = "java|c",
      description = "c: run every scenario's runs on --kernel-tree's release as released, once"
          + " on the Java ports and once with the tree's C in place of every bridged port, and"
          + " report whether each pair's --json output is byte-identical (and where not, the"
          + " first diverging call)")
  String ports;

  @Option(names = "--kernel-tree", paramLabel = "DIR|TARBALL",
      description = "the kernel tree --ports c compiles from")
  Path kernelTree;

  @Option(names = "--apply", paramLabel = "FILE",
      description = "with --ports c: a patch applied to a scratch view of the tree first;"
          + " repeatable, in order")
  List<Path> apply = new ArrayList<>();

  @Option(names = "--engine", paramLabel = "NAME",
      description = "where --uncertainty runs its points: local (default) or spark")
  String engine;

  @Option(names = "--master", paramLabel = "URL", description = "the Spark master (--engine spark)")
  String master;

  public ReproduceCommand() {
    this(CliEnv.standard());
  }

  public ReproduceCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) {
    int n = threads == null ? env.threads() : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    List<Scenario> scenarios = new ArrayList<>(
        files.isEmpty() || !names.isEmpty() ? env.scenarios().select(names) : List.of());
    // every file is read and checked, its hosts built, before anything runs
    Set<String> taken = new HashSet<>();
    for (Scenario s : env.scenarios().all()) {
      taken.add(s.name());
    }
    for (Path f : files) {
      Scenario s = ScenarioFile.load(f, env.hosts(), taken);
      taken.add(s.name());
      scenarios.add(s);
    }
    if (uncertainty != null && (uncertainty < 2 || uncertainty > 10_000)) {
      throw BadInputException.field("--uncertainty", uncertainty + " is out of range",
          "2..10000 samples");
    }
    if ((engine != null || master != null) && uncertainty == null) {
      String flag = engine != null ? "--engine" : "--master";
      throw BadInputException.field(flag, "runs --uncertainty's points, and none was asked for",
          "--uncertainty N " + flag + " …");
    }
    PointEngines.check(engine, master);
    if (json && markdown) {
      throw BadInputException.field("--markdown", "given with --json", "one of --json or"
          + " --markdown");
    }
    if (sensitivity && uncertainty == null) {
      throw BadInputException.field("--sensitivity", "needs --uncertainty N",
          "--uncertainty N --sensitivity");
    }
    Map<String, String> fileOf = new HashMap<>();
    for (int i = 0; i < files.size(); i++) {
      fileOf.put(scenarios.get(scenarios.size() - files.size() + i).name(),
          files.get(i).toAbsolutePath().toString());
    }
    PortsCCheck portsC = portsC(n);
    PrintWriter err = spec.commandLine().getErr();
    if (scenarios.isEmpty()) {
      err.println(spec.qualifiedName() + ": no scenarios are registered");
      err.flush();
    }
    if (names.isEmpty() && files.isEmpty()) {
      List<String> byName = new ArrayList<>();
      for (Scenario s : env.scenarios().all()) {
        if (s.byNameOnly()) {
          byName.add(s.name());
        }
      }
      if (!byName.isEmpty()) {
        err.println(spec.qualifiedName() + ": not run by default: " + String.join(", ", byName)
            + " (what-ifs and long studies; run one by naming it: nicsim reproduce "
            + byName.get(0) + ")");
        err.flush();
      }
    }
    if (portsC != null) {
      new ReproRunner(env.engine(), seed, n, !noCheck).checkingPortsC(portsC)
          .run(scenarios, err, outs, null, null);
      outs.commit();
      PrintWriter out = spec.commandLine().getOut();
      out.print(json ? portsC.json() : portsC.text());
      out.flush();
      return portsC.allIdentical() ? 0 : 1;
    }
    List<ReproReport.Outcome> outcomes =
        new ReproRunner(env.engine(), seed, n, !noCheck).run(scenarios, err, outs, csvDir,
            plotDir);
    if (uncertainty != null) {
      try (PointEngine pe =
          PointEngines.open(engine, master, n)) {
        outcomes = new UncertaintyStudy(env.scenarioEnv(), seed, uncertainty,
            !noCheck).run(outcomes, fileOf, sensitivity, pe, (done, total) -> {
              if (done == total || done % 16 == 0) {
                err.println("uncertainty: " + done + "/" + total + " points");
                err.flush();
              }
            });
      }
    }
    outs.commit();
    PrintWriter out = spec.commandLine().getOut();
    out.print(markdown ? FidelityPage.markdown(outcomes)
        : json ? ReproReport.json(outcomes) : ReproReport.text(outcomes));
    out.flush();
    return 0;
  }

  /** {@code --ports c}'s check, or null; refused combinations in one line. */
  private PortsCCheck portsC(int threads) {
    if (ports == null || ports.equals("java")) {
      if (kernelTree != null || !apply.isEmpty()) {
        throw BadInputException.field(kernelTree != null ? "--kernel-tree" : "--apply",
            "is read by --ports c, and --ports c was not given", "--ports c --kernel-tree T");
      }
      return null;
    }
    if (!ports.equals("c")) {
      throw BadInputException.field("--ports", "'" + ports + "' is not a kind of port",
          "java (the default) or c");
    }
    if (kernelTree == null) {
      throw BadInputException.field("--ports c", "needs the kernel tree to compile",
          "--kernel-tree DIR|TARBALL");
    }
    for (Object[] o : new Object[][] {{"--uncertainty", uncertainty}, {"--csv", csvDir},
        {"--plot-dir", plotDir}}) {
      if (o[1] != null) {
        throw BadInputException.field((String) o[0], "cannot be combined with --ports c (its"
            + " report is the runs' equivalence)", "one of them");
      }
    }
    if (markdown) {
      throw BadInputException.field("--markdown", "cannot be combined with --ports c",
          "one of them");
    }
    KernelC c;
    try {
      c = KernelCCompiler.find().compile(kernelTree, apply,
          new LinkedHashSet<>(InLoopPorts.bridgedLabels()));
    } catch (KernelCException e) {
      throw new BadInputException(e.getMessage());
    }
    String kernel = KernelVersion.parse(c.release().replaceAll("-.*$", ""))
        .toString();
    return new PortsCCheck(env.engine(), c, kernel);
  }
}
