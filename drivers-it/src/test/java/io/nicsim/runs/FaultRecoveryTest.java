package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.runs.options.RunArgs;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code run --fault tx-hang} on the MACs that model a TX hang: the queue stops, dev_watchdog
 * reports it after the device's watchdog_timeo (stmmac's from its {@code watchdog} module
 * parameter), the driver recovers and the run's {@code recovery} report says when; bad input
 * refused in one line.
 */
class FaultRecoveryTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();

  private static Map<String, Object> recovery(String... args) {
    RunResult r = ENGINE.run(RunArgs.request(List.of(args)), RunSinks.NONE);
    assertThat(r.recovery()).hasSize(1);
    assertThat(RunText.json(r)).contains("\"recovery\":");
    return r.recovery().get(0);
  }

  private static double num(Map<String, Object> m, String k) {
    return ((Number) m.get(k)).doubleValue();
  }

  @Test
  void fecTimesOutAfterTwoSecondsAndItsRestartRecovers() {
    Map<String, Object> f = recovery("--mac", "fec", "--soc", "imx8qxp", "--traffic",
        "iperf3 -u -b 10M -l 1400 -t 3 -P 12", "--duration", "2.2", "--fault",
        "tx-hang at=10ms");
    assertThat(f.get("watchdog_timeo_ms")).isEqualTo(2000L);
    // fec has no BQL: the ring (1,024 BDs) fills and stops the queue by ~80 ms; the check at
    // 2 s finds it stopped less than 2 s, the re-arm is due 2 s after its last transmit
    // (33fb988b6705, in the default kernel)
    assertThat(num(f, "timeout_s")).isBetween(2.0, 2.15);
    assertThat(num(f, "timed_out_ms")).isGreaterThan(2000);
    assertThat(num(f, "qdisc_at_timeout") + num(f, "driver_skbs_at_timeout")).isPositive();
    assertThat(f.get("resets")).isEqualTo(1L);
    assertThat(num(f, "resumed_s")).isGreaterThan(num(f, "timeout_s")).isLessThan(2.2);
    assertThat(((BigDecimal) f.get("recover_ms")).doubleValue())
        .isGreaterThan(num(f, "detect_ms"));
  }

  @Test
  void stmmacTimesOutAfterItsWatchdogModuleParameter() {
    Map<String, Object> f = recovery("--mac", "stmmac", "--soc", "rk3588-yt6801",
        "--traffic", "iperf3 -u -b 50M -l 1400 -t 1", "--duration", "300ms",
        "--module-param", "stmmac.watchdog=100", "--fault", "tx-hang at=10ms");
    assertThat(f.get("watchdog_timeo_ms")).isEqualTo(100L);
    assertThat(num(f, "timeout_s")).isBetween(0.1, 0.25);
    assertThat(f.get("resets")).isEqualTo(1L);
    assertThat(num(f, "resumed_s")).isGreaterThan(num(f, "timeout_s"));
  }

  @Test
  void aHangShorterThanTheWatchdogResumesWithoutATimeout() {
    Map<String, Object> f = recovery("--mac", "stmmac", "--soc", "rk3588-yt6801",
        "--traffic", "iperf3 -u -b 50M -l 1400 -t 1", "--duration", "300ms",
        "--fault", "tx-hang at=10ms,for=50ms");
    assertThat(f.get("watchdog_timeo_ms")).isEqualTo(5000L);
    assertThat(f.get("timeout_s")).isNull();
    assertThat(f.get("resets")).isEqualTo(0L);
    assertThat(num(f, "resumed_s")).isBetween(0.06, 0.07);
  }

  @Test
  void badFaultsAndParametersAreRefusedInOneLine() {
    String[] base = {"--mac", "stmmac", "--soc", "rk3588-yt6801", "--traffic",
        "iperf3 -u -b 50M -l 1400 -t 1", "--duration", "100ms"};
    assertThatThrownBy(() -> recovery(with(base, "--fault", "tx-hang at=-1ms")))
        .isInstanceOf(BadInputException.class).hasMessageStartingWith("--fault tx-hang at:");
    assertThatThrownBy(() -> recovery(with(base, "--fault", "tx-stall at=1ms")))
        .isInstanceOf(BadInputException.class).hasMessageContaining("(accepted: tx-hang at=");
    assertThatThrownBy(() -> recovery(with(base, "--fault", "tx-hang at=1ms,queue=9")))
        .isInstanceOf(BadInputException.class).hasMessageContaining("(accepted: queue=0..");
    assertThatThrownBy(() -> recovery(with(base, "--module-param", "stmmac.watchdog=5s")))
        .isInstanceOf(BadInputException.class)
        .hasMessage("--module-param: stmmac.watchdog='5s' is not an int (accepted:"
            + " stmmac.watchdog=-2147483648..2147483647 ms (negative: TX_TIMEO, 5000))");
    assertThatThrownBy(() -> recovery("--mac", "fec", "--soc", "imx8qxp", "--traffic",
        "iperf3 -u -b 50M -t 1", "--module-param", "stmmac.watchdog=100"))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--module-param: stmmac.watchdog is not a parameter nicsim"
            + " models for mac fec");
    assertThatThrownBy(() -> recovery("--mac", "bcmgenet", "--soc", "bcm2711", "--traffic",
        "iperf3 -u -b 50M -t 1", "--fault", "tx-hang at=1ms"))
        .isInstanceOf(BadInputException.class)
        .hasMessage("--fault: mac bcmgenet does not model a TX DMA hang (accepted: tx-hang on"
            + " fec or stmmac)");
  }

  private static String[] with(String[] base, String... more) {
    String[] a = new String[base.length + more.length];
    System.arraycopy(base, 0, a, 0, base.length);
    System.arraycopy(more, 0, a, base.length, more.length);
    return a;
  }
}
