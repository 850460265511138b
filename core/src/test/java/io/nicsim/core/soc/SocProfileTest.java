package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.KernelOps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SocProfileTest {

  private static final String BASE = """
      name: x
      cpu:
        cores: {value: 2, source: "a", class: exact}
        hz: {value: 1000000000, source: "a", class: exact}
      kernel:
        hz: {value: 250, source: "a", class: exact}
      costs:
        irq_entry: {value: 700, source: "a", calibrated: "seed 000 before: 45200 pps"}
      """;

  @Test
  void loadsTheTestProfileWithItsCosts() {
    SocProfile p = SocProfile.load("testsoc");
    assertThat(p.cores()).isEqualTo(2);
    assertThat(p.kernelHz()).isEqualTo(100);
    assertThat(CostTable.of(p, 1.0).require(KernelOps.IRQ_ENTRY)).isEqualTo(700);
    assertThat(CostTable.of(p, 0.5).require(KernelOps.IRQ_ENTRY)).isEqualTo(350);
    assertThat(SocCatalog.names()).contains("testsoc");
  }

  /** A core count is a count: 2.5 cores is refused, naming the field and the accepted range. */
  @Test
  void aFractionalCoreCountIsRefused() {
    String text = BASE.replace("cores: {value: 2,", "cores: {value: 2.5,");
    assertThatThrownBy(() -> SocProfile.parse("x", text))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("cpu.cores = 2.5 is not a whole number (accepted: 1..64 cores)");
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
      "irq_entry: {value: -1, source: a, class: exact}|costs.irq_entry is negative",
      "irq_entry: {value: 1, source: a, unit: ns}|costs.irq_entry.unit is not a field",
      "irq_entry: {value: 1, source: a}|costs.irq_entry has no uncertainty (accepted: class:",
      "irq_entry: {value: 1, source: a, class: guess}|costs.irq_entry.class 'guess' is not a class",
      "irq_entry: {value: 1, source: a, class: estimate, range: 40%}|costs.irq_entry.range"
          + " overrides the estimate default; its source must say why",
      "irq_entry: {value: 1, source: 'range: why', class: estimate, range: 140%}|costs.irq_entry"
          + ".range '140%' is not a range",
      "irq_entry: {value: 1, source: a, class: calibrated}|costs.irq_entry.class calibrated needs"
          + " calibrated:",
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
    assertThatThrownBy(() -> SocProfile.parse("x", BASE.replace("  cores: {value: 2, source: \"a\", class: exact}\n", "")))
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
    assertThatThrownBy(() -> CostTable.of(p, 1).require(KernelOps.HRTIMER_START))
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

  @Test
  void everyNumberHasARangeFromItsClassOrItsOverride() {
    SocProfile p = SocProfile.parse("x", BASE.replace("hz: {value: 1000000000, source: \"a\","
        + " class: exact}", "hz: {value: 1000000000, source: \"a; range: a slow board\","
        + " class: datasheet, range: 10%}") + "  napi_poll: {value: 600, source: b, class: estimate}\n");
    assertThat(p.costs().get("napi_poll").range()).isEqualTo(UncertaintyClass.ESTIMATE.defaultRange());
    assertThat(p.costs().get("irq_entry").uncertainty()).isEqualTo(UncertaintyClass.CALIBRATED);
    assertThat(p.costs().get("irq_entry").range()).isEqualTo(UncertaintyClass.CALIBRATED.defaultRange());
    assertThat(p.cpu().get("hz").range()).isEqualTo(0.10);
    assertThat(p.cpu().get("cores").uncertain()).isFalse();
    assertThat(p.inputs()).containsKeys("x:costs.napi_poll", "x:cpu.hz");
    assertThatThrownBy(() -> SocProfile.parse("x", BASE.replace("cores: {value: 2, source: \"a\","
        + " class: exact}", "cores: {value: 2, source: \"a\", class: estimate}")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("cpu.cores is a discrete choice and is never sampled");
  }

  @Test
  void aSampleMovesOnlyUncertainNumbersWithinTheirRange() {
    String text = BASE + "  napi_poll: {value: 600, source: b, class: estimate}\n";
    InputSample high = (id, q) -> q.high();
    SocProfile nominal = SocProfile.parse("x", text);
    SocProfile sampled = nominal.sampled(high);
    assertThat(nominal.costs().get("napi_poll").value()).isEqualTo(600);
    assertThat(sampled.costs().get("napi_poll").value()).isEqualTo(780);
    assertThat(sampled.costs().get("irq_entry").value()).isEqualTo(735);
    assertThat(sampled.cpu().get("hz").value()).isEqualTo(1e9);
    // the parser's answer depends on its arguments alone: parsing again gives the nominal
    assertThat(SocProfile.parse("x", text).costs().get("napi_poll").value()).isEqualTo(600);
    assertThat(nominal.sampled(null)).isSameAs(nominal);
    InputSample outside = (id, q) -> q.high() * 2;
    assertThatThrownBy(() -> nominal.sampled(outside))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("outside its range");
  }

  @Test
  void anInheritedNumberKeepsItsParentsInputId() {
    java.util.List<String> ids = new java.util.ArrayList<>();
    InputSample record = (id, q) -> {
      ids.add(id);
      return q.value();
    };
    SocProfile.parse("child", "name: child\ninherits: testsoc\n"
        + "costs:\n  napi_poll: {value: 5, source: c, class: estimate}\n").sampled(record);
    assertThat(ids).contains("child:costs.napi_poll", "testsoc:costs.irq_entry")
        .doesNotContain("child:costs.irq_entry");
  }
}
