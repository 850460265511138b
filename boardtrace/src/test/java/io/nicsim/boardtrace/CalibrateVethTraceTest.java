package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.formats.trace.TraceFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CPU-bound flood over this machine's veth, as its real trace has it, calibrates to a
 * profile that sends at the trace's own rate (within ±10%): a host-veth board whose costs were
 * scaled by known factors and whose sender shares its CPU with another task records a trace,
 * which is then given the real trace's features before calibrate sees it:
 *
 * <ul>
 *   <li>skewed send costs: one write in eight lasts 8 µs longer (a real send's p50 is 0.8 µs,
 *       its mean 1.1 µs), so the typical send is not the mean, which sets the rate;
 *   <li>lost events: a run of the sender's CPU's events is gone behind a lost-events marker;
 *   <li>the traffic generator's set-up and tear-down: the window runs a second past the flood,
 *       with a few transmits (iperf3's control connection) in it;
 *   <li>a veth's receive polled by the backlog ({@code (no_device)}) on the sending CPU, and
 *       the model's per-frame TX interrupt standing in for the veth's NET_RX raise.
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CalibrateVethTraceTest {
  static final List<String> CONFIG = List.of("--mac", "ideal", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 0.4");

  @TempDir static Path dir;
  JsonNode result;
  String text;

  @BeforeAll
  void calibrate() throws Exception {
    Path p = dir.resolve("vethboard.yaml");
    Files.writeString(p, """
        name: vethboard
        inherits: host-veth
        params:
          other_load_pct_cpu1: {value: 40, source: "round trip: another task on the sender's CPU", class: exact}
        costs:
          udp_sendmsg: {value: 2600, source: "host-veth x1.33 (round trip)", class: exact}
          ideal_xmit: {value: 400, source: "host-veth x0.81 (round trip)", class: exact}
          ideal_tx_clean: {value: 340, source: "host-veth x1.49 (round trip)", class: exact}
        """);
    Path model = dir.resolve("model.txt");
    Traces.model(model, TraceFormat.FTRACE_NS, Traces.concat(List.of("--soc-file",
        p.toString()), CONFIG));
    Path board = dir.resolve("board.txt");
    Files.write(board, boardLike(Files.readAllLines(model)));
    Traces.Result c = Traces.trace(Traces.concat(List.of("calibrate", "--trace",
        board.toString(), "--soc", "host-veth", "--out", dir.resolve("cal.yaml").toString(),
        "--json"), CONFIG));
    result = new ObjectMapper().readTree(c.out());
    Traces.Result t = Traces.trace(Traces.concat(List.of("calibrate", "--trace",
        board.toString(), "--soc", "host-veth", "--out",
        dir.resolve("cal-text.yaml").toString()), CONFIG));
    text = t.out();
  }

  private static final Pattern EVENT = Pattern.compile(
      "^(\\s*\\S.*?\\[(\\d{3})\\]\\s+\\S+\\s+)(\\d+)\\.(\\d{9})(: .*)$");

  /** The model's trace with the real trace's features (see the class comment). */
  static List<String> boardLike(List<String> lines) {
    List<String> out = new ArrayList<>();
    long shift = 0;
    int writes = 0;
    int cpu1Events = 0;
    boolean lostDone = false;
    int dropping = 0;
    long last = 0;
    String lastXmit = null;
    for (String l : lines) {
      if (l.startsWith("# nicsim: measured window")) {
        continue; // a board's trace states no window of its own
      }
      Matcher m = EVENT.matcher(l);
      if (!m.matches()) {
        out.add(l);
        continue;
      }
      boolean cpu1 = m.group(2).equals("001");
      long ts = Long.parseLong(m.group(3)) * 1_000_000_000L + Long.parseLong(m.group(4));
      if (cpu1 && ++cpu1Events == 40_000 && !lostDone) {
        dropping = 3_000; // the ring lost these
      }
      if (dropping > 0 && cpu1) {
        if (--dropping == 0) {
          out.add("CPU:1 [LOST 3000 EVENTS]");
          lostDone = true;
        } else {
          continue;
        }
      }
      if (cpu1 && m.group(5).startsWith(": sys_exit_write") && ++writes % 8 == 0) {
        shift += 8_000; // this send, and everything after it, 8 us later
      }
      last = ts + shift;
      // the veth's names: its device, and the backlog that polls its receive
      String rest = m.group(5).replace("dev=eth0 ", "dev=vs ")
          .replace("for device eth0 ", "for device (no_device) ");
      out.add(m.group(1) + stamp(last) + rest);
      if (rest.startsWith(": net_dev_xmit")) {
        lastXmit = m.group(1) + "%s" + rest;
      }
    }
    // a second of the generator's tear-down: a few control packets, far apart
    for (int i = 1; i <= 4; i++) {
      out.add(String.format(Locale.ROOT, lastXmit, stamp(last + i * 250_000_000L)));
    }
    return out;
  }

  private static String stamp(long ns) {
    return String.format(Locale.ROOT, "%d.%09d", ns / 1_000_000_000L, ns % 1_000_000_000L);
  }

  private JsonNode own(String figure) {
    for (JsonNode r : result.get("own_figures")) {
      if (r.get("figure").asText().equals(figure)) {
        return r;
      }
    }
    throw new AssertionError(figure + " not in " + result.get("own_figures"));
  }

  @Test
  void theCalibratedProfileSendsAndPollsAtItsTracesRates() {
    for (String f : List.of("packets/s TX eth0", "NAPI polls/s eth0")) {
      JsonNode r = own(f);
      assertThat(r.get("ratio").asDouble()).as(f + ": " + r).isBetween(0.9, 1.1);
    }
  }

  @Test
  void theWindowIsTheTrafficsAndAvoidsTheLostEvents() {
    assertThat(text).contains("window: ").contains("the traffic's: vs's transmits")
        .contains("its longest stretch between 1 lost-event gaps")
        .contains("device: the trace transmits on vs alone, fitted as the model's eth0, its"
            + " receive polled by the backlog");
  }

  @Test
  void thePerCallCostIsTheMeanSendNotTheTypicalOne() {
    // 8 us on one send in eight: the board's send coefficient carries its 1 us of mean, and
    // the calibrated model's matches it
    JsonNode send = null;
    for (JsonNode c : result.get("coefficients")) {
      if (c.get("fit").asText().equals("send iperf3")
          && c.get("per").asText().equals("per call")) {
        send = c;
      }
    }
    assertThat(send).as(result.get("coefficients").toString()).isNotNull();
    assertThat(send.get("board_ns").asDouble()).isGreaterThan(2600 + 1000);
    assertThat(send.get("ratio").asDouble()).isBetween(0.97, 1.03);
  }
}
