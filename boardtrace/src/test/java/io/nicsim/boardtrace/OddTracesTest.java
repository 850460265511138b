package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.boardtrace.parse.ParseOptions;
import io.nicsim.boardtrace.parse.TraceReader;
import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces that are odd in ways a board produces: a CPU whose ring overwrote its start (trace-cmd
 * prints "CPU:1 [EVENTS DROPPED]" before its first event), timestamps that go backwards, a
 * --clock-hz for a clock already in seconds, NUL bytes, files named for a compression they do
 * not have, a random .dat.
 */
class OddTracesTest {
  @TempDir Path dir;

  static String ev(int cpu, String ts, String what) {
    return "          <idle>-0       [00" + cpu + "] d.h1.   " + ts + ": " + what + "\n";
  }

  static final String IRQ = "irq_handler_entry: irq=40 name=eth0";

  Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }

  @Test
  void aDropBeforeACpusFirstEventStartsTheWindowThere() throws IOException {
    StringBuilder b = new StringBuilder("# tracer: nop\n");
    b.append(ev(0, "100.000000", IRQ));
    b.append("CPU:1 [EVENTS DROPPED]\n");
    b.append(ev(1, "100.500000", IRQ));
    b.append(ev(0, "100.600000", IRQ));
    b.append("CPU:0 [EVENTS DROPPED]\n"); // a drop in the middle moves nothing
    b.append(ev(0, "100.900000", IRQ));
    b.append(ev(1, "101.000000", IRQ));
    BoardTrace t = BoardTrace.open(write("dropped.txt", b.toString()), ParseOptions.DEFAULT,
        null, null);
    assertThat(t.window().fromNs()).isEqualTo(100_500_000_000L);
    assertThat(t.window().source()).contains("CPU 1");
    assertThat(t.stats().bufferStarted).containsExactly(1);
  }

  @Test
  void timestampsGoingBackwardsAreRefusedForFiguresAndFits() throws IOException {
    String text = ev(0, "100.000010", IRQ) + ev(0, "100.000005", IRQ) + ev(0, "100.000020", IRQ);
    BoardTrace t = BoardTrace.open(write("back.txt", text), ParseOptions.DEFAULT, null, null);
    assertThat(t.stats().backwards).isEqualTo(1);
    assertThatThrownBy(t::requireInOrder).isInstanceOf(BadInputException.class)
        .hasMessageContaining("1 event earlier than the event before them on the same CPU");
  }

  @Test
  void clockHzOnATraceInSecondsIsRefused() throws IOException {
    Path f = write("secs.txt", ev(0, "100.000010", IRQ));
    assertThatThrownBy(() -> BoardTrace.open(f, new ParseOptions(1_000_000), null, null))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--clock-hz: the trace's timestamps are already in seconds");
  }

  @Test
  void aNulByteIsRefusedNotEchoed() throws IOException {
    Path f = write("nul.txt", ev(0, "100.000010", IRQ) + ev(0, "100.000020",
        "irq_handler_entry: irq=40 name=et\0h0"));
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessage("trace " + f + " line 2: a NUL byte inside the line: binary data, not"
            + " ftrace text")
        .message().doesNotContain("\0");
  }

  @Test
  void aNameThatPromisesWhatTheBytesAreNot() throws IOException {
    Path gz = write("t.txt.gz", ev(0, "100.000010", IRQ));
    assertThatThrownBy(() -> TraceReader.read(gz, e -> { }, ParseOptions.DEFAULT))
        .hasMessageContaining("named .gz but not gzip data");
    Path dat = Files.write(dir.resolve("trace.dat"), new byte[] {1, 2, 3, (byte) 0xff, 0, 9,
        42, 17});
    assertThatThrownBy(() -> TraceReader.read(dat, e -> { }, ParseOptions.DEFAULT))
        .hasMessageContaining("not a trace-cmd trace.dat");
  }

  @Test
  void devNullAFifoAndADirectoryAreNamedForWhatTheyAre() throws Exception {
    Path fifo = dir.resolve("fifo");
    new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
    assertThatThrownBy(() -> TraceReader.read(Path.of("/dev/null"), e -> { },
        ParseOptions.DEFAULT)).hasMessageContaining("is a character device, not a file");
    assertThatThrownBy(() -> TraceReader.read(fifo, e -> { }, ParseOptions.DEFAULT))
        .hasMessageContaining("is a FIFO, not a file");
    assertThatThrownBy(() -> TraceReader.read(dir.resolve("none.txt"), e -> { },
        ParseOptions.DEFAULT)).hasMessageContaining("no such file");
  }
}
