package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.api.Test;

/** bcmgenet_get_coalesce / bcmgenet_set_coalesce against hand-computed register values. */
class BcmgenetEthtoolTest {
  private static final MacHosts HOSTS = MacHosts.classPath();

  private static EthtoolOps ops(Host h) {
    return h.driver().ethtool();
  }

  private static EthtoolCoalesce apply(Host h, String args) throws KernelException {
    return Ethtool.applyArgs(ops(h), CoalesceArgs.parse(args));
  }

  private static Errno refused(Host h, String args) {
    return catchThrowableOfType(() -> apply(h, args), KernelException.class).errno();
  }

  @Test
  void defaultsAreOneFramePerInterruptAndNoTimeout() throws KernelException {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null);
    EthtoolCoalesce ec = Ethtool.getCoalesce(ops(h));
    assertThat(ec.get(CoalesceParam.RX_USECS)).isZero();
    assertThat(ec.get(CoalesceParam.RX_MAX_FRAMES)).isEqualTo(1); // probe: rx_max_coalesced_frames
    assertThat(ec.get(CoalesceParam.TX_MAX_FRAMES)).isEqualTo(1); // init_tx_ring: MBUF_DONE 1
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_RX)).isZero();
    assertThat(ops(h).supportedCoalesceParams()).isEqualTo(CoalesceParam.RX_USECS.bit()
        | CoalesceParam.RX_MAX_FRAMES.bit() | CoalesceParam.TX_MAX_FRAMES.bit()
        | CoalesceParam.USE_ADAPTIVE_RX.bit());
  }

  @Test
  void rxUsecsRoundUpToTicksOf8192NsAndReadBackTruncated() throws KernelException {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null);
    EthtoolCoalesce ec = apply(h, "rx-usecs 100 rx-frames 32 tx-frames 16");
    // DIV_ROUND_UP(100 * 1000, 8192) = 13 ticks; read back 13 * 8192 / 1000 = 106
    assertThat(h.driver().coalesceRegisters().get("RDMA_RING0_TIMEOUT")).isEqualTo(13);
    assertThat(ec.get(CoalesceParam.RX_USECS)).isEqualTo(106);
    assertThat(ec.get(CoalesceParam.RX_MAX_FRAMES)).isEqualTo(32);
    assertThat(ec.get(CoalesceParam.TX_MAX_FRAMES)).isEqualTo(16);
    // the largest accepted value: (0xFFFF * 8) + 1
    assertThat(apply(h, "rx-usecs 524281").get(CoalesceParam.RX_USECS))
        .isEqualTo((524_281L * 1000 + 8191) / 8192 * 8192 / 1000);
  }

  @Test
  void adaptiveRxProgramsTheDefaultProfileAndKeepsTheStaticValuesAside() throws KernelException {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null);
    EthtoolCoalesce ec = apply(h, "adaptive-rx on");
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_RX)).isEqualTo(1);
    // net_dim_get_def_rx_moderation(EQE): profile 1 = 8 us, 256 frames; 8 us is one tick
    assertThat(h.driver().coalesceRegisters().get("RDMA_RING0_TIMEOUT")).isEqualTo(1);
    assertThat(h.driver().coalesceRegisters().get("RDMA_RING0_MBUF_DONE_THRESH"))
        .isEqualTo(256);
    assertThat(ec.get(CoalesceParam.RX_USECS)).isEqualTo(8); // 1 * 8192 / 1000
    assertThat(ec.get(CoalesceParam.RX_MAX_FRAMES)).isEqualTo(256);
    // turning it off programs what ethtool passes (here the values it just read back)
    ec = apply(h, "adaptive-rx off rx-usecs 0 rx-frames 1");
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_RX)).isZero();
    assertThat(h.driver().coalesceRegisters().get("RDMA_RING0_TIMEOUT")).isZero();
  }

  @Test
  void refusalsCarryTheKernelsErrno() {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null);
    assertThat(refused(h, "tx-usecs 10")).isEqualTo(Errno.EOPNOTSUPP); // not supported
    assertThat(refused(h, "adaptive-tx on")).isEqualTo(Errno.EOPNOTSUPP);
    assertThat(refused(h, "rx-usecs-irq 5")).isEqualTo(Errno.EOPNOTSUPP);
    assertThat(refused(h, "tx-frames 0")).isEqualTo(Errno.EINVAL);
    assertThat(refused(h, "tx-frames 512")).isEqualTo(Errno.EINVAL); // > 0x1FF
    assertThat(refused(h, "rx-frames 512")).isEqualTo(Errno.EINVAL);
    assertThat(refused(h, "rx-usecs 524282")).isEqualTo(Errno.EINVAL);
    assertThat(refused(h, "rx-usecs 0 rx-frames 0")).isEqualTo(Errno.EINVAL);
  }

  @Test
  void beforeV417ThereIsNoAdaptiveRx() {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, "v4.16");
    assertThat(ops(h).supportedCoalesceParams() & CoalesceParam.USE_ADAPTIVE_RX.bit()).isZero();
    assertThat(refused(h, "adaptive-rx on")).isEqualTo(Errno.EOPNOTSUPP);
  }

  /**
   * bcmgenet_get_coalesce converts DMA_RING0_TIMEOUT masked with DMA_TIMEOUT_MASK in 6.1.189+
   * and 6.12.112+ (ring0-timeout-mask), the whole register in mainline up to v6.18.19 (found by
   * port-check --execute on the 6.18.19 tree: the port masked in every era). The u32 product
   * wraps before the division.
   */
  @Test
  void getCoalesceMasksTheTimeoutOnlyInTheStableLinesThatCarryTheFix() throws KernelException {
    int reg = 0x0001_000D; // 13 ticks in the timeout field, a bit above it
    long masked = 13L * 8192 / 1000;                               // 106
    long whole = ((0x0001_000DL * 8192) & 0xFFFF_FFFFL) / 1000;  // 536977
    String[][] cases = {{"v6.1.192", "m"}, {"v6.1.188", "w"}, {"v6.12.117", "m"},
        {"v6.12.111", "w"}, {"v6.18", "w"}, {"v6.18.19", "w"}};
    for (String[] c : cases) {
      Host h = HOSTS.host("bcmgenet", "bcm2711", null, c[0]);
      ((BcmgenetDriver) h.driver()).priv().hw.rdmaTimeout = reg;
      assertThat(Ethtool.getCoalesce(ops(h)).get(CoalesceParam.RX_USECS)).as(c[0])
          .isEqualTo(c[1].equals("m") ? masked : whole);
    }
    assertThat(GenetPatches.RING0_TIMEOUT_MASK.inKernel(io.nicsim.core.era.KernelVersion.parse(
        "v6.12.112"))).isTrue();
  }

  /**
   * bcmgenet_set_rx_coalesce's DIV_ROUND_UP(usecs * 1000, 8192) is u32 arithmetic: the "+ 8191"
   * wraps too (found by port-check --execute; the port added it in 64 bits). 536870904 µs ×
   * 1000 is 2^32 × 125 − 8000, so the rounded tick count wraps to 0.
   */
  @Test
  void setRxCoalesceRoundsUpInU32() {
    Host h = HOSTS.host("bcmgenet", "bcm2711", null, null);
    BcmgenetPriv priv = ((BcmgenetDriver) h.driver()).priv();
    BcmgenetCoalesce coal = new BcmgenetCoalesce(priv);
    priv.hw.rdmaTimeout = 0;
    coal.setRxCoalesce(priv.rx, 536_870_904L, 1);
    assertThat(priv.hw.rdmaTimeout).isZero();
    coal.setRxCoalesce(priv.rx, 100, 1);
    assertThat(priv.hw.rdmaTimeout).isEqualTo(13);
  }
}
