package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.soc.SocCatalog;
import io.nicsim.core.soc.SocProfile;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The stmmac SoC profiles: every number carries a source, and the fields the MAC model reads. */
class SocProfileFilesTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  static JsonNode load(String name) throws Exception {
    try (InputStream in =
        SocProfileFilesTest.class.getResourceAsStream("/nicsim/socs/" + name + ".yaml")) {
      assertThat(in).as(name).isNotNull();
      return YAML.readTree(in);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cyclone5", "agilex5", "ipq806x", "rk3588-yt6801"})
  void everyNumberHasASource(String name) throws Exception {
    JsonNode root = load(name);
    assertThat(root.path("name").asText()).isEqualTo(name);
    assertThat(root.path("mac").asText()).isEqualTo("stmmac");
    List<String> missing = new ArrayList<>();
    for (String section : List.of("cpu", "kernel", "clocks", "params", "costs")) {
      Iterator<Map.Entry<String, JsonNode>> it = root.path(section).fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = e.getValue();
        if (!v.has("value") || v.path("source").asText("").isBlank()) {
          missing.add(section + "." + e.getKey());
        }
      }
    }
    assertThat(missing).isEmpty();
    for (String key :
        List.of("dwmac_core", "synopsys_id", "tx_queues", "rx_queues", "unsigned_long_bits",
            "tx_fetch_ns", "link_rate_bps")) {
      assertThat(root.path("params").has(key)).as(name + " params." + key).isTrue();
    }
    assertThat(root.path("costs").path("hrtimer_start").path("value").asLong()).isPositive();
  }

  @ParameterizedTest
  @ValueSource(strings = {"cyclone5", "agilex5", "ipq806x", "rk3588-yt6801"})
  void coreLoadsItAndEveryChargedOpHasACost(String name) {
    SocProfile p = SocProfile.load(name);
    CostTable costs = CostTable.of(p, 1.0);
    costs.requireAll(KernelOps.all());
    costs.requireAll(StmmacDriver.costOps());
    StmmacPlat plat = StmmacDriver.plat(p);
    assertThat(plat.useRiwt()).isTrue();
    assertThat(SocCatalog.names()).contains(name);
  }
}
