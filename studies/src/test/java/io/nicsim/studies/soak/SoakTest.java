package io.nicsim.studies.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.host.NicsimHost;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Ten simulated minutes of a UDP flood and of a BBR flow in a JVM with a 64 MiB heap neither
 * run out of memory nor grow the live heap by more than {@code nicsim soak}'s default 8 MiB
 * (about 20 s of wall time on 2 cores; the timeout only guards against a hang, no speed is
 * asserted). The soak runs in a child JVM ({@link #main}) so that the heap cap is its own.
 */
class SoakTest {
  /** Growth allowed from the first sample to the last: {@code soak --max-growth}'s default. */
  static final long MAX_GROWTH = 8 * 1048576L;

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void tenSimulatedMinutesOfEachFlowFitA64MiBHeapWithoutGrowing() throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx64m", "-cp", System.getProperty("java.class.path"), SoakTest.class.getName());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    for (String flow : List.of("udp", "bbr")) {
      String verdict = out.lines().filter(l -> l.startsWith(flow + " growth ")).findFirst()
          .orElseThrow(() -> new AssertionError(flow + " has no verdict: " + out));
      long growth = Long.parseLong(verdict.split(" ")[2]);
      assertThat(growth).as(verdict).isLessThanOrEqualTo(MAX_GROWTH);
      // a sample a simulated minute, each with more frames on the wire than the one before
      List<Long> frames = out.lines().filter(l -> l.matches(flow + " +\\d+ s: heap .*"))
          .map(l -> Long.parseLong(l.replaceAll(".*, (\\d+) frames$", "$1"))).toList();
      assertThat(frames).as(out).hasSize(10).isSorted().doesNotHaveDuplicates();
    }
  }

  /** The child: both flows for 600 simulated seconds, a sample every 60, then each growth. */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    Soak soak = new Soak(NicsimHost.FACTORY, out);
    for (Soak.Flow f : Soak.Flow.values()) {
      Soak.Result r = soak.run(f, 600, 60);
      out.println(String.format(Locale.ROOT, "%s growth %d", f.name().toLowerCase(Locale.ROOT),
          r.growthBytes()));
    }
    out.flush();
  }
}
