package io.nicsim.scenarios;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.config.InputKind;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.ModuleParams;
import io.nicsim.core.host.NapiWrites;
import io.nicsim.core.host.TxHang;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.Metrics;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.options.FaultArgs;
import io.nicsim.runs.options.NapiArgs;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.runs.traffic.TrafficSpec;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A scenario written by a user ({@code nicsim reproduce --file my.yaml}): runs, each with the
 * host, coalescing, traffic and path spelled as on the command line, and the metrics to report
 * with optional published figures. Everything is checked before anything runs — every field,
 * unit and range, and each run's host is built once so the kernel's own refusals (with errno
 * and message) come first; each refusal is one line naming the file and the field.
 *
 * <pre>
 * name: my-board                      # optional: the file name without .yaml
 * title: "TX coalescing on my board"  # optional
 * seeds: [000_e259f3fef5275bf2.txt]   # optional
 * assumptions: {path: "a direct cable"}
 * runs:
 *   - case: before                    # a label, unique in the file
 *     mac: stmmac
 *     soc: cyclone5                   # or soc-file: board.yaml (relative to this file)
 *     kernel: "v6.7"                  # optional (text: a YAML number drops trailing zeros)
 *     patches: [+hrtimer-active]      # optional
 *     coalesce: "tx-usecs 100 tx-frames 1"   # optional, as ethtool -C
 *     sysfs: "napi_defer_hard_irqs=2 gro_flush_timeout=200000"  # optional, as run --sysfs
 *     napi-set: "irq-suspend-timeout=2000000"  # optional, as run --napi-set (v6.13)
 *     module-param: "stmmac.watchdog=100"   # optional, as run --module-param
 *     fault: "tx-hang at=10ms"        # optional, as run --fault (a text or a list)
 *     traffic: "iperf3 -u -b 0 -l 64 -t 1"
 *     path: "rtt=23ms,rate=1gbit"     # optional
 *     seed: 1                         # optional: reproduce --seed
 *     metrics:
 *       pps: {published: 45200, role: calibration}
 *       hrtimer_cpu_pct: 8            # a published figure, role prediction
 *       cpu_pct: {}                   # no figure: role extra
 * </pre>
 */
public final class ScenarioFile {
  private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
  private static final long MAX_FILE_BYTES = 1 << 20;
  static final int MAX_RUNS = 1000;
  static final Set<String> TOP_KEYS =
      new LinkedHashSet<>(List.of("name", "title", "seeds", "assumptions", "runs"));
  static final Set<String> RUN_KEYS = new LinkedHashSet<>(List.of("case", "mac", "soc",
      "soc-file", "kernel", "patches", "coalesce", "sysfs", "napi-set", "module-param", "fault",
      "traffic", "path", "seed", "metrics"));
  static final Set<String> METRIC_KEYS = new LinkedHashSet<>(List.of("published", "role"));
  /** Metrics besides the contract's that runs report (see cli/README). */
  static final List<String> EXTRAS = List.of("irq_per_s", "timer_cancel_per_s",
      "hrtimer_expire_per_s", "hardirq_cpu_pct", "softirq_cpu_pct", "task_cpu_pct",
      "udp_sender_mbps", "udp_sent_pps", "udp_lost_pct", "udp_jitter_ms", "ping_rtt_min_ms", "ping_rtt_max_ms",
      "ping_rtt_mdev_ms", "ping_loss_pct", "tcp_sender_mbps", "tcp_retrans", "tcp_cwnd",
      "tcp_srtt_ms", "tcp_pacing_mbps", "tcp_tso_segs", "tsq_limit_bytes",
      "tcp_wmem_alloc_bytes", "skbs_below_tcp", "bbr_bw_mbps", "udp_rcv_pps",
      "udp_rcvbuf_errors", "tcp_acks_per_s", "tcp_rx_skbs_per_s", "gro_segs_per_skb",
      "ping_rtt_p50_ms", "ping_rtt_p99_ms", "napi_watchdog_per_s", "napi_deferred_per_s",
      "busy_poll_per_s", "rx_wakeups_per_s", "cpu_usr_pct", "cpu_sys_pct", "cpu_irq_pct",
      "cpu_soft_pct", "cpu_idle_pct", "cpu_from_estimates_pct");

