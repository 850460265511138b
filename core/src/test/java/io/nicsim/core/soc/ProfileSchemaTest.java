package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Profiles of the previous schema (no uncertainty classes) run with a warning and upgrade. */
class ProfileSchemaTest {
  private final List<String> warnings = new ArrayList<>();
  private Consumer<String> previous;

  @BeforeEach
  void collect() {
    previous = SocProfile.setWarningSink(warnings::add);
  }

  @AfterEach
  void restore() {
    SocProfile.setWarningSink(previous);
  }

  static String resource(String name) throws IOException {
    try (InputStream in = ProfileSchemaTest.class.getResourceAsStream("/schema1/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aSchema1ProfileRunsWithOneWarningNamingTheClassesItWasGiven() throws IOException {
    String old = resource("mymac-board.yaml");
    SocProfile p = SocProfile.parse("mymac-board.yaml", old);
    assertThat(p.schema()).isEqualTo(1);
    assertThat(p.costs().get("mymac_xmit").uncertainty()).isEqualTo(UncertaintyClass.ESTIMATE);
    assertThat(p.costs().get("mymac_xmit").range()).isEqualTo(0.30);
    assertThat(p.cpu().get("cores").uncertainty()).isEqualTo(UncertaintyClass.EXACT);
    assertThat(p.params().get("mymac_ring").uncertainty()).isEqualTo(UncertaintyClass.EXACT);
    // inherited numbers keep their own (schema 2) classes
    assertThat(p.costs().get("irq_entry").origin()).isEqualTo("cortex-a53");
    assertThat(warnings).containsExactly("warning: soc profile mymac-board.yaml is of schema 1"
        + " (numbers without an uncertainty class): 3 costs given class estimate (±30%), 6 other"
        + " numbers class exact; 'nicsim profile upgrade FILE' writes them in (schema 2)");
    SocProfile.parse("mymac-board.yaml", old);
    assertThat(warnings).as("once per profile").hasSize(1);
  }

  @Test
  void anExplicitSchemaIsCheckedAndSchema2StillRefusesAMissingClass() throws IOException {
    String old = resource("mymac-board.yaml");
    assertThatThrownBy(() -> SocProfile.parse("p", "schema: 2\n" + old))
        .isInstanceOf(BadInputException.class)
        .hasMessage("soc profile p: cpu.cores has no uncertainty (accepted: class:"
            + " exact|datasheet|measured|calibrated|estimate|assumption|timing, or range: N%)");
    assertThatThrownBy(() -> SocProfile.parse("p", "schema: 3\n" + old))
        .hasMessage("soc profile p: schema '3' is newer than this nicsim reads (accepted: 1..2)");
    assertThatThrownBy(() -> SocProfile.parse("p", "schema: two\n" + old))
        .hasMessage("soc profile p: schema 'two' is not a schema version (accepted: 1..2)");
    assertThat(SocProfile.parse("p", "schema: 1\n" + old).schema()).isEqualTo(1);
    assertThat(SocProfile.load("testsoc").schema()).isEqualTo(2);
  }

  @Test
  void upgradeWritesTheClassesInAndKeepsEverythingElse() throws IOException {
    String old = resource("mymac-board.yaml");
    ProfileUpgrade.Result r = ProfileUpgrade.upgrade("f", old);
    assertThat(r.classesAdded()).isEqualTo(9);
    assertThat(r.schemaAdded()).isTrue();
    assertThat(r.text()).contains("# A board with \"mymac\"")
        .contains("schema: 2\nname: mymac-board\n")
        .contains("cores: {value: 4, source: \"example board: four Cortex-A53\", class: exact}")
        .contains("mymac_rx:       {value: 1500, source: \"estimate: ~1800 cycles at 1.2 GHz"
            + " (refill, dma sync, eth_type_trans)\", class: estimate}");
    // what the upgraded file says is what the old one was read as, without a warning
    SocProfile before = SocProfile.parse("old", old);
    SocProfile after = SocProfile.parse("new", r.text());
    assertThat(after.schema()).isEqualTo(2);
    assertThat(warnings).hasSize(1);
    assertThat(after.costs().get("mymac_rx").uncertainty())
        .isEqualTo(before.costs().get("mymac_rx").uncertainty());
    assertThat(after.params().keySet()).isEqualTo(before.params().keySet());
    ProfileUpgrade.Result again = ProfileUpgrade.upgrade("f", r.text());
    assertThat(again.changed()).isFalse();
    assertThat(again.text()).isEqualTo(r.text());
  }

  @Test
  void blockStyleNumbersGainAClassLineAndCalibratedOnesStayAsTheyAre() throws IOException {
    String old = resource("block-style.yaml");
    ProfileUpgrade.Result r = ProfileUpgrade.upgrade("b", old);
    assertThat(r.classesAdded()).isEqualTo(4);
    assertThat(r.text()).contains("    value: 1000000000   # 1 GHz\n    class: exact\n")
        .contains("  blk_tx:\n    value: 700\n    class: estimate\n    source: \"estimate\"")
        .contains("    calibrated: \"a before figure\"\n  blk_tx:");
    SocProfile p = SocProfile.parse("b2", r.text());
    assertThat(p.costs().get("blk_rx").uncertainty()).isEqualTo(UncertaintyClass.CALIBRATED);
    assertThat(p.costs().get("blk_tx").uncertainty()).isEqualTo(UncertaintyClass.ESTIMATE);
    assertThat(ProfileUpgrade.upgrade("b", "schema: 1\n" + r.text().replace("schema: 2\n", ""))
        .text()).startsWith("schema: 2\n");
  }
}
