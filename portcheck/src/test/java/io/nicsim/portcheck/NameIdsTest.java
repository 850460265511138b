package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.port.exec.NameIds;
import io.nicsim.core.port.exec.NativeOut;
import org.junit.jupiter.api.Test;

/** The table a bridge reads each token's name through. */
class NameIdsTest {

  @Test
  void everyNamePutIsFoundAndNoOtherIs() {
    NameIds t = new NameIds(4 * 1024);
    for (int e = 0; e < 1024; e++) {
      t.put("e" + e, e);
      for (int k = 0; k < 3; k++) {
        t.put("d" + k + "," + e, 1024 + k * 1024 + e);
      }
    }
    for (int e = 0; e < 1024; e++) {
      assertThat(t.get(NativeOut.id("e" + e))).isEqualTo(e);
      assertThat(t.get(NativeOut.id("d2," + e))).isEqualTo(1024 + 2048 + e);
      assertThat(t.get(NativeOut.id("b" + e))).isEqualTo(NameIds.ABSENT);
    }
    assertThat(t.get(NativeOut.id("e1024"))).isEqualTo(NameIds.ABSENT);
  }

  @Test
  void aNamePutTwiceKeepsItsFirstNumber() {
    NameIds t = new NameIds(4).put("ret", 0).put("ret", 7);
    assertThat(t.get(NativeOut.id("ret"))).isZero();
  }

  @Test
  void aFullTableAndNegativeNumbersAreRefused() {
    NameIds t = new NameIds(2);
    for (int i = 0; t.get(NativeOut.id("n" + i)) == NameIds.ABSENT && i < 100; i++) {
      if (i == 4) {
        int n = i;
        assertThatThrownBy(() -> t.put("n" + n, n)).isInstanceOf(IllegalStateException.class);
        break;
      }
      t.put("n" + i, i);
    }
    assertThatThrownBy(() -> new NameIds(4).put("x", -1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
