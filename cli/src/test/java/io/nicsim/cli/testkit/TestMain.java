package io.nicsim.cli.testkit;

import io.nicsim.cli.Nicsim;
import io.nicsim.cli.env.EnvFactory;

/** {@code nicsim} against the test MACs (example, knob) and the demo scenario, for trying out. */
public final class TestMain {
  private TestMain() {}

  public static void main(String[] args) {
    System.exit(Nicsim.commandLine(new EnvFactory(Cli.env(2)), args).execute(args));
  }
}
