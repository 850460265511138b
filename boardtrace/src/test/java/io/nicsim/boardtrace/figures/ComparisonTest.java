package io.nicsim.boardtrace.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A board CPU with softirq time gets its row even when the model's run spent none there (the
 * model reads 0 for that CPU, an object it has); figures of objects the model lacks stay board
 * only. Nothing the board measured is dropped.
 */
class ComparisonTest {
  static FigureSet set(Figure... f) {
    return new FigureSet(List.of(f), List.of(), 0, 1, XmitBatchMethod.values()[0]);
  }

  @Test
  void everyBoardCpuGetsItsRow() {
    FigureSet board = set(new Figure("softirq time cpu0", "ms/s", 10),
        new Figure("softirq time cpu1", "ms/s", 42.6), new Figure("IRQ/s mmc0", "/s", 5));
    FigureSet model = set(new Figure("softirq time cpu0", "ms/s", 9));
    Comparison c = Comparison.of(board, model);
    assertThat(c.rows()).extracting(Comparison.Row::figure)
        .containsExactly("softirq time cpu0", "softirq time cpu1");
    Comparison.Row cpu1 = c.rows().get(1);
    assertThat(cpu1.board()).isEqualTo(42.6);
    assertThat(cpu1.model()).isZero();
    assertThat(c.boardOnly()).extracting(Figure::figure).containsExactly("IRQ/s mmc0");
  }
}
