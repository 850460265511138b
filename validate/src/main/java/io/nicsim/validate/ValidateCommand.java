package io.nicsim.validate;

import io.nicsim.core.config.BadInputException;
import io.nicsim.runs.RunEnv;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim validate}: the same TCP experiment on the host's Linux and in the model. */
@Command(
    name = "validate",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs each case on this machine's kernel (two network namespaces joined by veth, a tbf"
          + " at the path rate, the return path delayed and the sender's TX completions held"
          + " by an NFQUEUE holder built with gcc) with iperf3 -J and ss -tinm, runs the same"
          + " case in the model, and prints both side by side with a verdict per case.",
      "Needs root, ip/tc/ss (iproute2), iptables, iperf3, gcc and libnetfilter-queue-dev;"
          + " without them it names what is missing and exits 2. Nothing is sent outside the"
          + " namespaces it creates, and it removes them when it ends (also on a signal).",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every case agrees",
      "1:some case misses (its row says by how much)",
      "2:usage error, missing root or tools, or a set-up step failed",
    })
public final class ValidateCommand implements Callable<Integer> {
  public static final int EXIT_USAGE = 2;
  /** validate --cpu's seconds per run unless --duration says. */
  static final double CPU_SECONDS = 2;

  @Option(names = "--case", paramLabel = "NAME",
      description = "run only this case (repeatable; a trailing * matches a prefix); --list"
          + " shows them")
  List<String> cases = new ArrayList<>();

