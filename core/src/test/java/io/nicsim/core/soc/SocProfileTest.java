package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.KernelOps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SocProfileTest {

  private static final String BASE = """
      name: x
      cpu:
        cores: {value: 2, source: "a"}
        hz: {value: 1000000000, source: "a"}
      kernel:
        hz: {value: 250, source: "a"}
      costs:
        irq_entry: {value: 700, source: "a", calibrated: "seed 000 before: 45200 pps"}
      """;

  @Test
  void loadsTheTestProfileWithItsCosts() {
    SocProfile p = SocProfile.load("testsoc");
    assertThat(p.cores()).isEqualTo(2);
    assertThat(p.kernelHz()).isEqualTo(100);
    assertThat(p.costTable(1.0).require(KernelOps.IRQ_ENTRY)).isEqualTo(700);
    assertThat(p.costTable(0.5).require(KernelOps.IRQ_ENTRY)).isEqualTo(350);
    assertThat(SocCatalog.names()).contains("testsoc");
  }

  @Test
  void calibratedEntriesAreListedWithTheirFigure() {
    SocProfile p = SocProfile.parse("x", BASE);
    assertThat(p.calibrations()).containsExactly("costs.irq_entry <- seed 000 before: 45200 pps");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "irq_entry: 5|costs.irq_entry needs its provenance",
      "irq_entry: {value: 5}|costs.irq_entry.source is missing",
      "irq_entry: {value: x, source: a}|costs.irq_entry.value must be a number",
      "irq_entry: {value: -1, source: a}|costs.irq_entry is negative",
      "irq_entry: {value: 1, source: a, unit: ns}|costs.irq_entry.unit is not a field",
  })
  void aMalformedCostNamesTheField(String line, String message) {
    String text = BASE.replace("irq_entry: {value: 700, source: \"a\", calibrated: \"seed 000 before: 45200 pps\"}", line);
    assertThatThrownBy(() -> SocProfile.parse("x", text))
        .isInstanceOf(BadInputException.class).hasMessageContaining(message);
  }

  @Test
  void outOfRangeAndMissingFieldsAreRefused() {
    assertThatThrownBy(() -> SocProfile.parse("x", BASE.replace("hz: {value: 250", "hz: {value: 7")))
        .isInstanceOf(BadInputException.class).hasMessageContaining("kernel.hz")
        .hasMessageContaining("accepted: 100..1000");
    assertThatThrownBy(() -> SocProfile.parse("x", BASE.replace("  cores: {value: 2, source: \"a\"}\n", "")))
        .isInstanceOf(BadInputException.class).hasMessageContaining("cpu.cores is missing");
    assertThatThrownBy(() -> SocProfile.parse("x", BASE + "colour: blue\n"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("unknown key 'colour'");
    assertThatThrownBy(() -> SocProfile.parse("x", "- just\n- a list\n"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("not a YAML mapping");
    assertThatThrownBy(() -> SocProfile.parse("x", "a: [unclosed"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("soc profile x");
  }

  @Test
  void aMissingCostIsNamedWhenAComponentNeedsIt() {
    SocProfile p = SocProfile.parse("x", BASE);
    assertThatThrownBy(() -> p.costTable(1).require(KernelOps.HRTIMER_START))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("soc profile x: costs.hrtimer_start is missing");
  }

  @Test
  void unknownProfilesListTheInstalledOnes() {
    assertThatThrownBy(() -> SocProfile.load("nosuch"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("testsoc");
    assertThatThrownBy(() -> SocProfile.load("../etc/passwd"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("not a profile name");
  }
}
