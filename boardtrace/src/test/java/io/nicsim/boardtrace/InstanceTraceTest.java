package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.boardtrace.parse.TraceReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The board guide's route for machines where {@code trace-cmd record} cannot enable ftrace: a
 * tracefs instance of its own with the events, traffic, {@code trace-cmd extract -B}; then
 * {@code nicsim trace import} reads the trace.dat. Run on this machine's kernel when it can
 * (root, tracefs mounted, trace-cmd installed), skipped otherwise, saying which.
 */
class InstanceTraceTest {
  static final Path TRACEFS = Path.of("/sys/kernel/tracing");
  static final List<String> EVENTS = List.of("irq/softirq_raise", "irq/softirq_entry",
      "irq/softirq_exit", "net/net_dev_queue", "net/netif_receive_skb");

  @TempDir Path dir;

  @Test
  void anInstanceSavedWithExtractIsImported() throws Exception {
    assumeTrue(TraceReader.traceCmdInstalled(), "trace-cmd is not installed");
    assumeTrue(Files.isDirectory(TRACEFS.resolve("instances"))
        && Files.isWritable(TRACEFS.resolve("instances")), "no writable tracefs instances");
    String name = "nicsim-test-" + ProcessHandle.current().pid();
    Path inst = TRACEFS.resolve("instances").resolve(name);
    Files.createDirectory(inst);
    try {
      Files.writeString(inst.resolve("buffer_size_kb"), "256");
      for (String e : EVENTS) {
        Files.writeString(inst.resolve("events").resolve(e).resolve("enable"), "1");
      }
      Files.writeString(inst.resolve("tracing_on"), "1");
      // traffic of its own: a few echo requests over loopback (net_dev_queue, softirqs)
      run(List.of("ping", "-c", "5", "-i", "0.01", "-q", "127.0.0.1"));
      Files.writeString(inst.resolve("tracing_on"), "0");
      Path dat = dir.resolve("trace.dat");
      run(List.of("trace-cmd", "extract", "-B", name, "-o", dat.toString()));
      Traces.Result r = Traces.trace(List.of("import", "--trace", dat.toString()));
      assertThat(r.out()).contains("trace-cmd report, instance " + name)
          .containsPattern("net_dev_queue +[1-9]")
          .containsPattern("netif_receive_skb +[1-9]");
    } finally {
      if (Files.isDirectory(inst)) {
        Files.delete(inst); // extract removes it; a failure before that must not leave it
      }
    }
  }

  private static void run(List<String> cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(cmd + " still running").isTrue();
    assertThat(p.exitValue()).as(String.join(" ", cmd)).isZero();
  }
}
