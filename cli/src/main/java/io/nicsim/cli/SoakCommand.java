package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.studies.soak.Soak;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim soak}: long runs that must not grow the heap (a manual check, minutes of wall
 * time; run it with a small heap: {@code NICSIM_JAVA_OPTS=-Xmx96m ./nicsim soak}).
 */
@Command(
    name = "soak",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Run a UDP flood and a BBR flow for simulated minutes under the invariant"
        + " audit and check the live heap does not grow (exit 1 if it does).")
public final class SoakCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Option(names = "--flow", paramLabel = "udp|bbr", description = "repeatable (default: both)")
  List<String> flows = new ArrayList<>();

  @Option(names = "--minutes", paramLabel = "N", defaultValue = "10",
      description = "simulated minutes per flow (default: ${DEFAULT-VALUE})")
  long minutes;

  @Option(names = "--sample", paramLabel = "SECS", defaultValue = "30",
      description = "simulated seconds between heap samples (default: ${DEFAULT-VALUE})")
  long sampleSec;

  @Option(names = "--max-growth", paramLabel = "MiB", defaultValue = "8",
      description = "live-heap growth allowed from the first sample to the last (default:"
          + " ${DEFAULT-VALUE})")
  long maxGrowthMiB;

  public SoakCommand() {
    this(CliEnv.standard());
  }

  public SoakCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    if (minutes < 1 || minutes > 24 * 60) {
      throw BadInputException.field("--minutes", minutes + " is out of range", "1..1440");
    }
    if (sampleSec < 1 || sampleSec > minutes * 60) {
      throw BadInputException.field("--sample", sampleSec + " is out of range",
          "1.." + minutes * 60 + " seconds");
    }
    if (maxGrowthMiB < 0 || maxGrowthMiB > 4096) {
      throw BadInputException.field("--max-growth", maxGrowthMiB + " is out of range",
          "0..4096 MiB");
    }
    List<Soak.Flow> which = new ArrayList<>();
    for (String f : flows.isEmpty() ? List.of("udp", "bbr") : flows) {
      which.add(Soak.flow(f));
    }
    PrintWriter out = spec.commandLine().getOut();
    Soak soak = new Soak(env.hosts(), out);
    boolean grew = false;
    for (Soak.Flow f : which) {
      Soak.Result r = soak.run(f, minutes * 60, sampleSec);
      boolean bad = r.growthBytes() > maxGrowthMiB * 1048576L;
      grew |= bad;
      out.println(String.format(Locale.ROOT, "%s: %d simulated minutes, live heap %+.1f MiB from"
              + " the first sample to the last: %s", f.name().toLowerCase(Locale.ROOT), minutes,
          r.growthBytes() / 1048576.0, bad ? "GREW (more than " + maxGrowthMiB + " MiB)" : "ok"));
      out.flush();
    }
    return grew ? 1 : 0;
  }
}
