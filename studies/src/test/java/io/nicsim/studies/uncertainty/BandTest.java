package io.nicsim.studies.uncertainty;

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
    Quantity q = new Quantity(100, "x", null, UncertaintyClass.MEASURED, 0.3, "t");
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

  @Test
  void estimatesOfOneProfileMoveTogetherAndStayInTheirRange() {
    int n = 32;
    Quantity a = new Quantity(100, "x", null, UncertaintyClass.ESTIMATE, 0.3, "p");
    Quantity b = new Quantity(50, "x", null, UncertaintyClass.ESTIMATE, 0.3, "p");
    Quantity other = new Quantity(50, "x", null, UncertaintyClass.ESTIMATE, 0.3, "q");
    double[] va = new double[n];
    double[] vb = new double[n];
    double[] vo = new double[n];
    for (int i = 0; i < n; i++) {
      LatinHypercube lhs = new LatinHypercube(7, n, i);
      va[i] = lhs.value("p:costs.a", a);
      vb[i] = lhs.value("p:costs.b", b);
      vo[i] = lhs.value("q:costs.b", other);
      assertThat(va[i]).isBetween(a.low(), a.high());
      assertThat(vb[i]).isBetween(b.low(), b.high());
      assertThat(lhs.inputs()).contains("p:estimates", "q:estimates", "p:costs.a");
    }
    // two thirds of the range shared: the profile's estimates correlate strongly, another
    // profile's do not
    assertThat(RankCorrelation.correlation(va, vb)).isGreaterThan(0.6);
    assertThat(Math.abs(RankCorrelation.correlation(va, vo))).isLessThan(0.5);
  }

  @Test
  void numbersFittedToOneFigureAreOneDraw() {
    Quantity a = new Quantity(100, "x", "seed 000 X before: ~8%", UncertaintyClass.CALIBRATED,
        0.12, "p");
    Quantity b = new Quantity(40, "x", "seed 000 X before: transferred", UncertaintyClass.CALIBRATED,
        0.12, "q");
    assertThat(InputDesign.group(a)).isEqualTo("fit:seed_000_x_before")
        .isEqualTo(InputDesign.group(b));
    for (int i = 0; i < 8; i++) {
      LatinHypercube lhs = new LatinHypercube(3, 8, i);
      assertThat(lhs.value("p:costs.a", a) / 100).isCloseTo(lhs.value("q:costs.b", b) / 40,
          org.assertj.core.data.Offset.offset(1e-12));
    }
  }
}
