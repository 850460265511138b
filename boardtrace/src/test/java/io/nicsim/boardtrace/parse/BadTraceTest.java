package io.nicsim.boardtrace.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A truncated or garbled trace: one line naming the line number, nothing kept going. */
class BadTraceTest {
  @TempDir Path dir;

  private static final String OK =
      "          <idle>-0       [000] d.h1.   100.000010: irq_handler_entry: irq=40 name=eth0\n"
      + "          <idle>-0       [000] d.h1.   100.000012: irq_handler_exit: irq=40 ret=handled\n";

  @Test
  void aFileCutInsideALineNamesThatLine() throws IOException {
    List<String> lines = Files.readAllLines(ImportFixturesTest.DIR.resolve("ping-veth.trace.txt"));
    String whole = String.join("\n", lines) + "\n";
    // cut in the middle of line 200
    int at = 0;
    for (int i = 0; i < 199; i++) {
      at = whole.indexOf('\n', at) + 1;
    }
    Path f = write("cut.txt", whole.substring(0, at + 40));
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessage("trace " + f + " line 200: the file ends inside this line (truncated)");
  }

  @Test
  void aCutThatLeavesAnUnparseableFragmentNamesItToo() throws IOException {
    Path f = write("cut2.txt", OK + "          <idle>-0       [000] d.h1.   100.0000");
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("trace " + f + " line 3: ");
  }

  @Test
  void garbledBytesNameTheirLine() throws IOException {
    byte[] good = Files.readAllBytes(ImportFixturesTest.DIR.resolve("udp-veth.report.txt"));
    String text = new String(good, StandardCharsets.UTF_8);
    int line100 = 0;
    for (int i = 0; i < 99; i++) {
      line100 = text.indexOf('\n', line100) + 1;
    }
    byte[] bad = good.clone();
    for (int i = 0; i < 30; i++) {
      bad[line100 + 5 + i] = (byte) (0x80 + i); // not UTF-8, not ftrace
    }
    Path f = dir.resolve("garbled.txt");
    Files.write(f, bad);
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("trace " + f + " line 100: ")
        .satisfies(t -> assertThat(t.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aKeptEventWithoutItsFieldsNamesTheField() throws IOException {
    Path f = write("nofield.txt", OK
        + "          <idle>-0       [000] ..s1.   100.000020: napi_poll: napi poll on napi struct"
        + " 0xffff000018000000 for device eth0 work 3\n");
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("trace " + f + " line 3: napi_poll: no 'budget' field");
  }

  @Test
  void notATraceAtAll() throws IOException {
    Path f = write("yaml.txt", "name: cyclone5\ninherits: cortex-a9\n");
    assertThatThrownBy(() -> TraceReader.read(f, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("trace " + f + " line 1: not an ftrace event line");
  }

  @Test
  void aTruncatedCompressedTrace() throws IOException {
    byte[] text = Files.readAllBytes(ImportFixturesTest.DIR.resolve("ping-veth.trace.txt"));
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(b)) {
      z.write(text);
    }
    byte[] gz = b.toByteArray();
    Path whole = dir.resolve("t.txt.gz");
    Files.write(whole, gz);
    assertThat(TraceReader.read(whole, e -> { }, ParseOptions.DEFAULT).events).isPositive();
    Path cut = dir.resolve("cut.txt.gz");
    Files.write(cut, java.util.Arrays.copyOf(gz, gz.length / 2));
    assertThatThrownBy(() -> TraceReader.read(cut, e -> { }, ParseOptions.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("trace " + cut);
  }

  @Test
  void missingFileAndDirectory() {
    assertThatThrownBy(() -> TraceReader.read(dir.resolve("none.txt"), e -> { },
        ParseOptions.DEFAULT)).hasMessageStartingWith("trace " + dir.resolve("none.txt")
        + ": no such file (accepted: ");
    assertThatThrownBy(() -> TraceReader.read(dir, e -> { }, ParseOptions.DEFAULT))
        .hasMessageStartingWith("trace " + dir + ": is a directory");
  }

  private Path write(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }
}
