package io.nicsim.bench.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.UncertaintyClass;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BandTest {

  @Test
  void percentilesInterpolateBetweenOrderStatistics() {
    double[] v = new double[21];
    for (int i = 0; i < v.length; i++) {
      v[i] = 100 + i;
    }
    Band b = Band.of(v);
    assertThat(b.low()).isEqualTo(101.0);
    assertThat(b.high()).isEqualTo(119.0);
    assertThat(b.bistable()).isFalse();
  }

  @Test
  void twoSeparatedClustersAreBistableWithTheirShares() {
    double[] v = new double[20];
    for (int i = 0; i < v.length; i++) {
      v[i] = i < 15 ? 200 + i * 0.1 : 300 + i * 0.1;
    }
    Band b = Band.of(v);
    assertThat(b.bistable()).isTrue();
    assertThat(b.clusters()).hasSize(2);
    assertThat(b.clusters().get(0).share()).isEqualTo(0.75);
    assertThat(b.clusters().get(1).low()).isGreaterThan(300);
  }

  @Test
  void aSpreadWithoutAGapIsNotBistable() {
    double[] v = {100, 110, 120, 130, 140, 150, 160, 170, 180, 190};
    assertThat(Band.of(v).bistable()).isFalse();
  }

  @Test
  void latinHypercubePutsOneSampleInEachStratumOfEveryInput() {
    int n = 16;
    Quantity q = new Quantity(100, "x", null, UncertaintyClass.ESTIMATE, 0.3, "t");
    for (String id : new String[] {"a:costs.x", "b:params.y", "path:rtt"}) {
      int[] hits = new int[n];
      for (int i = 0; i < n; i++) {
        double v = new LatinHypercube(7, n, i).value(id, q);
        assertThat(v).isBetween(q.low(), q.high());
        hits[(int) ((v - q.low()) / (q.high() - q.low()) * n)]++;
      }
      int[] ones = new int[n];
      Arrays.fill(ones, 1);
      assertThat(hits).as(id).isEqualTo(ones);
    }
    assertThat(new LatinHypercube(7, n, 3).value("a:costs.x", q))
        .isEqualTo(new LatinHypercube(7, n, 3).value("a:costs.x", q))
        .isNotEqualTo(new LatinHypercube(8, n, 3).value("a:costs.x", q));
  }
}
