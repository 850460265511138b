package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.port.exec.Out;
import org.junit.jupiter.api.Test;

/**
 * A Java port in a loop that does not end stops at a bounded record (once it grew until the
 * heap was gone and took a whole 100,000-input run with it) and says where it was.
 */
class OutRunawayTest {
  @Test
  void aRecordPastTheCapStopsNamingItsLastToken() {
    Out out = new Out();
    assertThatThrownBy(() -> {
      for (long i = 0; ; i++) {
        out.call("dma_unmap_single", i);
      }
    }).isInstanceOf(Out.Runaway.class).hasMessageContaining("dma_unmap_single(");
    assertThat(out.toString().length()).isBetween(Out.RUNAWAY_CHARS, Out.RUNAWAY_CHARS + 64);
  }

  @Test
  void aLongRecordUnderTheCapIsWhole() {
    Out out = new Out();
    for (int i = 0; i < 4096; i++) {
      out.put("f" + i, i);
    }
    assertThat(out.toString()).startsWith("f0=0 f1=1").endsWith("f4095=4095");
  }
}
