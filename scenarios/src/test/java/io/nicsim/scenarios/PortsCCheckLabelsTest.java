package io.nicsim.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.studies.sweep.RunPointTask;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code reproduce --ports c}'s check tells a run the release does not run (the Java refuses it)
 * from one whose C side failed: the first is left out of the count, the second is a failure.
 */
class PortsCCheckLabelsTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();
  private static final RunRequest RUN = RunPointTask.request(List.of("--mac", "stmmac", "--soc",
      "cyclone5", "--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--duration", "20ms"));

  /** A tree whose compiled functions cannot be had: every C run fails. */
  private static final KernelC BROKEN = new KernelC() {
    @Override
    public String describe() {
      return "a broken tree";
    }

    @Override
    public String release() {
      return "6.12.118";
    }

    @Override
    public Map<String, NativePort> ports() {
      throw new IllegalStateException("the compiled functions cannot be loaded");
    }

    @Override
    public Map<String, String> notCompiled() {
      return Map.of();
    }

    @Override
    public List<String> notes() {
      return List.of();
    }

    @Override
    public List<Touched> touched() {
      return List.of();
    }
  };

  @Test
  void aFailedCRunIsAFailureNotARelease() {
    PortsCCheck check = new PortsCCheck(ENGINE, BROKEN, "v6.12.118");
    assertThat(check.run("s", RUN)).isNotNull(); // the scenario goes on with the Java run
    assertThat(check.allIdentical()).isFalse();
    assertThat(check.text()).contains("C FAILED", "the C run failed: the compiled functions"
        + " cannot be loaded", "0 of 1 distinct runs identical, 1 whose C run failed")
        .doesNotContain("not run on this release");
    assertThat(check.json()).contains("\"c_failed\"");
  }

  @Test
  void aReleaseTheJavaRefusesIsNotRunAndNotCounted() {
    PortsCCheck check = new PortsCCheck(ENGINE, BROKEN, "v2.6.32");
    check.run("s", RUN);
    assertThat(check.allIdentical()).isTrue();
    assertThat(check.text()).contains("not run", "not on this release: ",
        "0 of 0 distinct runs identical, 1 not run on this release")
        .doesNotContain("C FAILED");
  }
}
