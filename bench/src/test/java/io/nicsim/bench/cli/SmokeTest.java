package io.nicsim.bench.cli;

import io.nicsim.bench.testkit.Cli;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void smoke() {
    for (String[] a : new String[][] {
        {"run", "--mac", "example", "--soc", "testsoc", "--traffic", "iperf3 -u -b 0 -l 64 -t 0.1"},
        {"run", "--mac", "example", "--soc", "testsoc", "--traffic", "ping -c 5 -i 0.01", "--json"},
        {"ethtool", "--mac", "example", "--soc", "testsoc", "-c"},
        {"ethtool", "--mac", "example", "--soc", "testsoc", "-C", "tx-usecs 100"},
        {"list", "macs"}, {"list", "socs"}, {"list", "patches"}, {"list", "scenarios"},
        {"sweep", "--mac", "example", "--soc", "testsoc", "--traffic", "iperf3 -u -b 0 -l 64 -t 0.01", "--vary", "len=64,128", "--vary", "seed=1,2"},
        {"reproduce"},
        {"run", "--mac", "example", "--soc", "testsoc", "--traffic", "iperf3 -u -b x"},
        {"run", "--mac", "example", "--soc", "testsoc", "--traffic", "iperf3 -t 1"},
        {"run", "--mac", "example", "--soc", "testsoc", "--patch", "-foo", "--traffic", "ping -c 1"},
    }) {
      Cli.Result r = Cli.run(a);
      System.out.println("=== " + String.join(" ", a) + " -> " + r.exit());
      System.out.print(r.out());
      System.out.print(r.err());
    }
  }
}
