package io.nicsim.runs.options;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.InputSample;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.ExploreRequest;
import io.nicsim.runs.RunRequest;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * A {@code nicsim run} argument list as a plan's points carry it (the run's options, with
 * {@code --jitter}/{@code --preempt} for an exploring run; no output files), parsed and
 * refused exactly as the command parses them.
 */
@Command(name = "run", addMethodSubcommands = false)
public final class RunArgs {
  @Mixin RunOptions options;

  @Mixin ExplorationOptions exploration;

  /** The parsed request and exploration (null without --jitter). */
  public record Parsed(RunRequest request, Exploration exploration) {
    /**
     * The explored run this line spells; refused naming --jitter when the line has none (a
     * plan point of {@code explore} always has one).
     */
    public ExploreRequest exploreRequest() {
      if (exploration == null) {
        throw BadInputException.field("--jitter", "is missing from an explored run's line",
            "--jitter ranges or a percent 0..90");
      }
      return new ExploreRequest(request, exploration);
    }
  }

  public static Parsed parse(List<String> args) {
    RunArgs a = new RunArgs();
    new CommandLine(a).parseArgs(args.toArray(new String[0]));
    return new Parsed(a.options.request(), a.exploration.exploration());
  }

  /** The request alone (a plain run's points). */
  public static RunRequest request(List<String> args) {
    return request(args, null);
  }

  /** The request alone under an uncertainty sample (null: nominal). */
  public static RunRequest request(List<String> args, InputSample sample) {
    RunArgs a = new RunArgs();
    new CommandLine(a).parseArgs(args.toArray(new String[0]));
    return a.options.request(sample);
  }
}
