package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ravb_interrupt's summary causes: ISS bits as ravb.h defines them (ES 0x40, MS 0x80). */
class RavbInterruptTest {

  private static RavbBench withIss(int iss) {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    b.priv.hw.issSource = () -> iss;
    return b;
  }

  @Test
  void errorSummaryGoesToTheErrorHandler() {
    RavbBench b = withIss(0x40);
    assertThat(b.napi.interrupt(null)).isTrue();
    assertThat(b.calls).containsExactly("ravb_error_interrupt");
  }

  @Test
  void emacSummaryGoesToTheEmacHandler() {
    RavbBench b = withIss(0x80);
    assertThat(b.napi.interrupt(null)).isTrue();
    assertThat(b.calls).containsExactly("ravb_emac_interrupt_unlocked");
  }

  @Test
  void bitsOutsideTheSummariesAreNotHandled() {
    RavbBench b = withIss(0x400 | 0x800);
    assertThat(b.napi.interrupt(null)).isFalse();
    assertThat(b.calls).isEmpty();
  }

  @Test
  void timestampUpdateIsAcknowledgedAndReadOut() {
    RavbBench b = withIss(RavbHw.ISS_TFUS);
    b.priv.hw.tis = RavbHw.TIS_TFUF;
    assertThat(b.napi.interrupt(null)).isTrue();
    assertThat(b.calls).containsExactly("ravb_get_tx_tstamp");
    assertThat(b.priv.hw.tis & RavbHw.TIS_TFUF).isZero(); // written 0: cleared
  }
}
