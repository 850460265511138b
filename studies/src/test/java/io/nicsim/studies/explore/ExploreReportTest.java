package io.nicsim.studies.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ftrace excerpt reads the trace file's own columns (with and without latency flags). */
class ExploreReportTest {

  @Test
  void readsTheTimestampWithAndWithoutTheLatencyFlagsColumn() {
    assertThat(ExploreReport.lineTime(
        "          <idle>-0       [001] d.h..     0.686873: irq_handler_entry: irq=40"))
        .isEqualTo(686_873_000L);
    assertThat(ExploreReport.lineTime("  iperf3-1241  [007]    12.000004: net_dev_queue: len=2"))
        .isEqualTo(12_000_004_000L);
    assertThat(ExploreReport.lineTime("#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION"))
        .isEqualTo(-1);
  }

  @Test
  void theExcerptKeepsTheWindowBeforeTheFinding(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("t.trace");
    Files.writeString(t, String.join("\n",
        "# tracer: nop",
        "  <idle>-0  [001] d.h..     0.100000: irq_handler_entry: irq=40 name=eth0:tx-0",
        "  <idle>-0  [001] ..s..     0.686876: softirq_entry: vec=3 [action=NET_RX]",
        "  iperf3-1  [007] .....     0.686880: net_dev_start_xmit: dev=eth0 xmit_more=0",
        "  <idle>-0  [001] ..s..     0.900000: napi_poll: napi poll on eth0 work 15",
        ""));
    String ex = ExploreReport.excerpt(t, 686_880_000L);
    assertThat(ex).contains("0.686876: softirq_entry").contains("0.686880: net_dev_start_xmit")
        .doesNotContain("0.100000").doesNotContain("0.900000");
  }

  @Test
  void theWindowBeforeTheFindingIsKeptWhateverFollowsIt(@TempDir Path dir) throws Exception {
    StringBuilder sb = new StringBuilder("# tracer: nop\n");
    sb.append("  <idle>-0  [004] ..s..     0.029148: bprint: napi_complete_done: nicsim --preempt"
        + " held this CPU 6200 ns\n");
    for (int us = 150; us < 200; us++) {
      sb.append("  <idle>-0  [005] ..s..     0.029").append(us)
          .append(": netif_receive_skb: dev=eth0 len=66\n");
    }
    Path t = dir.resolve("t.trace");
    Files.writeString(t, sb.toString());
    String ex = ExploreReport.excerpt(t, 29_150_000L);
    assertThat(ex).startsWith("    ftrace, 0.028850 to 0.029200 s (the finding at 0.029150 s):")
        .contains("0.029148: bprint: napi_complete_done").contains("0.029157: netif_receive_skb")
        .doesNotContain("0.029158:");
  }
}
