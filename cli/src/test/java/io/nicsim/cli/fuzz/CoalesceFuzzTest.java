package io.nicsim.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.HostConfig;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * {@code ethtool -C} strings of names, numbers, units and junk: each is parsed or refused with
 * one line; a parsed one applied to a real driver (stmmac of several eras, fec) is taken or
 * refused by the driver with its errno and message. Nothing else may come out.
 */
class CoalesceFuzzTest {
  static final CliEnv STANDARD = CliEnv.standard();
  static final String[] NAMES = {"rx-usecs", "rx-frames", "tx-usecs", "tx-frames",
      "rx-usecs-irq", "rx-frames-irq", "tx-usecs-irq", "tx-frames-irq", "adaptive-rx",
      "adaptive-tx", "stats-block-usecs", "sample-interval", "pkt-rate-low", "rx-usecs-low",
      "rx-usecs-high", "tx-frames-high", "cqe-mode-rx", "tx-usec", "rx_usecs", "TX-USECS", "",
      "-C", "--"};
  static final String[] VALUES = {"0", "1", "25", "100", "256", "1000", "5000", "100000",
      "4294967295", "4294967296", "-1", "1.5", "5ms", "5us", "5 ms", "1500ns", "1s", "0x10",
      "on", "off", "1e3", "µs", "ms", "", "99999999999999999999999", "NaN"};

  /** Real names with numbers (some with units): mostly parsed, so the drivers get to judge. */
  static final String[] REAL = {"rx-usecs", "rx-frames", "tx-usecs", "tx-frames"};

  @Provide
  Arbitrary<String> coalesce() {
    Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.integers().between(0, 300_000)
        .map(String::valueOf), Arbitraries.integers().between(0, 3000).map(n -> n + "us"),
        Arbitraries.integers().between(0, 300).map(n -> n + "ms"));
    Arbitrary<String> real = Combinators.combine(Arbitraries.of(REAL), value)
        .as((n, v) -> n + " " + v).list().ofMinSize(1).ofMaxSize(4)
        .map(l -> String.join(" ", l));
    Arbitrary<String> pair = Combinators.combine(Arbitraries.of(NAMES), Arbitraries.of(VALUES))
        .as((n, v) -> n + " " + v);
    Arbitrary<String> junk = Arbitraries.strings().withChars("abc -=_.,µ%\t\n0123456789")
        .ofMaxLength(12);
    Arbitrary<String> chaos = Arbitraries.frequencyOf(Tuple.of(6, pair), Tuple.of(1, junk),
            Tuple.of(2, Arbitraries.of(NAMES)), Tuple.of(1, Arbitraries.of(VALUES)))
        .list().ofMaxSize(5).map(l -> String.join(" ", l));
    return Arbitraries.frequencyOf(Tuple.of(3, real), Tuple.of(2, chaos));
  }

  @Provide
  Arbitrary<HostConfig> hosts() {
    return Arbitraries.of(
        HostConfig.of("stmmac", "cyclone5").withKernel("v4.19"),
        HostConfig.of("stmmac", "cyclone5").withKernel("v5.4"),
        HostConfig.of("stmmac", "ipq806x").withKernel("v5.15"),
        HostConfig.of("stmmac", "rk3588-yt6801").withKernel("v6.7"),
        HostConfig.of("stmmac", "agilex5").withKernel("v6.18").withPatches(
            List.of("+riwt-rounding")),
        HostConfig.of("fec", "imx8qxp"), HostConfig.of("fec", "imx6q").withKernel("v5.10"),
        HostConfig.of("fec", "imx6ul").withKernel("v6.17"));
  }

  @Property
  void anyCoalesceStringIsTakenOrRefusedInOneLine(@ForAll("coalesce") String text,
      @ForAll("hosts") HostConfig host) {
    CoalesceArgs args;
    try {
      args = CoalesceArgs.parse(text);
    } catch (BadInputException e) {
      Statistics.label("outcome").collect("parse refused");
      assertThat(e.getMessage()).doesNotContain("\n").isNotBlank();
      return;
    }
    try {
      STANDARD.hosts().create(host.withCoalesce(args)).host();
      Statistics.label("outcome").collect("driver took it");
    } catch (BadInputException e) {
      Statistics.label("outcome").collect("driver refused");
      assertThat(e.getMessage()).doesNotContain("\n").contains("driver refused: -E");
    }
  }

  @Property
  void theSameStringOnTheCommandLineIsOneLineOrAnAnswer(@ForAll("coalesce") String text) {
    Cli.Result r = Cli.run(STANDARD, "ethtool", "--mac", "stmmac", "--soc", "cyclone5", "-C",
        text);
    Fuzz.clean(r);
  }
}
