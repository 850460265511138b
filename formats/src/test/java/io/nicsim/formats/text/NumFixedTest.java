package io.nicsim.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link Num#fixed} spells every finite double exactly as {@code String.format("%.Nf")}. */
class NumFixedTest {
  static String format(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  @Test
  void tiesSignsAndMagnitudesAsFormatterSpellsThem() {
    double[] values = {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 1.005, 2.675, 1.0005, 9.9995,
        99.95, 999.95, 999.5, 0.0004, -0.0004, -0.0005, 1e-7, 123456789.5, 1e15 + 0.5, 1e22,
        Double.MIN_VALUE, Double.MAX_VALUE, 4.35, 0.1 + 0.2, 44254.0, 25.17, 1.110,
        -1234.5678, 3.0E-5, 7.0E10};
    for (double v : values) {
      for (int d = 0; d <= 6; d++) {
        assertThat(Num.fixed(v, d)).as(v + " to " + d).isEqualTo(format(v, d));
      }
    }
  }

  @Property
  void anyDoubleAnyPrecision(@ForAll("doubles") double v, @ForAll @IntRange(max = 6) int d) {
    assertThat(Num.fixed(v, d)).isEqualTo(format(v, d));
  }

  @Property
  void tableValuesAsHumanPrintsThem(@ForAll("doubles") double v) {
    double a = Math.abs(v);
    String expected = a == 0 ? "0" : format(v, a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3);
    assertThat(Num.human(v)).isEqualTo(expected);
  }

  /** Doubles of every magnitude a table shows (and beyond), with exact ties among them. */
  @Provide
  Arbitrary<Double> doubles() {
    Arbitrary<Double> scaled = Combinators.combine(
        Arbitraries.doubles().between(-10, 10), Arbitraries.integers().between(-9, 12))
        .as((m, e) -> m * Math.pow(10, e));
    Arbitrary<Double> ties = Combinators.combine(
        Arbitraries.longs().between(-10_000_000, 10_000_000), Arbitraries.integers().between(1, 6))
        .as((n, k) -> (n + 0.5) / Math.pow(10, k));
    Arbitrary<Double> bits = Arbitraries.longs().map(Double::longBitsToDouble)
        .filter(x -> !Double.isNaN(x) && !Double.isInfinite(x));
    return Arbitraries.oneOf(scaled, ties, bits);
  }
}
