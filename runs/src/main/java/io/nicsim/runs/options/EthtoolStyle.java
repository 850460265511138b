package io.nicsim.runs.options;

import io.nicsim.core.ethtool.CoalesceParam;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Command-line habits carried over from ethtool: {@code -C} takes the words that follow it
 * (picocli's {@code arity = "1..*"}: up to the next option), {@code --vary KEY V1,V2} reads like
 * {@code --vary KEY=V1,V2}, and an ethtool knob typed as an option ({@code --tx-usecs 100}) gets
 * a hint to use {@code -C}.
 */
public final class EthtoolStyle {
  private EthtoolStyle() {}

  /** The {@code -C} words as one parameter list ({@code 'tx-usecs 100'} quoted or not). */
  public static String join(List<String> words) {
    return words == null ? null : String.join(" ", words);
  }

  /**
   * {@code --vary KEY=V1,V2} or {@code --vary KEY V1,V2}: takes a second word when the first has
   * no {@code =} and the next word is not an option.
   */
  public static final class VaryConsumer implements IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
      if (args.isEmpty()) {
        throw new ParameterException(commandSpec.commandLine(),
            "Missing required parameter for option '--vary' (KEY=V1,V2,…)");
      }
      String first = args.pop();
      String value = first;
      if (!first.contains("=") && !args.isEmpty() && !args.peek().startsWith("-")) {
        value = first + "=" + args.pop();
      }
      List<String> list = argSpec.getValue();
      list.add(value);
    }
  }

  /**
   * For an unknown option that is an ethtool -C name ({@code --tx-usecs 100},
   * {@code --tx-usecs=100}): {@code -C 'tx-usecs 100'}, else null.
   */
  public static String coalesceHint(UnmatchedArgumentException e) {
    List<String> unmatched = e.getUnmatched();
    for (int i = 0; i < unmatched.size(); i++) {
      String arg = unmatched.get(i);
      if (!arg.startsWith("--")) {
        continue;
      }
      String name = arg.substring(2);
      String value = "N";
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (i + 1 < unmatched.size() && !unmatched.get(i + 1).startsWith("-")) {
        value = unmatched.get(i + 1);
      }
      for (CoalesceParam p : CoalesceParam.values()) {
        if (p.cliName().equals(name)) {
          return "-C '" + name + " " + value + "'";
        }
      }
    }
    return null;
  }
}