  private ScenarioFile() {}

  /** One metric to report for a run. */
  record Wanted(String metric, Double published, Role role) {}

  /** One run of the file, checked. */
  record Run(String caseName, RunRequest request, List<Wanted> metrics, boolean seeded) {}

  /**
   * Reads and checks {@code file}; {@code hosts} builds each run's host once (the kernel's
   * refusals), {@code builtIn} are names the scenario may not take.
   */
  public static Scenario load(Path file, HostFactory hosts, Set<String> builtIn) {
    String label = file.toString();
    JsonNode root = read(file, label);
    if (root == null || !root.isObject()) {
      throw bad(label, null, "not a YAML mapping (accepted: name, title, seeds, assumptions,"
          + " runs)");
    }
    keys(label, null, root, TOP_KEYS);
    String base = file.getFileName().toString().replaceFirst("\\.ya?ml$", "")
        .toLowerCase(Locale.ROOT);
    String name = root.has("name") ? text(label, "name", root.get("name")) : base;
    if (!NAME.matcher(name).matches()) {
      throw bad(label, "name", "'" + name + "' is not a scenario name (accepted: lower-case"
          + " letters, digits, '.', '_' and '-', up to 64, e.g. my-board)");
    }
    if (builtIn.contains(name)) {
      throw bad(label, "name", "'" + name + "' is taken by a built-in scenario or another file"
          + " (accepted: another name)");
    }
    String title = root.has("title") ? text(label, "title", root.get("title"))
        : "scenario file " + file.getFileName();
    List<String> seeds = new ArrayList<>();
    if (root.has("seeds")) {
      JsonNode s = root.get("seeds");
      if (!s.isArray()) {
        throw bad(label, "seeds", "not a list (accepted: [file names])");
      }
      for (int i = 0; i < s.size(); i++) {
        seeds.add(text(label, "seeds[" + i + "]", s.get(i)));
      }
    }
    LinkedHashMap<String, String> assumptions = new LinkedHashMap<>();
    if (root.has("assumptions")) {
      JsonNode a = root.get("assumptions");
      if (!a.isObject()) {
        throw bad(label, "assumptions", "not a mapping (accepted: {what: why, …})");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        assumptions.put(e.getKey(), text(label, "assumptions." + e.getKey(), e.getValue()));
      }
    }
    JsonNode runsNode = root.get("runs");
    if (runsNode == null || !runsNode.isArray() || runsNode.isEmpty()) {
      throw bad(label, "runs", runsNode == null ? "missing" : "not a non-empty list",
          "a list of runs, each with case, mac, soc, traffic and metrics");
    }
    if (runsNode.size() > MAX_RUNS) {
      throw bad(label, "runs", runsNode.size() + " runs", "at most " + MAX_RUNS);
    }
    List<Run> runs = new ArrayList<>();
    Set<String> cases = new LinkedHashSet<>();
    Path dir = file.toAbsolutePath().getParent();
    for (int i = 0; i < runsNode.size(); i++) {
      Run r = run(label, "runs[" + i + "]", runsNode.get(i), dir, hosts);
      if (!cases.add(r.caseName())) {
        throw bad(label, "runs[" + i + "].case", "'" + r.caseName() + "' is used twice",
            "a label unique in the file");
      }
      runs.add(r);
    }
    return new FileScenario(name, title, seeds, assumptions, runs, label);
  }

