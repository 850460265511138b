package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's tune example: four rx-usecs settings of which three meet {@code
 * ping_rtt_ms<=0.6} with the same cpu_pct. A setting that another candidate matches in every
 * objective and beats in one (the lower RTT) is not on the front, so the front is the lowest
 * RTT alone and it is the recommendation; no front row is dominated by another candidate.
 */
class TuneFrontTest {
  @TempDir Path dir;

  @Test
  void aDominatedSettingIsNotOnTheFront() throws Exception {
    Path csv = dir.resolve("t.csv");
    Cli.Result r = Cli.run(CliEnv.standard(), "tune", "--mac", "fec", "--soc", "imx8qxp",
        "--traffic", "ping -c 200 -i 0.01", "--vary", "rx-usecs=1000,200,100,0",
        "--objective", "ping_rtt_ms<=0.6", "--objective", "min cpu_pct", "--csv",
        csv.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = Files.readAllLines(csv);
    List<String> head = List.of(lines.get(0).split(","));
    int rtt = head.indexOf("ping_rtt_ms");
    int cpu = head.indexOf("cpu_pct");
    int meets = head.indexOf("meets_limits");
    int front = head.indexOf("front");
    int rec = head.indexOf("recommended");
    List<String[]> rows = new ArrayList<>();
    for (String l : lines.subList(1, lines.size())) {
      rows.add(l.split(",", -1));
    }
    for (String[] a : rows) {
      for (String[] b : rows) {
        if (a == b || !a[meets].equals("1") || !b[front].equals("1")) {
          continue;
        }
        double ra = Double.parseDouble(a[rtt]);
        double rb = Double.parseDouble(b[rtt]);
        double ca = Double.parseDouble(a[cpu]);
        double cb = Double.parseDouble(b[cpu]);
        boolean dominates = ra <= rb && ca <= cb && (ra < rb || ca < cb);
        assertThat(dominates).as("setting " + a[0] + " dominates front setting " + b[0]
            + "\n" + String.join("\n", lines)).isFalse();
      }
    }
    String[] recommended = rows.stream().filter(x -> x[rec].equals("1")).findFirst()
        .orElseThrow();
    assertThat(recommended[1]).as(String.join("\n", lines)).isEqualTo("0");
    assertThat(r.out()).contains("recommended: ethtool -C eth0 rx-usecs 0");
  }
}
