package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shipped SoC profiles: provenance on every number, compatibles, ITR clock. */
class FecSocProfilesTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  static JsonNode load(String soc) throws IOException {
    try (InputStream in =
        FecSocProfilesTest.class.getResourceAsStream("/nicsim/socs/" + soc + ".yaml")) {
      assertThat(in).as(soc + ".yaml on the classpath").isNotNull();
      return YAML.readTree(in);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"imx8qxp", "imx8mq", "imx8mp", "imx6q", "imx6sx", "imx6ul"})
  void everyNumberHasASourceAndTheCompatiblesMatchTheBinding(String soc) throws IOException {
    JsonNode p = load(soc);
    assertThat(p.get("name").asText()).isEqualTo(soc);
    assertThat(p.get("mac").asText()).isEqualTo("fec");
    List<String> missing = new ArrayList<>();
    for (String section : List.of("cpu", "kernel", "clocks", "params", "costs")) {
      Iterator<Map.Entry<String, JsonNode>> it = p.get(section).fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = e.getValue();
        if (!v.path("value").isNumber() || v.path("source").asText().isBlank()) {
          missing.add(section + "." + e.getKey());
        }
      }
    }
    assertThat(missing).isEmpty();
    List<String> compatible = new ArrayList<>();
    p.get("compatible").get("value").forEach(n -> compatible.add(n.asText()));
    assertThat(compatible).isEqualTo(FecBinding.compatibles(soc));
    assertThat(p.get("compatible").get("source").asText()).isNotBlank();
  }

  @ParameterizedTest
  @ValueSource(strings = {"imx8qxp", "imx8mq", "imx8mp", "imx6sx", "imx6ul"})
  void coalescingSocsHaveAnAhbClockThatGivesALegalDefaultIctt(String soc) throws IOException {
    long ahb = load(soc).get("clocks").get("ahb").get("value").asLong();
    FecRig rig = FecRig.probe(soc, ahb, "v6.17");
    assertThat(rig.fep.devInfo().has(FecQuirk.HAS_COALESCE)).isTrue();
    int ictt = rig.regs.rxic(0) & 0xffff;
    // 1000 us must fit ICTT and round to within one tick of the exact value
    assertThat(ictt).isBetween((int) (ahb / 64_000) - 1, 0xffff);
  }

  @ParameterizedTest
  @ValueSource(strings = {"imx8qxp", "imx8mq", "imx8mp", "imx6q", "imx6sx", "imx6ul"})
  void everyProfileCostsTheDriverOps(String soc) throws IOException {
    JsonNode costs = load(soc).get("costs");
    for (String op :
        List.of("fec_enet_interrupt", "fec_enet_rx_napi", "fec_enet_rx_bd", "fec_enet_tx_bd",
            "fec_enet_start_xmit")) {
      assertThat(costs.path(op).path("value").asLong()).as(soc + " " + op).isPositive();
    }
  }

  @org.junit.jupiter.api.Test
  void imx8qxpAndImx8mpClocksAreTheFactSheets() throws IOException {
    assertThat(load("imx8qxp").get("clocks").get("ahb").get("value").asLong())
        .isEqualTo(333_333_333L);
    assertThat(load("imx8mp").get("clocks").get("ahb").get("value").asLong())
        .isBetween(266_000_000L, 267_000_000L);
    FecRig qxp = FecRig.probe("imx6q", 66_000_000L, "v6.17");
    assertThat(qxp.fep.devInfo().has(FecQuirk.HAS_COALESCE)).isFalse();
  }
}
