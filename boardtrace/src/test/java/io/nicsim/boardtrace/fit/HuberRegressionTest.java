package io.nicsim.boardtrace.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HuberRegressionTest {
  @Test
  void slopesResistOutliersWhileThePerCallCostKeepsTheirTime() {
    SplittableRandom r = new SplittableRandom(7);
    int n = 5000;
    double[] y = new double[n];
    double[][] x = new double[n][];
    for (int i = 0; i < n; i++) {
      int polls = 1 + r.nextInt(3);
      int frees = r.nextInt(40);
      x[i] = new double[] {1, polls, frees};
      y[i] = 800 + 600 * polls + 1500 * frees + r.nextGaussian() * 100;
      if (i % 20 == 0) {
        y[i] += 30_000; // an interrupt nested where the trace cannot show it
      }
    }
    HuberRegression.Result h = HuberRegression.fit(y, x, n, 3, 1);
    // the slopes: robust (least squares would tilt them toward wherever the outliers fell)
    assertThat(h.coef()[1]).isCloseTo(600, within(20.0));
    assertThat(h.coef()[2]).isCloseTo(1500, within(2.0));
    // the per-call cost: the mean, 800 plus one 30 us outlier in 20 spans, so the fit predicts
    // the spans' total time (what a CPU-bound rate depends on)
    assertThat(h.coef()[0]).isCloseTo(800 + 30_000 / 20.0, within(40.0));
    double total = 0;
    double predicted = 0;
    for (int i = 0; i < n; i++) {
      total += y[i];
      predicted += h.coef()[0] + h.coef()[1] * x[i][1] + h.coef()[2] * x[i][2];
    }
    assertThat(predicted).isCloseTo(total, within(1e-6 * total));
  }

  @Test
  void quantizedTimesAverageOutInsteadOfSnappingToTheTick() {
    // a 1150 ns handler timed by a clock printing microseconds: 1 or 2 us, the median is 1
    SplittableRandom r = new SplittableRandom(3);
    int n = 20000;
    double[] y = new double[n];
    double[][] x = new double[n][];
    for (int i = 0; i < n; i++) {
      long start = r.nextLong(1_000_000_000L);
      long end = start + 1150;
      y[i] = Math.round(end / 1000.0) * 1000 - Math.round(start / 1000.0) * 1000;
      x[i] = new double[] {1};
    }
    // with the scale floored at the tick, every quantized residual (below one tick) counts
    // fully: the robust fit is the mean; floored at half a tick, the 2 us readings are
    // down-weighted
    HuberRegression.Result h = HuberRegression.fit(y, x, n, 1, 1000, false);
    assertThat(HuberRegression.median(y.clone(), n)).isEqualTo(1000);
    assertThat(h.coef()[0]).isCloseTo(1150, within(10.0));
    assertThat(HuberRegression.fit(y, x, n, 1, 500, false).coef()[0]).isLessThan(1125);
    // the mean per-call cost, whatever the floor
    assertThat(HuberRegression.fit(y, x, n, 1, 500, true).coef()[0])
        .isCloseTo(1150, within(10.0));
  }

  @Test
  void aSkewedSendCostIsFittedAtItsMeanNotItsTypicalValue() {
    // a real send's own time on a busy 2-vCPU guest: mostly ~800 ns, one in ten 5-7 us
    SplittableRandom r = new SplittableRandom(11);
    int n = 40000;
    double[] y = new double[n];
    double[][] x = new double[n][];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      y[i] = 800 + 60 * r.nextGaussian() + (r.nextInt(10) == 0 ? 5000 + r.nextInt(2000) : 0);
      x[i] = new double[] {1};
      sum += y[i];
    }
    HuberRegression.Result h = HuberRegression.fit(y, x, n, 1, 1);
    assertThat(h.coef()[0]).isCloseTo(sum / n, within(1e-6 * sum / n));
    assertThat(h.coef()[0]).isGreaterThan(1300);
  }

  @Test
  void collinearColumnsAreSingular() {
    double[] y = {1, 2, 3, 4};
    double[][] x = {{1, 2}, {1, 2}, {1, 2}, {1, 2}};
    assertThat(HuberRegression.fit(y, x, 4, 2, 1).singular()).isTrue();
  }
}
