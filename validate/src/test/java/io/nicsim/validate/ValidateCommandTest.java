package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.soc.SocProfile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ValidateCommandTest {
  record Result(int exit, String out, String err) {}

  static Result run(Supplier<List<String>> preflight, String... args) {
    CommandLine cli = new CommandLine(new ValidateCommand(null, preflight));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  @Test
  void withoutRootOrToolsItSaysWhatIsMissingAndExits2() {
    Supplier<List<String>> bare = () -> Preflight.missing(false,
        t -> t.equals("iperf3") || t.equals("gcc") ? null : Path.of("/usr/bin", t), p -> false);
    Result r = run(bare, "--case", "bbr-fixed-5ms");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("missing:", "root:", "iperf3: not on PATH (package iperf3)",
        "gcc: not on PATH", "libnetfilter_queue.h: absent (package libnetfilter-queue-dev)",
        "network namespaces");
    assertThat(r.err()).doesNotContain("iptables:", "Exception");
  }

  @Test
  void badInputNamesTheFieldAndRange() {
    Result r = run(List::of, "--runs", "0");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("nicsim validate: --runs: 0 (accepted: 1..20)");
    Result c = run(List::of, "--case", "nope");
    assertThat(c.exit()).isEqualTo(2);
    assertThat(c.err()).contains("--case", "nope", "bbr-fixed-5ms");
  }

  @Test
  void listShowsEveryCaseWithItsModelRun() {
    Result r = run(() -> {
      throw new AssertionError("--list needs no preflight");
    }, "--list");
    assertThat(r.exit()).isZero();
    assertThat(r.out().lines()).hasSize(Cases.all().size());
    assertThat(Cases.all()).hasSizeGreaterThanOrEqualTo(12);
    assertThat(r.out()).contains("cubic-fixed-5ms", "--soc ideal-xmit", "tx-usecs 5000 tx-frames 1",
        "bbr-sliding-2ms", "--mac stmmac", "--kernel v6.7", "cubic-fixed-5ms-notso",
        "ideal-notso-xmit");
  }

  @Test
  void theReturnPathMakesUpTheRtt() {
    ValidateCase f = Cases.byName().get("cubic-fixed-5ms");
    assertThat(f.ackDelayUs()).isEqualTo(18_000);
    ValidateCase p = Cases.byName().get("cubic-period-5ms");
    assertThat(p.ackDelayUs()).isEqualTo(20_500);
    assertThat(Cases.byName().get("bbr-none").ackDelayUs()).isEqualTo(23_000);
  }

  @Test
  void theModelsWireIsTheTestbedsTbfAndItsReceiverAcksWholeSkbsOnlyWithTso() {
    String fixed = String.join(" ", Cases.byName().get("cubic-fixed-2ms").modelArgs(5, 1));
    assertThat(fixed).contains("--soc ideal-xmit", "--path rtt=23ms,gro=20us");
    // without TSO the veth hands the receiver segments, which it ACKs every two
    assertThat(String.join(" ", Cases.byName().get("cubic-fixed-5ms-notso").modelArgs(5, 1)))
        .contains("--soc ideal-notso-xmit", "--path rtt=23ms").doesNotContain("gro=");
    assertThat(String.join(" ", Cases.byName().get("bbr-sliding-2ms").modelArgs(5, 1)))
        .contains("--soc rk3588-yt6801-veth",
            "--sysfs queues/tx-0/byte_queue_limits/limit_min=max");
    // the profiles carry the testbed's tbf: its burst and rate
    SocProfile x = SocProfile.load("ideal-xmit");
    assertThat(x.param("link_tbf_burst_bytes", 0, 0, 1L << 32)).isEqualTo(256 * 1024);
    assertThat(Testbed.TBF_BURST).isEqualTo("256kb");
    assertThat(x.param("link_rate_bps", 0, 0, Long.MAX_VALUE)).isEqualTo(1_000_000_000L);
    assertThat(SocProfile.load("rk3588-yt6801-veth").param("link_tbf_burst_bytes", 0, 0,
        1L << 32)).isEqualTo(256 * 1024);
  }

  @Test
  void fixedAndSlidingHoldsGiveTheModelTheDelayTheRealSkbsHad() {
    ValidateCase f = Cases.byName().get("cubic-fixed-2ms");
    // ideal-xmit draws the holder's whole lateness (its release wake-ups') itself: no constant
    assertThat(f.modelWakesLate()).isTrue();
    assertThat(f.withMeasuredLateness(100.4).modelDelayUs()).isEqualTo(2000);
    assertThat(String.join(" ", f.withMeasuredLateness(100.4).modelArgs(5, 1)))
        .contains("tx-usecs 2000 tx-frames 1");
    // the sliding case's stmmac profile draws none: the whole mean is added
    assertThat(Cases.byName().get("bbr-sliding-5ms").withMeasuredLateness(31).modelDelayUs())
        .isEqualTo(5031);
    // a period released late by the same amount each time keeps its period
    ValidateCase p = Cases.byName().get("cubic-period-5ms");
    assertThat(p.withMeasuredLateness(30).modelDelayUs()).isEqualTo(5000);
    // nothing measured, or a forced delay (checking the checker): unchanged
    assertThat(f.withMeasuredLateness(Double.NaN)).isEqualTo(f);
    ValidateCase forced = f.withModelDelay(5000);
    assertThat(forced.withMeasuredLateness(24).modelDelayUs()).isEqualTo(5000);
  }

  @Test
  void theLatenessGivenIsTheRunsMedian() {
    java.util.function.DoubleFunction<RealRunner.Run> run = late -> new RealRunner.Run(900, 900,
        0, 100, 1000, 1e5, 50, 2, 64e3, 20, late, late / 2, late * 2, null, null);
    assertThat(Validator.medianLateness(List.of(run.apply(20), run.apply(40), run.apply(31))))
        .isEqualTo(31);
    assertThat(Validator.medianLateness(List.of(run.apply(20), run.apply(40)))).isEqualTo(30);
    assertThat(Validator.medianLateness(List.of(run.apply(Double.NaN)))).isNaN();
  }
}
