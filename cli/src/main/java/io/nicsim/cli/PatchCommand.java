package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.KernelCCompiler;
import io.nicsim.core.port.exec.KernelCException;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Plots;
import io.nicsim.runs.RunFailure;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.options.EthtoolStyle;
import io.nicsim.runs.options.RunOptions;
import io.nicsim.studies.patch.PatchPointTask;
import io.nicsim.studies.patch.PatchReport;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.sweep.SweepPlan;
import io.nicsim.studies.sweep.Vary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim patch FILE --kernel-tree T …}: a reviewer's question about a patch on the list.
 * The host runs the tree's C in place of every bridged port, once as the tree has it and once
 * with the patch applied to a scratch view of it; the two runs (per {@code --vary} point, with
 * {@code --uncertainty} bands) side by side.
 */
@Command(
    name = "patch",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Run a kernel tree's C before and after a patch (a git format-patch file or a"
        + " netdev mail) and show the two side by side.")
public final class PatchCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", arity = "1..*",
      description = "the patch (git format-patch, diff -u, or a netdev mail holding one, as"
          + " the list's web view shows it); several apply in order")
  List<Path> files = new ArrayList<>();

  @Mixin RunOptions options;

  @Option(names = "--vary", paramLabel = "KEY=V1,V2,…",
      parameterConsumer = EthtoolStyle.VaryConsumer.class,
      description = "compare at each combination of these values (as sweep takes them)")
  List<String> varies = new ArrayList<>();

  @Option(names = "--uncertainty", paramLabel = "N",
      description = "also run both sides under N joint samples of the profile's and path's"
          + " ranges and show each metric's [low..high] (5th..95th percentile)")
  Integer uncertainty;

  @Option(names = "--json", description = "print {\"patch\": …, \"points\": …} instead")
  boolean json;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "before and after bars: throughput (or RTT), CPU and interrupts")
  @Output
  Path plot;

  @Mixin EngineOptions engine;

  public PatchCommand() {
    this(CliEnv.standard());
  }

  public PatchCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) {
    if (plot != null) {
      Plots.checkPlotFile(plot, "--plot");
    }
    outs.claim(plot, "--plot");
    List<String> base = new ArrayList<>(options.argsWithoutSeed());
    Path tree = valueOf(base, "--kernel-tree");
    if (tree == null) {
      throw BadInputException.field("--kernel-tree", "missing: the patch applies to a tree",
          "a kernel checkout or a source tarball (/usr/src/linux-source-6.12.tar.xz)");
    }
    if (base.contains("--apply")) {
      throw BadInputException.field("--apply", "the patch is nicsim patch's FILE argument",
          "nicsim patch FILE… --kernel-tree T (without --apply)");
    }
    String ports = options.host().ports();
    if (ports != null && !ports.equals("c")) {
      throw BadInputException.field("--ports", ports + ": nicsim patch runs the tree's C",
          "c, or leave --ports out");
    }
    if (ports == null) {
      base.addAll(List.of("--ports", "c"));
    }
    int samples = uncertainty == null ? 0 : uncertainty;
    if (uncertainty != null && (samples < 2 || samples > 10_000)) {
      throw BadInputException.field("--uncertainty", samples + " is out of range",
          "2..10000 samples");
    }
    // the patch is applied (and refused, in one line) before anything runs
    KernelC after;
    try {
      after = KernelCCompiler.find().compile(tree, files,
          new LinkedHashSet<>(InLoopPorts.bridgedLabels()));
    } catch (KernelCException e) {
      throw new BadInputException(e.getMessage());
    }
    List<String> apply = new ArrayList<>();
    for (Path f : files) {
      apply.addAll(List.of("--apply", f.toAbsolutePath().normalize().toString()));
    }
    RunRequest req = RunPointTask.request(withSeed(base, options.seed()));
    List<Map<String, String>> knobs = new ArrayList<>();
    List<Long> seeds = new ArrayList<>();
    if (varies.isEmpty()) {
      knobs.add(new LinkedHashMap<>());
      seeds.add(req.seed());
    } else {
      List<Vary> vs = new ArrayList<>();
      for (String v : varies) {
        vs.add(Vary.parse(v));
      }
      for (SweepPlan.Point p : new SweepPlan(req, vs).points()) {
        knobs.add(p.knobs());
        seeds.add(p.request().seed());
      }
    }
    // per configuration: before, after, then each side's samples
    List<Point> points = new ArrayList<>();
    int per = 2 + 2 * samples;
    for (int i = 0; i < knobs.size(); i++) {
      List<String> b = RunPointTask.args(base, seeds.get(i), knobs.get(i));
      List<String> a = new ArrayList<>(b);
      a.addAll(apply);
      points.add(new Point(i * per, knobs.get(i) + ";before", b));
      points.add(new Point(i * per + 1, knobs.get(i) + ";after", a));
      for (int k = 0; k < samples; k++) {
        points.add(new Point(i * per + 2 + k, knobs.get(i) + ";before;sample=" + k,
            RunPointTask.sampled(b, seeds.get(i), samples, k)));
      }
      for (int k = 0; k < samples; k++) {
        points.add(new Point(i * per + 2 + samples + k, knobs.get(i) + ";after;sample=" + k,
            RunPointTask.sampled(a, seeds.get(i), samples, k)));
      }
    }
    List<PointResult> all;
    try (PointEngine pe = engine.open(env.threads())) {
      all = pe.runAll(points, new PatchPointTask(env.runs()),
          EngineOptions.progress(spec.commandLine().getErr(), "patch"));
    }
    List<PatchReport.Point> rows = new ArrayList<>();
    for (int i = 0; i < knobs.size(); i++) {
      int at = i * per;
      rows.add(new PatchReport.Point(knobs.get(i), all.get(at), all.get(at + 1),
          all.subList(at + 2, at + 2 + samples), all.subList(at + 2 + samples, at + per)));
    }
    if (rows.stream().allMatch(r -> r.before().failed() && r.after().failed())) {
      throw new RunFailure("both runs failed: " + rows.get(0).before().error());
    }
    String what = options.host().describe() + ", traffic '" + valueOf(base, "--traffic") + "'";
    PatchReport report = new PatchReport(what, after, rows);
    if (plot != null) {
      report.plot(outs, plot);
    }
    outs.commit();
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? report.json() : report.text());
    out.flush();
    return 0;
  }

  private static List<String> withSeed(List<String> base, long seed) {
    List<String> a = new ArrayList<>(base);
    a.addAll(List.of("--seed", Long.toString(seed)));
    return a;
  }

  private static <T> T valueOf(List<String> args, String option) {
    int i = args.indexOf(option);
    @SuppressWarnings("unchecked")
    T v = i < 0 || i + 1 >= args.size() ? null : (T) (option.equals("--kernel-tree")
        ? Path.of(args.get(i + 1)) : args.get(i + 1));
    return v;
  }
}