  private static JsonNode read(Path file, String label) {
    if (Files.isDirectory(file)) {
      throw bad(label, null, "is a directory (accepted: a YAML file)");
    }
    String kind = InputKind.notARegularFile(file);
    if (kind != null) {
      throw bad(label, null, kind + " (accepted: a YAML file)");
    }
    if (!Files.isReadable(file)) {
      throw bad(label, null, "cannot be read (permission denied)");
    }
    try {
      if (Files.size(file) > MAX_FILE_BYTES) {
        throw bad(label, null, "larger than " + MAX_FILE_BYTES + " bytes");
      }
      return YAML.readTree(Files.readString(file));
    } catch (MalformedInputException e) {
      throw bad(label, null, "not UTF-8 text");
    } catch (IOException e) {
      throw bad(label, null, SocProfile.readError(e));
    }
  }

  private static Run run(String label, String at, JsonNode n, Path dir, HostFactory hosts) {
    if (n == null || !n.isObject()) {
      throw bad(label, at, "not a mapping (accepted: case, mac, soc, traffic, metrics, …)");
    }
    keys(label, at, n, RUN_KEYS);
    String caseName = required(label, at, n, "case");
    if (caseName.isBlank() || caseName.length() > 40 || caseName.contains("\n")) {
      throw bad(label, at + ".case", "'" + caseName + "'", "a one-line label of 1..40"
          + " characters");
    }
    String mac = required(label, at, n, "mac");
    String soc;
    if (n.has("soc") && n.has("soc-file")) {
      throw bad(label, at + ".soc-file", "given with soc", "one of soc or soc-file");
    } else if (n.has("soc-file")) {
      Path f = dir.resolve(text(label, at + ".soc-file", n.get("soc-file"))).normalize();
      guard(label, at + ".soc-file", () -> SocProfile.loadFile(f));
      soc = SocProfile.FILE_PREFIX + f;
    } else {
      soc = required(label, at, n, "soc");
    }
    String kernel = null;
    if (n.has("kernel")) {
      JsonNode k = n.get("kernel");
      if (!k.isTextual()) {
        throw bad(label, at + ".kernel", "'" + k.asText() + "' is not text",
            "a quoted version such as \"v6.10\" (a YAML number loses trailing zeros)");
      }
      kernel = guard(label, at + ".kernel", () -> KernelVersion.parse(k.asText()).toString());
    }
    List<String> patches = new ArrayList<>();
    if (n.has("patches")) {
      JsonNode p = n.get("patches");
      if (p.isArray()) {
        for (int i = 0; i < p.size(); i++) {
          patches.add(text(label, at + ".patches[" + i + "]", p.get(i)).trim());
        }
      } else {
        for (String e : text(label, at + ".patches", p).split(",", -1)) {
          patches.add(e.trim());
        }
      }
    }
    CoalesceArgs coalesce = n.has("coalesce")
        ? guard(label, at + ".coalesce", () -> CoalesceArgs.parse(text(label, at + ".coalesce",
            n.get("coalesce"))))
        : CoalesceArgs.none();
    List<String> sysfs = words(label, at + ".sysfs", n.get("sysfs"));
    List<String> napiSet = words(label, at + ".napi-set", n.get("napi-set"));
    NapiWrites napi = guard(label, at,
        () -> NapiArgs.parse(sysfs, napiSet));
    List<String> params = words(label, at + ".module-param", n.get("module-param"));
    ModuleParams moduleParams = guard(label, at + ".module-param",
        () -> ModuleParams.parse("module-param", params));
    List<String> faultWords = words(label, at + ".fault", n.get("fault"));
    List<TxHang> faults = guard(label, at + ".fault", () -> FaultArgs.parse(faultWords));
    String trafficText = required(label, at, n, "traffic");
    TrafficSpec traffic = guard(label, at + ".traffic", () -> TrafficParser.parse(trafficText));
    PathSpec path = n.has("path")
        ? guard(label, at + ".path", () -> PathSpec.parse(text(label, at + ".path",
            n.get("path"))))
        : PathSpec.direct();
    boolean seeded = n.has("seed");
    long seed = 1;
    if (seeded) {
      JsonNode s = n.get("seed");
      if (!s.isIntegralNumber() || !s.canConvertToLong()) {
        throw bad(label, at + ".seed", "'" + s.asText() + "' is not an integer",
            "an integer (a 64-bit seed)");
      }
      seed = s.asLong();
    }
    RunRequest req = RunRequest.of(HostConfig.of(mac, soc).withKernel(kernel)
        .withPatches(patches).withCoalesce(coalesce).withSeed(seed).withNapi(napi)
        .withModuleParams(moduleParams).withFaults(faults), traffic)
        .withPath(path);
    // the host exactly as the run will build it: unknown MAC or patch, a SoC for another MAC,
    // and the driver's refusal of the coalescing (errno and message) surface here
    guard(label, at, () -> hosts.create(req.hostConfig()).host());
    List<Wanted> metrics = metrics(label, at, n.get("metrics"), traffic);
    return new Run(caseName, req, metrics, seeded);
  }

