package io.nicsim.boardtrace.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The napi_poll event's device is read whole: the per-CPU backlog's poll is named
 * {@code (no_device)} by the kernel, and a {@code --map} naming it must match that text.
 */
class NapiPollDeviceTest {
  @TempDir Path dir;

  @Test
  void theBacklogsDeviceKeepsItsClosingParenthesis() throws IOException {
    Path f = dir.resolve("backlog.txt");
    Files.writeString(f,
        "          <idle>-0       [001] ..s1.   100.000020: napi_poll: napi poll on napi struct"
            + " 0xffff000018000000 for device (no_device) work 1 budget 64\n"
            + "          <idle>-0       [000] ..s1.   100.000030: napi_poll: napi poll on napi struct"
            + " 0xffff000018000040 for device eth0 work 3 budget 64\n");
    List<String> devices = new ArrayList<>();
    List<Integer> work = new ArrayList<>();
    TraceReader.read(f, e -> {
      devices.add(e.name);
      work.add(e.work);
    }, ParseOptions.DEFAULT);
    assertThat(devices).containsExactly("(no_device)", "eth0");
    assertThat(work).containsExactly(1, 3);
  }
}
