package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.pcap.FrameSynth;
import io.nicsim.formats.pcap.PcapWriter;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunSinks;
import io.nicsim.runs.RunText;
import io.nicsim.runs.options.RunArgs;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cyclone5 flood's receiver figures as iperf3 prints them: its jitter on a direct link
 * whose longest silence is 0.142 ms once read 111.201 ms (a datagram's send time read as 0),
 * and its Total one short of the frames on the wire. Now the jitter stays under a millisecond,
 * nothing is lost and the Total is the capture's frame count.
 */
class FloodJitterTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();

  /** Frames in a pcap capture (classic format, either byte order). */
  static int pcapFrames(byte[] pcap) {
    ByteBuffer b = ByteBuffer.wrap(pcap);
    b.order(b.getInt(0) == 0xa1b2c3d4 || b.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN
        : ByteOrder.LITTLE_ENDIAN);
    int n = 0;
    for (int o = 24; o < b.limit(); n++) {
      o += 16 + b.getInt(o + 8);
    }
    return n;
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "cyclone5|iperf3 -u -b 0 -l 64 -t 1",
    "cyclone5|iperf3 -u -b 10M -l 64 -t 0.5",
    "cyclone5-ring64|iperf3 -u -b 0 -l 64 -t 0.5",
  })
  void cyclone5FloodJitterIsUnderAMillisecondAndTotalIsTheFramesOnTheWire(String soc,
      String traffic) {
    ByteArrayOutputStream pcap = new ByteArrayOutputStream();
    RunResult r = ENGINE.run(RunArgs.request(List.of("--mac", "stmmac", "--soc", soc,
        "--traffic", traffic, "-C", "tx-usecs 100 tx-frames 25")),
        new RunSinks(null, new PcapWriter(pcap, new FrameSynth())));
    String out = RunText.format(r);
    Matcher m = Pattern.compile("sec +([0-9.]+) ms +(\\d+)/(\\d+) \\([0-9.]+%\\) +receiver")
        .matcher(out);
    assertThat(m.find()).as(out).isTrue();
    assertThat(Double.parseDouble(m.group(1))).as("receiver jitter, ms").isLessThan(1.0);
    assertThat(Integer.parseInt(m.group(2))).as("lost").isZero();
    assertThat(Integer.parseInt(m.group(3))).as("Total against the pcap")
        .isEqualTo(pcapFrames(pcap.toByteArray()));
  }

  /** The same figure at each point of a tx-usecs × tx-frames sweep (it read 48.3, 111.2 …). */
  @Test
  void theJitterStaysUnderAMillisecondAtEveryCoalescingPoint() {
    for (String usecs : List.of("100", "1000")) {
      for (String frames : List.of("1", "25")) {
        RunResult r = ENGINE.run(RunArgs.request(List.of("--mac", "stmmac", "--soc",
            "cyclone5", "--traffic", "iperf3 -u -b 0 -l 64 -t 0.2", "-C",
            "tx-usecs " + usecs + " tx-frames " + frames)));
        assertThat(r.metric("udp_jitter_ms")).as("tx-usecs " + usecs + " tx-frames " + frames)
            .isLessThan(1.0);
      }
    }
  }
}
