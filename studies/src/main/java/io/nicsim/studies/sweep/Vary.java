package io.nicsim.studies.sweep;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.host.NapiWrites;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.PingSpec;
import io.nicsim.runs.traffic.SockOpts;
import io.nicsim.runs.traffic.TcpBulkSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.runs.traffic.UdpFloodSpec;
import io.nicsim.runs.traffic.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code --vary KEY=V1,V2,…}. Keys: any ethtool -C name ({@code tx-usecs},
 * {@code rx-frames}, …), {@code kernel}, {@code soc}, {@code patch} (one {@code +ID} or
 * {@code -ID} edit, or {@code none}), {@code seed}, {@code len} (iperf3 -l / ping -s),
 * {@code rate} (iperf3 -b), {@code parallel} (iperf3 -P), {@code rtt} (the path's), a
 * {@code /sys/class/net/eth0/} software-coalescing file ({@code napi_defer_hard_irqs},
 * {@code gro_flush_timeout}, {@code threaded}: written after the run's own {@code --sysfs}),
 * {@code busy-poll} (the receiving socket's SO_BUSY_POLL, traffic {@code --busy-poll}).
 */
public record Vary(String key, List<String> values) {
  static final String FIELD = "--vary";
  static final String KEYS = "an ethtool -C name (tx-usecs, tx-frames, rx-usecs, …), kernel,"
      + " soc, patch, seed, len, rate, parallel, rtt, napi_defer_hard_irqs, gro_flush_timeout,"
      + " threaded, busy-poll";

  public static Vary parse(String text) {
    int eq = text == null ? -1 : text.indexOf('=');
    if (eq <= 0 || eq == text.length() - 1) {
      throw BadInputException.field(FIELD, "'" + text + "' is not KEY=V1,V2,…",
          "e.g. tx-usecs=100,1000,5000");
    }
    String key = text.substring(0, eq).trim();
    List<String> values = new ArrayList<>();
    for (String v : text.substring(eq + 1).split(",", -1)) {
      String t = v.trim();
      if (t.isEmpty()) {
        throw BadInputException.field(FIELD + " " + key, "empty value in '" + text + "'",
            "comma-separated values");
      }
      if (values.contains(t)) {
        throw BadInputException.field(FIELD + " " + key, t + " given twice", "distinct values");
      }
      values.add(t);
    }
    Vary vary = new Vary(key, List.copyOf(values));
    vary.check();
    return vary;
  }

  private boolean isCoalesce() {
    for (CoalesceParam p : CoalesceParam.values()) {
      if (p.cliName().equals(key)) {
        return true;
      }
    }
    return false;
  }

  /** Refuses an unknown key or a value that key cannot take, before anything runs. */
  void check() {
    for (String v : values) {
      RunRequest probe = RunRequest.of("m", "s", new UdpFloodSpec(0, 64, 1, 0, 1));
      apply(probe, v, true);
    }
  }

  /** {@code req} with this knob at {@code value}. */
  public RunRequest apply(RunRequest req, String value) {
    return apply(req, value, false);
  }

  private RunRequest apply(RunRequest req, String value, boolean probe) {
    String f = FIELD + " " + key;
    if (isCoalesce()) {
      CoalesceParam p = CoalesceParam.byCliName(key);
      long v = CoalesceArgs.parseValue(p, value);
      Map<String, String> merged = new LinkedHashMap<>();
      req.coalesce().values().forEach((k, x) -> merged.put(k.cliName(), word(k, x)));
      merged.put(p.cliName(), word(p, v));
      StringBuilder sb = new StringBuilder();
      merged.forEach((k, x) -> sb.append(sb.length() > 0 ? " " : "").append(k).append(' ').append(x));
      return req.withCoalesce(CoalesceArgs.parse(sb.toString()));
    }
    switch (key) {
      case "kernel":
        return req.withKernel(KernelVersion.parse(value).toString());
      case "soc":
        return req.withSoc(value);
      case "patch": {
        if (value.equals("none")) {
          return req;
        }
        if (!value.startsWith("+") && !value.startsWith("-")) {
          throw BadInputException.field(f, "'" + value + "' is not a patch edit", "+ID, -ID or none");
        }
        List<String> p = new ArrayList<>(req.patches());
        p.add(value);
        return req.withPatches(p);
      }
      case "seed":
        return req.withSeed(Units.integer(f, value, 0, Long.MAX_VALUE / 2));
      case "len":
        return probe ? req : req.withTraffic(withLen(req.traffic(), (int) Units.iperfBytes(f, value)));
      case "rate":
        Units.iperfRate(f, value);
        return probe ? req : req.withTraffic(withRate(req.traffic(), Units.iperfRate(f, value)));
      case "parallel": {
        int n = (int) Units.integer(f, value, 1, 128);
        return probe ? req : req.withTraffic(withParallel(req.traffic(), n));
      }
      case "napi_defer_hard_irqs":
      case "gro_flush_timeout":
      case "threaded": {
        // the kernel checks the value when the point's host is built (kstrtoul, its range)
        List<NapiWrites.Sysfs> sysfs = new ArrayList<>();
        for (NapiWrites.Sysfs w : req.napi().sysfs()) {
          if (!w.file().equals(key)) {
            sysfs.add(w);
          }
        }
        sysfs.add(new NapiWrites.Sysfs(key, value));
        return req.withNapi(new NapiWrites(sysfs, req.napi().napiSets()));
      }
      case "busy-poll": {
        long us = Units.integer(f, value, 0, Integer.MAX_VALUE);
        if (probe) {
          return req;
        }
        SockOpts so = req.traffic().sock();
        return req.withTraffic(req.traffic().withSock(new SockOpts(us,
            so.preferBusyPoll(), so.busyPollBudget(), so.epoll())));
      }
      case "rtt": {
        long rtt = Units.durationNs(f, value, null);
        PathSpec p = req.path();
        return req.withPath(new PathSpec(rtt, p.rateBps(), p.bufferBytes(), p.bufferBdp(),
            p.loss(), p.peerNs(), p.groNs(), p.burstBytes(), p.ackStallPerS(),
            p.ackStallMeanNs(), p.peerKernel()));
      }
      default:
        throw BadInputException.field(FIELD, "unknown key '" + key + "'", KEYS);
    }
  }

  private static String word(CoalesceParam p, long v) {
    return p.kind() == CoalesceParam.Kind.BOOL ? (v != 0 ? "on" : "off") : Long.toString(v);
  }

  private TrafficSpec withLen(TrafficSpec t, int len) {
    if (t instanceof UdpFloodSpec u) {
      return u.withLength(len);
    }
    if (t instanceof TcpBulkSpec c) {
      return c.withLength(len);
    }
    return ((PingSpec) t).withSize(len);
  }

  private TrafficSpec withRate(TrafficSpec t, long bps) {
    if (t instanceof UdpFloodSpec u) {
      return u.withRate(bps);
    }
    if (t instanceof TcpBulkSpec c) {
      return c.withRate(bps);
    }
    throw BadInputException.field(FIELD + " rate", "ping has no rate", "iperf3 traffic");
  }

  private TrafficSpec withParallel(TrafficSpec t, int n) {
    if (t instanceof UdpFloodSpec u) {
      return u.withParallel(n);
    }
    if (t instanceof TcpBulkSpec c) {
      return c.withParallel(n);
    }
    throw BadInputException.field(FIELD + " parallel", "ping has no parallel flows", "iperf3 traffic");
  }
}
