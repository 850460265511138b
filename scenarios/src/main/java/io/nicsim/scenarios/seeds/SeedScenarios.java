package io.nicsim.scenarios.seeds;

import io.nicsim.runs.RunEnv;
import io.nicsim.scenarios.ScenarioEnv;
import io.nicsim.scenarios.ScenarioRegistry;
import java.util.List;

/** nicsim's own scenarios, in the order {@code nicsim reproduce} runs them. */
public final class SeedScenarios {
  private SeedScenarios() {}

  /** Each seed scenario joins here with one line. */
  public static ScenarioRegistry registry() {
    return new ScenarioRegistry(List.of(
        new StmmacHrtimerActive(),
        new StmmacNapiArm(),
        new StmmacXmitMore(),
        new StmmacRingBound(),
        new FecRxUsecs(),
        new DimWhatIf(),
        new SoftwareCoalescing(),
        new StmmacStrandedSkb(),
        new RavbSoftwareCoalescing()));
  }

  /** nicsim's own runs and scenarios (a scenario study's points on another JVM). */
  public static ScenarioEnv env() {
    return new ScenarioEnv(RunEnv.standard(), registry());
  }
}
