package io.nicsim.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FormatTest {

  @Test
  void iperfUnitsFollowUnitSnprintf() {
    assertThat(ToolFormat.iperfBytes(1_385_000)).isEqualTo("1.32 MBytes");
    assertThat(ToolFormat.iperfBytes(500)).isEqualTo(" 500 Bytes");
    assertThat(ToolFormat.iperfRate(111_040_000)).isEqualTo(" 111 Mbits/sec");
    assertThat(ToolFormat.iperfRate(42_900_000)).isEqualTo("42.9 Mbits/sec");
    assertThat(ToolFormat.iperfRate(1_000_000_000)).isEqualTo("1.00 Gbits/sec");
  }

  @Test
  void pingSummaryAgreesWithThePerReplyLinesAsIputilsDoes() {
    // 138.9 us prints 0.138 per reply; ping's summary uses the same truncated microseconds
    java.util.List<Long> rtts = java.util.List.of(138_900L, 140_200L, 150_999L);
    assertThat(ToolFormat.pingTime(138_900)).isEqualTo("0.138");
    String s = ToolFormat.pingSummary(rtts);
    assertThat(s).startsWith("0.138/");
    assertThat(s.split("/")[2]).isEqualTo("0.150");
    // avg (138+140+150)/3 = 142 us; mdev = llsqrt(61144/3 - 142^2) = llsqrt(217) = 14 us
    assertThat(s).isEqualTo("0.138/0.142/0.150/0.014");
  }

  @Test
  void pingTimesFollowIputils() {
    assertThat(ToolFormat.pingTime(123_456)).isEqualTo("0.123");
    assertThat(ToolFormat.pingTime(1_320_000)).isEqualTo("1.32");
    assertThat(ToolFormat.pingTime(23_450_000)).isEqualTo("23.5");
    assertThat(ToolFormat.pingTime(123_000_000)).isEqualTo("123");
    assertThat(ToolFormat.ms3(1_320_400)).isEqualTo("1.320");
  }

  @Test
  void plainNumbersAreStableAndHaveNoExponent() {
    assertThat(Num.plain(83851.0)).isEqualTo("83851");
    assertThat(Num.plain(1e-9)).isEqualTo("0");
    assertThat(Num.plain(-0.0)).isEqualTo("0");
    assertThat(Num.plain(1.5e12)).isEqualTo("1500000000000");
    assertThat(Num.plain(0.1 + 0.2)).isEqualTo("0.3");
    assertThat(Num.delta(100.0, 110.0)).isEqualTo("+10.0");
    assertThat(Num.delta(null, 1)).isEqualTo("-");
  }

  @Test
  void jsonKeepsMapOrderAndEscapes() {
    LinkedHashMap<String, Object> m = new LinkedHashMap<>();
    m.put("z", 1.25);
    m.put("a", List.of("x\"y", 2L));
    m.put("n", null);
    TreeMap<String, Object> t = new TreeMap<>();
    t.put("b", true);
    m.put("t", t);
    assertThat(Json.write(m)).isEqualTo(
        "{\n  \"z\": 1.25,\n  \"a\": [\"x\\\"y\", 2],\n  \"n\": null,\n  \"t\": {\n    \"b\": true\n  }\n}\n");
  }
}
