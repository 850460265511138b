package io.nicsim.fec;

import io.nicsim.core.config.BadInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compatible lists the DT binding (Documentation/devicetree/bindings/net/fsl,fec.yaml,
 * 6.17-rc) allows for each SoC's FEC node, most specific first. SoCs without their own
 * {@code fec_dt_ids} entry (i.MX8QXP, 8DXL, 8MM, 8MN, 8MP, 93, 8ULP, 7D, ...) reach the driver
 * through the fallbacks.
 */
public final class FecBinding {
  private FecBinding() {}

  private static final Map<String, List<String>> BY_SOC = new LinkedHashMap<>();

  static {
    put("imx25", "fsl,imx25-fec");
    put("imx27", "fsl,imx27-fec");
    put("imx28", "fsl,imx28-fec");
    put("imx6q", "fsl,imx6q-fec");
    put("mvf600", "fsl,mvf600-fec");
    put("s32v234", "fsl,s32v234-fec");
    put("imx53", "fsl,imx53-fec", "fsl,imx25-fec");
    put("imx6sl", "fsl,imx6sl-fec", "fsl,imx25-fec");
    put("imx35", "fsl,imx35-fec", "fsl,imx27-fec");
    put("imx51", "fsl,imx51-fec", "fsl,imx27-fec");
    put("imx6ul", "fsl,imx6ul-fec", "fsl,imx6q-fec");
    put("imx6sx", "fsl,imx6sx-fec", "fsl,imx6q-fec");
    put("imx7d", "fsl,imx7d-fec", "fsl,imx6sx-fec");
    put("imx8mq", "fsl,imx8mq-fec", "fsl,imx6sx-fec");
    put("imx8mm", "fsl,imx8mm-fec", "fsl,imx8mq-fec", "fsl,imx6sx-fec");
    put("imx8mn", "fsl,imx8mn-fec", "fsl,imx8mq-fec", "fsl,imx6sx-fec");
    put("imx8mp", "fsl,imx8mp-fec", "fsl,imx8mq-fec", "fsl,imx6sx-fec");
    put("imx93", "fsl,imx93-fec", "fsl,imx8mq-fec", "fsl,imx6sx-fec");
    put("imx8qm", "fsl,imx8qm-fec", "fsl,imx6sx-fec");
    put("imx8dxl", "fsl,imx8dxl-fec", "fsl,imx8qm-fec", "fsl,imx6sx-fec");
    put("imx8qxp", "fsl,imx8qxp-fec", "fsl,imx8qm-fec", "fsl,imx6sx-fec");
    put("imx8ulp", "fsl,imx8ulp-fec", "fsl,imx6ul-fec", "fsl,imx6q-fec");
  }

  private static void put(String soc, String... compatibles) {
    BY_SOC.put(soc, List.of(compatibles));
  }

  /** The SoC names the binding covers, in binding order. */
  public static List<String> socs() {
    return List.copyOf(BY_SOC.keySet());
  }

  /** The node's compatible list for a SoC; unknown SoCs are refused. */
  public static List<String> compatibles(String soc) {
    List<String> c = BY_SOC.get(soc);
    if (c == null) {
      throw BadInputException.field("soc", "no FEC binding for '" + soc + "'", socs().toString());
    }
    return c;
  }
}
