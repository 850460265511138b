package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.boardtrace.BoardTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * validate --cpu's window over a real run's traffic starts where every CPU's ring has events:
 * an IPv6 packet the other CPU sent on the sending veth before the sender's CPU's ring begins
 * (the flood's events overwrote its start) does not stretch the window over time that CPU lost.
 */
class CpuTrafficWindowTest {
  @TempDir Path dir;

  private static String line(String comm, int cpu, double t, String event) {
    return String.format(Locale.ROOT, "%16s-%d [%03d] %.6f: %s%n", comm, 100 + cpu, cpu, t,
        event);
  }

  @Test
  void theWindowStartsAtTheSendersCpusFirstEventWhenItsRingLostItsStart() throws IOException {
    StringBuilder b = new StringBuilder();
    // CPU 0's ring kept everything: an MLD report on the sending veth at 1.0 s
    b.append(line("kworker/u8:1", 0, 1.0, "net_dev_xmit:         dev=ncs0 skbaddr=0xffff1"
        + " len=90 rc=0"));
    b.append("##### CPU 1 buffer started ####\n");
    // CPU 1's ring from 1.5 s: a datagram and its NET_RX poll every 100 us to 2.0 s
    for (int i = 0; i <= 5000; i++) {
      double t = 1.5 + i * 1e-4;
      b.append(line("flood", 1, t, "net_dev_xmit:         dev=ncs0 skbaddr=0xffff2 len=106"
          + " rc=0"));
      b.append(line("flood", 1, t + 1e-6, "softirq_entry:        vec=3 [action=NET_RX]"));
      b.append(line("flood", 1, t + 2e-6, "napi_poll:            napi poll on napi struct"
          + " 0xffff3 for device (no_device) work 1 budget 64"));
      b.append(line("flood", 1, t + 3e-6, "softirq_exit:         vec=3 [action=NET_RX]"));
    }
    b.append(line("kworker/0:1", 0, 2.0005, "softirq_entry:        vec=9 [action=RCU]"));
    Path trace = dir.resolve("t.txt");
    Files.writeString(trace, b.toString());

    BoardTrace t = CpuValidator.traffic(trace);
    assertThat(t.window().seconds()).isBetween(0.4999, 0.5001);
    double polls = t.recorded(io.nicsim.boardtrace.figures.XmitBatchMethod.INFERRED, s -> s)
        .result().value("NAPI polls/s (no_device)");
    // 10,000 a second over CPU 1's half second, not 5,000 over the second since the MLD report
    assertThat(polls).isBetween(9_900.0, 10_100.0);
  }
}
