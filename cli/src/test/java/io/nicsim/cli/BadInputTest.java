package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every bad flag or value: one line on stderr naming it, exit 2, no stack trace. */
class BadInputTest {
  static final String HOST = "--mac example --soc testsoc";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "run --mac example --soc testsoc|--traffic",
    "run --mac example --traffic 'ping -c 1'|--soc",
    "run --mac nosuch --soc testsoc --traffic 'ping -c 1'|--mac: unknown MAC model 'nosuch'",
    "run --mac knob --soc testsoc --traffic 'ping -c 1'|--soc: SoC profile 'testsoc' has a example MAC",
    "run --mac example --soc testsoc --kernel six --traffic 'ping -c 1'|--kernel: 'six' is not a kernel version",
    "run --mac knob --soc knobsoc --patch +nosuch --traffic 'ping -c 1'|--patch: unknown knob patch 'nosuch'",
    "run --mac example --soc testsoc --seed x --traffic 'ping -c 1'|'x' is not a long",
    "run --mac example --soc testsoc --duration 5min --traffic 'ping -c 1'|--duration: unknown unit 'min'",
    "run --mac example --soc testsoc --duration 0 --traffic 'ping -c 1'|--duration: must be positive",
    "run --mac example --soc testsoc --path rtt=5 --traffic 'ping -c 1'|--path rtt: '5' has no unit",
    "run --mac example --soc testsoc --traffic 'iperf3 -C reno -t 0.1'|bbr or cubic",
    "run --mac example --soc testsoc -C 'tx-usecs' --traffic 'ping -c 1'|tx-usecs: missing value",
    "run --mac example --soc testsoc -C 'tx-usecs 5 parsecs' --traffic 'ping -c 1'|unknown parameter 'parsecs'",
    "run --mac example --soc testsoc -C 'tx-frames 5ms' --traffic 'ping -c 1'|tx-frames: invalid value '5ms'",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --plot out.pdf|--plot: 'out.pdf' has no known image extension",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --trace /dev/null/x|--trace: cannot write /dev/null/x: /dev/null is not a directory",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --bogus|Unknown option: '--bogus'",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --jitter abc|--jitter: 'abc' is neither ranges nor a percent (accepted: ranges (each CPU cost within its own documented range; the default) or a percent 0..90)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --jitter 95|--jitter: 95 is out of range (accepted: ranges",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --jitter 1e1|--jitter: '1e1' is neither ranges nor a percent",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --jitter=|--jitter: '' is neither ranges nor a percent",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --jitter RANGES|--jitter: 'RANGES' is neither ranges nor a percent",
    "explore --mac example --soc testsoc --traffic 'ping -c 1' --jitter 20%|--jitter: '20%' is neither ranges nor a percent (accepted: ranges",
    "explore --mac example --soc testsoc --traffic 'ping -c 1' --jitter 90.5|--jitter: 90.5 is out of range (accepted: ranges",
    "explore --mac example --soc testsoc --traffic 'ping -c 1' --preempt sometimes|--preempt: 'sometimes' is neither kcsan nor a duration with its unit (accepted: kcsan",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --jitter --preempt 20|--preempt: '20' is neither kcsan nor a duration",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --fault 'tx-hang at=1ms'|--fault: mac example does not model a TX DMA hang (accepted: tx-hang on fec or stmmac)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --fault 'tx-hang at=1parsec'|--fault tx-hang at: ",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --module-param stmmac.watchdog=1|--module-param: stmmac.watchdog is not a parameter nicsim models for mac example (accepted: stmmac.watchdog=MS on stmmac)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --bql-limit-max 30k|--bql-limit-max: '30k' is not a decimal integer (accepted: max or 0..1879048192 bytes",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --bql-limit-max 1879048193|--bql-limit-max: 1879048193 is out of range (accepted: max or 0..1879048192 bytes",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'nosuch=1'|--sysfs nosuch=1: echo 1 > /sys/class/net/eth0/nosuch: Permission denied (-EACCES): no such file (accepted: gro_flush_timeout, napi_defer_hard_irqs, threaded)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'napi_defer_hard_irqs=2147483648'|--sysfs napi_defer_hard_irqs=2147483648: echo 2147483648 > /sys/class/net/eth0/napi_defer_hard_irqs: write error: Numerical result out of range (-ERANGE) (accepted: 0..2147483647)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'gro_flush_timeout=20us'|echo 20us > /sys/class/net/eth0/gro_flush_timeout: write error: Invalid argument (-EINVAL) (accepted: 0..18446744073709551615 ns)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'gro_flush_timeout=-1'|write error: Invalid argument (-EINVAL)",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'threaded=3'|echo 3 > /sys/class/net/eth0/threaded: write error:",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --sysfs napi_defer_hard_irqs|--sysfs: 'napi_defer_hard_irqs' is not FILE=VALUE",
    "run --mac example --soc testsoc --kernel v5.4 --traffic 'ping -c 1' --sysfs 'napi_defer_hard_irqs=1'|Permission denied (-EACCES): kernel v5.4 has no such file (added in v5.10) (accepted: gro_flush_timeout)",
    "run --mac example --soc testsoc --kernel v5.10 --traffic 'ping -c 1' --sysfs 'threaded=1'|Permission denied (-EACCES): kernel v5.10 has no such file (added in v5.12)",
    "run --mac example --soc testsoc --kernel v6.12 --traffic 'ping -c 1' --napi-set 'defer-hard-irqs=1'|--napi-set defer-hard-irqs=1: napi-set: Operation not supported (-EOPNOTSUPP): no napi-set command before v6.13",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --napi-set 'id=99 defer-hard-irqs=1'|napi-set: No such file or directory (-ENOENT): no NAPI with id 99",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --napi-set 'defer-hard-irqs=2147483648'|napi-set: Numerical result out of range (-ERANGE): defer-hard-irqs: integer out of range",
    "run --mac example --soc testsoc --traffic 'ping -c 1' --napi-set 'bogus=1'|--napi-set bogus: unknown attribute 'bogus'",
    "sweep --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'napi_defer_hard_irqs=-1' --vary seed=1,2|echo -1 > /sys/class/net/eth0/napi_defer_hard_irqs: write error: Invalid argument (-EINVAL)",
    "sweep --mac example --soc testsoc --kernel v5.4 --traffic 'ping -c 1' --vary napi_defer_hard_irqs=0,1|kernel v5.4 has no such file (added in v5.10)",
    "tune --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'threaded=x' --vary gro_flush_timeout=0,20000 --objective 'min ping_rtt_ms'|echo x > /sys/class/net/eth0/threaded: write error: Invalid argument (-EINVAL)",
    "explore --mac example --soc testsoc --traffic 'ping -c 1' --sysfs 'gro_flush_timeout=1e3'|echo 1e3 > /sys/class/net/eth0/gro_flush_timeout: write error: Invalid argument (-EINVAL)",
    "run --mac example --soc testsoc --traffic 'iperf3 -u -t 1 --busy-poll 50'|without -R the host sends",
    "run --mac example --soc testsoc --traffic 'ping -c 1 --busy-poll -5'|--busy-poll",
    "bogus|Unmatched argument",
    "ethtool --mac example --soc testsoc -c --kernel v1.0|--kernel: 'v1.0' is too old",
    "sweep --mac example --soc testsoc --traffic 'ping -c 1'|--vary",
    "sweep --mac example --soc testsoc --traffic 'ping -c 1' --vary rate=1M|--vary rate: ping has no rate",
  })
  void oneLineNamingTheFlagExit2(String args, String expected) {
    Cli.Result r = Cli.run(split(args));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(expected).doesNotContain("\tat ").doesNotContain("Exception");
  }

  /** Splits on spaces, keeping single-quoted words together. */
  static String[] split(String s) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (char c : s.toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
        any = true;
      } else if (c == ' ' && !quoted) {
        if (any) {
          out.add(cur.toString());
        }
        cur.setLength(0);
        any = false;
      } else {
        cur.append(c);
        any = true;
      }
    }
    if (any) {
      out.add(cur.toString());
    }
    return out.toArray(new String[0]);
  }

  @Provide
  Arbitrary<List<String>> argLists() {
    Arbitrary<String> word = Arbitraries.of("run", "ethtool", "sweep", "list", "reproduce",
        "--mac", "example", "knob", "--soc", "testsoc", "knobsoc", "--kernel", "v6.7", "x",
        "--patch", "+fast-path", "-what-if", "-C", "tx-usecs 100", "tx-usecs", "rx-frames 9",
        "--traffic", "ping -c 1 -i 0.001", "iperf3 -u -b 0 -l 64 -t 1ms", "iperf3 -C bbr",
        "iperf3 -u -l", "ping", "--path", "rtt=1ms", "rate=1gbit,buffer=1bdp", "loss=2",
        "--seed", "-1", "99999999999999999999", "--duration", "1ms", "--json", "-c", "--vary",
        "len=64,128", "tx-usecs=1,2", "--threads", "0", "2", "socs", "macs", "patches",
        "scenarios", "--no-check", "", "=", "--", "-");
    return word.list().ofMaxSize(12);
  }

  @Property(tries = 60)
  void anyArgumentListExitsCleanly(@ForAll("argLists") List<String> args) {
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertThat(r.exit()).isIn(0, 2);
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("internal error");
    if (r.exit() == 2) {
      assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
    }
  }
}
