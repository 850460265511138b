package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dim what-if's knobs on YT6801 (RK3588): stmmac's own RIWT and TX coalesce values. */
class StmmacDimTest {
  static final String SOC = "rk3588-yt6801";

  private static Rig rig(String coalesce, String... patches) {
    return new Rig(SOC, "v6.18", List.of(patches), coalesce);
  }

  @Test
  void adaptiveKnobsExistOnlyWithTheVariant() {
    Rig plain = rig(null);
    KernelException e = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> Ethtool.applyArgs(plain.drv.ethtool(), CoalesceArgs.parse("adaptive-tx on")),
        KernelException.class);
    assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP);
  }

  @Test
  void adaptiveTxProgramsTheDefaultTxProfileIntoTheCoalesceTimerAndFrames()
      throws KernelException {
    Rig r = rig("adaptive-tx on", "+dim");
    // net_dim_get_def_tx_moderation(EQE): profile 1 = 8 us, 128 frames
    assertThat(r.priv.txCoalTimer(0)).isEqualTo(8);
    assertThat(r.priv.txCoalFrames(0)).isEqualTo(128);
    EthtoolCoalesce ec = Ethtool.getCoalesce(r.drv.ethtool());
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_TX)).isEqualTo(1);
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_RX)).isZero();
    // RX untouched by DIM: what any ethtool -C round trip leaves (riwt2usec truncates)
    assertThat(r.priv.rxRiwt(0)).isEqualTo(rig("tx-frames 25").priv.rxRiwt(0));
  }

  @Test
  void adaptiveRxProgramsRiwtThroughUsec2riwtWithinTheDriversRange() throws KernelException {
    Rig r = rig("adaptive-rx on", "+dim");
    StmmacEthtool et = (StmmacEthtool) r.drv.ethtool();
    long want = Math.max(r.priv.defaults.minDmaRiwt(), et.usec2riwt(8));
    assertThat(r.priv.rxRiwt(0)).isEqualTo((int) want);
    assertThat(r.priv.rxCoalFrames(0)).isEqualTo(256);
    // turning it off programs what ethtool passes
    EthtoolCoalesce ec = Ethtool.applyArgs(et, CoalesceArgs.parse("adaptive-rx off rx-usecs 300"));
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_RX)).isZero();
    assertThat(r.priv.rxRiwt(0)).isEqualTo((int) et.usec2riwt(300));
  }
}
