package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every function with an executed harness either has a bridge ({@code --ports c} runs it as
 * the tree's C) or is listed, with its reason, by its module's bridge provider: the list a
 * run's header and the README give is the harnesses' own, never stale.
 */
class BridgeListTest {

  @Test
  void everyHarnessedFunctionIsBridgedOrSaysWhyNot() {
    Set<String> harnessed = new TreeSet<>();
    for (PortHarnessProvider p : ServiceLoader.load(PortHarnessProvider.class)) {
      for (PortHarness h : p.harnesses()) {
        harnessed.add(h.file() + " " + h.function());
      }
    }
    Set<String> bridged = new TreeSet<>(InLoopPorts.bridgedLabels());
    Set<String> listed = InLoopPorts.notBridged().keySet();
    Set<String> neither = new TreeSet<>(harnessed);
    neither.removeAll(bridged);
    neither.removeAll(listed);
    assertThat(neither).as("harnessed, neither bridged nor listed with a reason").isEmpty();
    Set<String> both = new TreeSet<>(bridged);
    both.retainAll(listed);
    assertThat(both).as("bridged and listed as not bridged").isEmpty();
    assertThat(harnessed).as("bridges and reasons of functions without a harness")
        .containsAll(bridged).containsAll(listed);
    InLoopPorts.notBridged().values().forEach(why -> assertThat(why).isNotBlank());
  }
}
