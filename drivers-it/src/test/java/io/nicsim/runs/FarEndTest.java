package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.runs.options.RunArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The far end of a TCP path under {@code --ports c} ({@code --path peer-kernel}, tcp-stack's
 * {@code FarEnd}) on a stand-in tree that compiled nothing (no gcc, no kernel tree needed): what
 * the header says the far end runs, and the refusal of a far end on the tree's release when the
 * tree does not build the far end's functions. The far end as a real tree's C is
 * {@link PortsCCoreEquivalenceTest}'s far end rows.
 */
class FarEndTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();

  /** A tree of release 6.12.118 whose every wanted function failed to build, with why. */
  private static final class NothingBuilt implements KernelC {
    @Override
    public String describe() {
      return "/nowhere/linux";
    }

    @Override
    public String release() {
      return "6.12.118";
    }

    @Override
    public Map<String, NativePort> ports() {
      return Map.of();
    }

    @Override
    public Map<String, String> notCompiled() {
      return Map.of("net/ipv4/tcp_input.c __tcp_ack_snd_check",
          "net/ipv4/tcp_input.c is not in the tree");
    }

    @Override
    public List<String> notes() {
      return List.of();
    }

    @Override
    public List<Touched> touched() {
      return List.of();
    }
  }

  private static RunRequest request(String path) {
    List<String> a = new ArrayList<>(List.of("--mac", "ideal", "--kernel", "v6.12.118",
        "--traffic", "iperf3 -t 1", "--duration", "20ms"));
    if (path != null) {
      a.addAll(List.of("--path", path));
    }
    return RunArgs.request(a).withKernelC(new NothingBuilt());
  }

  @Test
  void theHeaderSaysWhatTheFarEndRuns() {
    assertThat(ENGINE.run(request("rtt=1ms")).kernelC().lines())
        .contains("  far end: v6.17 TCP as Java (nicsim's fixed peer; --path peer-kernel=host"
            + " runs it as this tree's C)");
    assertThat(ENGINE.run(request("rtt=1ms,peer-kernel=6.1.192")).kernelC().lines())
        .contains("  far end: v6.1.192 TCP as Java (not the tree's release, 6.12.118)");
    // no TCP, no far end's TCP: no line
    RunRequest udp = RunArgs.request(List.of("--mac", "ideal", "--traffic",
        "iperf3 -u -b 10M -t 1", "--duration", "5ms")).withKernelC(new NothingBuilt());
    assertThat(ENGINE.run(udp).kernelC().lines()).noneMatch(l -> l.contains("far end"));
  }

  @Test
  void aTreeThatDoesNotBuildTheFarEndIsRefusedInOneLine() {
    assertThatThrownBy(() -> ENGINE.run(request("rtt=1ms,peer-kernel=host")))
        .isInstanceOf(BadInputException.class)
        .hasMessage("--path peer-kernel: host runs the far end as /nowhere/linux, whose"
            + " __tcp_ack_snd_check does not build: net/ipv4/tcp_input.c is not in the tree"
            + " (accepted: a tree holding net/ipv4's tcp_input.c, tcp_output.c and tcp_timer.c,"
            + " or another release (the far end in Java))");
    // the same far end spelt as the release
    assertThatThrownBy(() -> ENGINE.run(request("rtt=1ms,peer-kernel=v6.12.118")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--path peer-kernel: v6.12.118 runs the far end as");
  }
}
