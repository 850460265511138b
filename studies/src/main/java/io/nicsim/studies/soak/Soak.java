package io.nicsim.studies.soak;

import io.nicsim.core.check.HostAudit;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.UdpFloodRunner;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.tcp.CongestionControls;
import io.nicsim.tcp.TcpSysctl;
import io.nicsim.tcp.stack.BulkSender;
import io.nicsim.tcp.stack.PathConfig;
import io.nicsim.tcp.stack.TcpCosts;
import io.nicsim.tcp.stack.TcpFlow;
import io.nicsim.tcp.stack.TcpPath;
import io.nicsim.tcp.stack.TcpStack;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A long run that must not grow the heap: a host runs a flow for many simulated minutes under
 * the invariant audit, and after every sample interval the live heap (after a full GC) is
 * printed. What the model keeps per packet is bounded (rings, queues, windows); anything that
 * grows with the run's length shows as a steady climb. The verdict compares the last sample with
 * the first one after warm-up.
 */
public final class Soak {
  /** A flow to soak. */
  public enum Flow {
    /** iperf3 -u -b 0 -l 1400 from stmmac on Cyclone V (CPU-bound flood). */
    UDP,
    /** BBR bulk from stmmac on RK3588/YT6801 (tx-usecs 100 tx-frames 1), 100 Mbit/s, 23 ms. */
    BBR
  }

  /** One sample: simulated seconds, live heap after GC, frames sent so far. */
  public record Sample(long simSeconds, long heapBytes, long frames) {}

  /** The outcome: the samples and the growth from the first to the last. */
  public record Result(Flow flow, List<Sample> samples, long growthBytes) {}

  private final HostFactory hosts;
  private final PrintWriter progress;

  public Soak(HostFactory hosts, PrintWriter progress) {
    this.hosts = hosts;
    this.progress = progress;
  }

  /** Runs {@code flow} for {@code totalSec} simulated seconds, sampling every {@code sampleSec}. */
  public Result run(Flow flow, long totalSec, long sampleSec) {
    Host host;
    if (flow == Flow.UDP) {
      host = hosts.create(HostConfig.of("stmmac", "cyclone5").withKernel("v6.7")).host();
      new UdpFloodRunner().start(host,
          TrafficParser.parse("iperf3 -u -b 0 -l 1400 -t " + totalSec), PathSpec.direct());
    } else {
      // the seed-003 board with the coalescing that lets BBR fill the path (more events per
      // simulated second than the shipped 5 ms / 25 frames, which starve it)
      host = hosts.create(HostConfig.of("stmmac", tcpSoc("rk3588-yt6801")).withKernel("v6.7")
          .withCoalesce(CoalesceArgs.parse("tx-usecs 100 tx-frames 1"))).host();
      TcpStack stack = new TcpStack(host, new TcpSysctl());
      TcpPath path = new TcpPath(host.sim(), host.link(),
          PathConfig.of(23_000_000L - 200, 100_000_000L, 200));
      TcpFlow f = stack.connect(CongestionControls.create("soak", "bbr"), stack.patches(List.of()), path);
      BulkSender app = new BulkSender(host.sim(), f, BulkSender.DEFAULT_LEN, 0,
          totalSec * 1_000_000_000L);
      app.start(host.appCore());
    }
    HostAudit.attach(host);
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    List<Sample> samples = new ArrayList<>();
    for (long t = sampleSec; t <= totalSec; t += sampleSec) {
      host.run(sampleSec * 1_000_000_000L);
      System.gc();
      System.gc();
      Sample s = new Sample(t, mem.getHeapMemoryUsage().getUsed(), host.link().framesToPeer());
      samples.add(s);
      progress.println(String.format(Locale.ROOT, "%s %5d s: heap %7.1f MiB, %d frames",
          flow.name().toLowerCase(Locale.ROOT), s.simSeconds(), s.heapBytes() / 1048576.0,
          s.frames()));
      progress.flush();
    }
    long growth = samples.size() < 2 ? 0
        : samples.get(samples.size() - 1).heapBytes() - samples.get(0).heapBytes();
    return new Result(flow, samples, growth);
  }

  /**
   * The SoC profile with the TCP costs tcp-model needs: the shipped profile if it has them,
   * else a temporary copy that inherits it and adds them (arbitrary values, marked as such: a
   * soak measures memory, not speed).
   */
  static String tcpSoc(String name) {
    SocProfile p = SocProfile.load(name);
    StringBuilder missing = new StringBuilder();
    for (CostOp op : TcpCosts.all()) {
      if (!p.costs().containsKey(op.name())) {
        missing.append("  ").append(op.name())
            .append(": {value: 1000, source: \"soak fixture: arbitrary, not calibrated\", class: exact}\n");
      }
    }
    if (missing.length() == 0) {
      return name;
    }
    try {
      Path f = Files.createTempFile("nicsim-soak-" + name, ".yaml");
      f.toFile().deleteOnExit();
      Files.writeString(f, "name: " + name + "-soak\ninherits: " + name + "\ncosts:\n" + missing,
          StandardCharsets.UTF_8);
      return SocProfile.FILE_PREFIX + f;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses --flow. */
  public static Flow flow(String text) {
    try {
      return Flow.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw BadInputException.field("--flow", "unknown flow '" + text + "'", "udp or bbr");
    }
  }
}