  private static List<Wanted> metrics(String label, String at, JsonNode m, TrafficSpec t) {
    String f = at + ".metrics";
    if (m == null) {
      throw bad(label, f, "missing", "the metrics to report, e.g. {pps: {published: 45200}}");
    }
    List<Wanted> out = new ArrayList<>();
    if (m.isArray()) {
      for (int i = 0; i < m.size(); i++) {
        String name = text(label, f + "[" + i + "]", m.get(i));
        out.add(new Wanted(metricName(label, f + "[" + i + "]", name, t), null, Role.EXTRA));
      }
    } else if (m.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String g = f + "." + e.getKey();
        String name = metricName(label, g, e.getKey(), t);
        out.add(wanted(label, g, name, e.getValue()));
      }
    } else {
      throw bad(label, f, "not a list or a mapping", "[pps, cpu_pct] or {pps: {published:"
          + " 45200, role: calibration}}");
    }
    if (out.isEmpty()) {
      throw bad(label, f, "empty", "at least one metric");
    }
    return out;
  }

  private static Wanted wanted(String label, String f, String name, JsonNode v) {
    if (v == null || v.isNull() || (v.isTextual() && v.asText().isEmpty())) {
      return new Wanted(name, null, Role.EXTRA); // "cpu_pct:" with nothing after it
    }
    if (v.isNumber()) {
      return new Wanted(name, published(label, f, v), Role.PREDICTION);
    }
    if (!v.isObject()) {
      throw bad(label, f, "'" + v.asText() + "' is neither a number nor a mapping",
          "a published figure, or {published: N, role: calibration|prediction|extra}");
    }
    keys(label, f, v, METRIC_KEYS);
    Double published = v.has("published") ? published(label, f + ".published",
        v.get("published")) : null;
    Role role;
    if (v.has("role")) {
      String r = text(label, f + ".role", v.get("role")).toLowerCase(Locale.ROOT);
      switch (r) {
        case "calibration":
        case "calib":
          role = Role.CALIBRATION;
          break;
        case "prediction":
        case "pred":
          role = Role.PREDICTION;
          break;
        case "extra":
          role = Role.EXTRA;
          break;
        default:
          throw bad(label, f + ".role", "unknown role '" + r + "'",
              "calibration, prediction or extra");
      }
    } else {
      role = published == null ? Role.EXTRA : Role.PREDICTION;
    }
    if (role != Role.EXTRA && published == null) {
      throw bad(label, f, "a " + role.json() + " row needs its published figure",
          "published: N");
    }
    if (role == Role.EXTRA && published != null) {
      throw bad(label, f, "an extra row has no published figure",
          "role: prediction or calibration, or no published");
    }
    return new Wanted(name, published, role);
  }

  private static Double published(String label, String f, JsonNode v) {
    if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
      throw bad(label, f, "'" + v.asText() + "' is not a number", "a finite number in the"
          + " metric's unit");
    }
    return v.asDouble();
  }

  /** A known metric the run's traffic produces. */
  private static String metricName(String label, String f, String name, TrafficSpec t) {
    if (!Metrics.CONTRACT.contains(name) && !EXTRAS.contains(name)) {
      throw bad(label, f, "unknown metric '" + name + "'",
          String.join(", ", Metrics.CONTRACT) + "; " + String.join(", ", EXTRAS));
    }
    // iperf3 -R measures what iperf3 does (udp_*, tcp_*), but the host sends no TCP of its own
    String kind = t.kind().equals("udp-rx") ? "udp" : t.kind();
    if (kind.equals("tcp-rx") && (name.startsWith("tsq_") || name.startsWith("bbr_")
        || name.equals("skbs_below_tcp") || name.equals("tcp_cwnd")
        || name.equals("tcp_pacing_mbps") || name.equals("tcp_tso_segs")
        || name.equals("tcp_wmem_alloc_bytes"))) {
      throw bad(label, f, name + " is not measured for tcp-rx traffic", "the receiver's"
          + " tcp_mbps, tcp_sender_mbps, tcp_retrans, tcp_acks_per_s, tcp_rx_skbs_per_s,"
          + " gro_segs_per_skb, tcp_srtt_ms");
    }
    kind = kind.equals("tcp-rx") ? "tcp" : kind;
    boolean ok = !((name.startsWith("ping_") && !kind.equals("ping"))
        || (name.startsWith("udp_") && !kind.equals("udp"))
        || ((name.startsWith("tcp_") || name.startsWith("tsq_") || name.startsWith("bbr_")
            || name.equals("skbs_below_tcp")) && !kind.equals("tcp"))
        || (name.equals("stall_ms") && kind.equals("ping")));
    if (!ok) {
      throw bad(label, f, name + " is not measured for " + kind + " traffic",
          "a metric of " + kind + " runs (ping_* for ping, udp_* for iperf3 -u, tcp_* for"
              + " TCP, stall_ms for iperf3)");
    }
    return name;
  }

  /** A text or a list of texts ({@code sysfs:}, {@code napi-set:}); none when absent. */
  private static List<String> words(String label, String f, JsonNode v) {
    List<String> out = new ArrayList<>();
    if (v == null || v.isNull()) {
      return out;
    }
    if (v.isArray()) {
      for (int i = 0; i < v.size(); i++) {
        out.add(text(label, f + "[" + i + "]", v.get(i)));
      }
    } else {
      out.add(text(label, f, v));
    }
    return out;
  }

  private static String required(String label, String at, JsonNode n, String key) {
    if (!n.has(key) || n.get(key).isNull()) {
      throw bad(label, at + "." + key, "missing", accepted(key));
    }
    return text(label, at + "." + key, n.get(key));
  }

  private static String accepted(String key) {
    switch (key) {
      case "case":
        return "a label for the table, e.g. before";
      case "mac":
        return "a MAC model (nicsim list macs)";
      case "soc":
        return "a SoC profile (nicsim list socs), or soc-file: PATH";
      case "traffic":
        return "as on the command line, e.g. \"iperf3 -u -b 0 -l 64 -t 1\"";
      default:
        return key;
    }
  }

  private static String text(String label, String f, JsonNode v) {
    if (v == null || !(v.isTextual() || v.isNumber() || v.isBoolean())) {
      throw bad(label, f, "not text", "a string");
    }
    return v.asText();
  }

  private static void keys(String label, String at, JsonNode n, Set<String> allowed) {
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!allowed.contains(k)) {
        throw bad(label, at == null ? k : at + "." + k, "unknown key",
            String.join(", ", allowed));
      }
    }
  }

  /** Runs a parser or the host build, prefixing its refusal with the file and field. */
  private static <T> T guard(String label, String f, Supplier<T> s) {
    try {
      return s.get();
    } catch (BadInputException e) {
      throw new BadInputException(label + ": " + f + ": " + e.getMessage());
    }
  }

  static BadInputException bad(String label, String field, String problem, String accepted) {
    return bad(label, field, problem + " (accepted: " + accepted + ")");
  }

  static BadInputException bad(String label, String field, String problem) {
    return new BadInputException(label + ": " + (field == null ? "" : field + ": ") + problem);
  }
}