  @Option(names = "--list", description = "list the cases and what each runs, then exit")
  boolean list;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
      description = "real runs per case, 1..20 (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--duration", paramLabel = "SECS", defaultValue = "8",
      description = "measured seconds per run, 2..120 (default: ${DEFAULT-VALUE})")
  long duration;

  @Option(names = "--omit", paramLabel = "SECS", defaultValue = "2",
      description = "seconds left out at the start (iperf3 -O), 0..30 (default: ${DEFAULT-VALUE})")
  long omit;

  @Option(names = "--tolerance", paramLabel = "PCT", defaultValue = "15",
      description = "the model agrees within this many percent, 1..100 (default: ${DEFAULT-VALUE})")
  double tolerancePct;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
      description = "the model's seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--no-fifo",
      description = "run the holders at normal priority (default: SCHED_FIFO via chrt)")
  boolean noFifo;

  @Option(names = "--model-delay", paramLabel = "USECS",
      description = "give the model this completion delay instead of the case's (checks that"
          + " a wrong delay is caught)")
  Long modelDelay;

  @Option(names = "--json", description = "print the results as JSON")
  boolean json;

  @Option(names = "--cpu", description = "CPU by context instead of TCP: UDP floods (64 and"
      + " 1400 B at fixed rates; backlog, veth NAPI via GRO, threaded NAPI, busy polling) and"
      + " TCP CUBIC and BBR over a veth pair, measured with /proc/stat, /proc/softirqs,"
      + " /proc/interrupts and a tracefs instance; host-veth calibrated from the first case's"
      + " trace predicts every case (--case selects by name; --duration is each run's seconds)")
  boolean cpu;

  @Spec CommandSpec spec;

  private final RunEnv env;
  private final Supplier<List<String>> preflight;

  public ValidateCommand() {
    this(null);
  }

  public ValidateCommand(RunEnv env) {
    this(env, Preflight::missing);
  }

  /** With what the machine lacks given by {@code preflight} (tests). */
  ValidateCommand(RunEnv env, Supplier<List<String>> preflight) {
    this.env = env;
    this.preflight = preflight;
  }

  @Override
  public Integer call() {
    if (cpu) {
      return callCpu();
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<ValidateCase> selected;
    try {
      check();
      selected = select();
    } catch (BadInputException e) {
      err.println("nicsim validate: " + e.getMessage());
      err.flush();
      return EXIT_USAGE;
    }
    if (list) {
      for (ValidateCase c : selected) {
        out.printf("%-22s hold %-7s %-6s ack delay %-7s model: nicsim run %s%n", c.name(),
            c.hold().word(), c.hold() == ValidateCase.Hold.NONE ? ""
                : ValidateCase.delayWord(c.delayUs()),
            ValidateCase.delayWord(c.ackDelayUs()), String.join(" ", quoted(
                c.modelArgs(duration, omit))));
      }
      out.flush();
      return 0;
    }
    List<String> missing = preflight.get();
    if (!missing.isEmpty()) {
      err.println("nicsim validate: cannot run the real side; missing:");
      for (String m : missing) {
        err.println("  " + m);
      }
      err.flush();
      return EXIT_USAGE;
    }
    double tol = tolerancePct / 100;
    Validator v = new Validator(env, runs, duration, omit, tol, seed, !noFifo, KnownMisses.ALL);
    List<CaseResult> rs;
    try {
      rs = v.run(selected, json ? null : err);
    } catch (IOException e) {
      if (Testbed.goingDown()) {
        return EXIT_USAGE; // a signal: the namespaces are gone and nicsim's line says so
      }
      err.println("nicsim validate: " + e.getMessage().strip().replaceAll("\\s*\\R\\s*", " "));
      err.flush();
      return EXIT_USAGE;
    }
    out.print(json ? ValidateReport.json(rs, tol, Validator.kernel(), runs, duration, omit)
        : ValidateReport.text(rs, tol, Validator.kernel()));
    out.flush();
    return rs.stream().allMatch(r -> r.verdict().pass()) ? 0 : 1;
  }

  /** validate --cpu. */
  private int callCpu() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<CpuCase> sel = new ArrayList<>();
    try {
      check();
      for (CpuCase c : CpuCase.ALL) {
        if (cases.isEmpty() || cases.stream().anyMatch(n -> n.endsWith("*")
            ? c.name().startsWith(n.substring(0, n.length() - 1)) : c.name().equals(n))) {
          sel.add(c);
        }
      }
      for (String n : cases) {
        boolean prefix = n.endsWith("*");
        String p = prefix ? n.substring(0, n.length() - 1) : n;
        if (CpuCase.ALL.stream().noneMatch(c -> prefix ? c.name().startsWith(p)
            : c.name().equals(p))) {
          throw BadInputException.field("--case", n, "with --cpu one of " + String.join(", ",
              CpuCase.ALL.stream().map(CpuCase::name).toList()));
        }
      }
    } catch (BadInputException e) {
      err.println("nicsim validate: " + e.getMessage());
      err.flush();
      return EXIT_USAGE;
    }
    if (list) {
      for (CpuCase c : sel) {
        out.printf("%-20s %s; model: nicsim run %s --soc host-veth --traffic '%s'%n", c.name(),
            c.describe(), String.join(" ", c.modelArgs()), c.modelTraffic(
            spec.commandLine().getParseResult().hasMatchedOption("--duration") ? duration
                : CPU_SECONDS));
      }
      out.flush();
      return 0;
    }
    List<String> missing = new ArrayList<>(preflight.get());
    missing.addAll(CpuTestbed.missing());
    if (!missing.isEmpty()) {
      err.println("nicsim validate: cannot run the real side; missing:");
      for (String m : missing) {
        err.println("  " + m);
      }
      err.flush();
      return EXIT_USAGE;
    }
    double tol = tolerancePct / 100;
    // short runs by default: the machine's 2 cores are shared, the rates are fixed
    double secs = spec.commandLine().getParseResult().hasMatchedOption("--duration")
        ? duration : CPU_SECONDS;
    CpuValidator v = new CpuValidator(env, secs, tol, seed);
    try {
      CpuValidator.Outcome o = v.run(sel, json ? null : err);
      out.print(json ? CpuReport.json(v, o, Validator.kernel(), tol)
          : CpuReport.text(v, o, Validator.kernel(), tol));
      out.flush();
      return o.runs().stream().anyMatch(r -> CpuReport.unexplained(v, r)) ? 1 : 0;
    } catch (IOException e) {
      err.println("nicsim validate: " + e.getMessage().strip().replaceAll("\\s*\\R\\s*", " "));
      err.flush();
      return EXIT_USAGE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return EXIT_USAGE;
    } catch (Exception e) {
      err.println("nicsim validate: " + e.getMessage());
      err.flush();
      return EXIT_USAGE;
    }
  }

  private void check() {
    range("--runs", runs, 1, 20);
    range("--duration", duration, 2, 120);
    range("--omit", omit, 0, 30);
    if (!(tolerancePct >= 1 && tolerancePct <= 100)) {
      throw BadInputException.field("--tolerance", String.valueOf(tolerancePct), "1..100");
    }
    if (modelDelay != null) {
      range("--model-delay", modelDelay, 1, 1_000_000);
    }
  }

  private static void range(String f, long v, long lo, long hi) {
    if (v < lo || v > hi) {
      throw BadInputException.field(f, Long.toString(v), lo + ".." + hi);
    }
  }

  private List<ValidateCase> select() {
    Map<String, ValidateCase> all = Cases.byName();
    List<ValidateCase> sel = new ArrayList<>();
    if (cases.isEmpty()) {
      sel.addAll(all.values());
    }
    for (String name : cases) {
      boolean prefix = name.endsWith("*");
      String p = prefix ? name.substring(0, name.length() - 1) : name;
      int n = 0;
      for (ValidateCase c : all.values()) {
        if ((prefix ? c.name().startsWith(p) : c.name().equals(p)) && !sel.contains(c)) {
          sel.add(c);
          n++;
        }
      }
      if (n == 0 && !(prefix && sel.stream().anyMatch(c -> c.name().startsWith(p)))
          && !all.containsKey(p)) {
        throw BadInputException.field("--case", name, "one of " + String.join(", ",
            all.keySet()));
      }
    }
    if (modelDelay != null) {
      List<ValidateCase> m = new ArrayList<>();
      for (ValidateCase c : sel) {
        if (c.hold() == ValidateCase.Hold.NONE) {
          throw BadInputException.field("--model-delay", c.name() + " holds nothing",
              "cases with a hold");
        }
        m.add(c.withModelDelay(modelDelay));
      }
      sel = m;
    }
    return sel;
  }

  private static List<String> quoted(List<String> args) {
    List<String> q = new ArrayList<>();
    for (String a : args) {
      q.add(a.contains(" ") ? "'" + a + "'" : a);
    }
    return q;
  }
}
