package io.nicsim.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.Nicsim;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * Every command's argument grammar, read from its picocli model (so an option added tomorrow
 * is fuzzed tomorrow): a command path ({@code run}, {@code trace import}, {@code profile
 * upgrade}, …), a few of its options in any order, each with a value from that option's pool
 * (good values, values that are wrong wherever they appear, and neutral junk), sometimes a
 * stray word. Whatever the list:
 *
 * <ul>
 *   <li>no stack trace, no "internal error", exit 0, 1 (a finding) or 2 (one line);
 *   <li>never exit 0 when a value that is wrong in every context was given (nonsense accepted),
 *       help and version aside;
 *   <li>nothing is left behind: after a refusal (exit 2) the scratch directory (fixtures and
 *       the directory new outputs would go to) is as it was; after a success or a finding
 *       (exit 0 or 1: tune's "no setting meets the limits" still writes its --csv) only the
 *       outputs the list named are new; the working directory never changes.
 * </ul>
 *
 * A command whose defaults are slow (bench, soak) always gets a value that refuses it; the
 * others get short traffic, few points and few runs, so a try takes milliseconds (21 ms on
 * average: 10 000 tries took 210 s on a 2-core machine shared with four other builds). Tries:
 * 10 000 in every build, the whole command grammar's done-when, not the root pom's short
 * {@code jqwik.tries.default}.
 * {@code -Dfuzz.timing=FILE} appends each try's milliseconds, exit status and command line to
 * FILE (which tries are slow, which commands were drawn).
 */
class CommandGrammarFuzzTest {
  static final Path TMP = Fuzz.scratch();
  static final Path NEW = TMP.resolve("new");
  static final CliEnv TEST_ENV = Cli.env(2);
  static final CliEnv STANDARD = CliEnv.standard();
  static final Path CWD = Path.of("").toAbsolutePath();

  /** A value for an option: its text, whether it is wrong in every context, an output path. */
  record Val(String text, boolean bad, boolean output) {
    static Val good(String t) {
      return new Val(t, false, false);
    }

    static Val bad(String t) {
      return new Val(t, true, false);
    }

    static Val out(String t) {
      return new Val(t, false, true);
    }
  }

  // ---- fixtures in the scratch directory ----
  static final Path DIR = TMP.resolve("adir");
  static final Path FIFO = TMP.resolve("fifo");
  static final Path FILE = TMP.resolve("file.txt");
  static final Path PROFILE = TMP.resolve("board.yaml");
  static final Path SCENARIO = TMP.resolve("scenario.yaml");
  static final Path TRACE = TMP.resolve("ping.trace.txt");
  static final Path TREE = TMP.resolve("tree");
  static final Path CUT = TMP.resolve("cut.tar.xz");
  static final Path LOCK = TMP.resolve("lock.json");
  static final Path GARBAGE = TMP.resolve("garbage.bin");
  static final Path STAT_BEFORE = TMP.resolve("stat.before");
  static final Path STAT_AFTER = TMP.resolve("stat.after");
  static final Map<Path, byte[]> FIXTURES = new LinkedHashMap<>();

  static {
    try {
      Files.createDirectories(DIR);
      Files.createDirectories(TREE);
      new ProcessBuilder("mkfifo", FIFO.toString()).start().waitFor();
      FIXTURES.put(FILE, "a file the user keeps\n".getBytes(StandardCharsets.UTF_8));
      FIXTURES.put(PROFILE, ("name: board\ninherits: knobsoc\ntitle: a board\n")
          .getBytes(StandardCharsets.UTF_8));
      FIXTURES.put(SCENARIO, ("name: fuzz-file\ntitle: t\nseeds: [000_x.txt]\nruns:\n"
          + "  - case: a\n    mac: example\n    soc: testsoc\n"
          + "    traffic: \"ping -c 2 -i 0.001\"\n    metrics: [ping_rtt_ms]\n")
          .getBytes(StandardCharsets.UTF_8));
      try (var in = CommandGrammarFuzzTest.class.getResourceAsStream(
          "/fixtures/ping-veth.trace.txt")) {
        FIXTURES.put(TRACE, in == null ? "# tracer: nop\n".getBytes(StandardCharsets.UTF_8)
            : in.readAllBytes());
      }
      FIXTURES.put(TREE.resolve("Makefile"), "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n"
          .getBytes(StandardCharsets.UTF_8));
      FIXTURES.put(CUT, new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4});
      FIXTURES.put(LOCK, "{\"format\": 2, \"ports\": []}\n".getBytes(StandardCharsets.UTF_8));
      FIXTURES.put(GARBAGE, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0xc3, 0x28});
      FIXTURES.put(STAT_BEFORE, ("cpu  10 0 20 300 0 1 2 0 0 0\ncpu0 5 0 10 150 0 1 1 0 0 0\n"
          + "cpu1 5 0 10 150 0 0 1 0 0 0\n").getBytes(StandardCharsets.UTF_8));
      FIXTURES.put(STAT_AFTER, ("cpu  20 0 40 600 0 2 4 0 0 0\ncpu0 10 0 20 300 0 2 2 0 0 0\n"
          + "cpu1 10 0 20 300 0 0 2 0 0 0\n").getBytes(StandardCharsets.UTF_8));
      restore();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Puts every fixture back as it was (a successful try may have rewritten one). */
  static void restore() throws IOException {
    for (Map.Entry<Path, byte[]> f : FIXTURES.entrySet()) {
      if (!Files.isRegularFile(f.getKey(), LinkOption.NOFOLLOW_LINKS)
          || !java.util.Arrays.equals(Files.readAllBytes(f.getKey()), f.getValue())) {
        Files.write(f.getKey(), f.getValue());
      }
    }
  }

  // ---- value pools ----
  static List<Val> goods(String... t) {
    return Stream.of(t).map(Val::good).toList();
  }

  static List<Val> bads(String... t) {
    return Stream.of(t).map(Val::bad).toList();
  }

  @SafeVarargs
  static List<Val> pool(List<Val>... parts) {
    List<Val> all = new ArrayList<>();
    for (List<Val> p : parts) {
      all.addAll(p);
    }
    return all;
  }

  /** New output files (created only on success) and outputs that are refused wherever named. */
  static List<Val> outputs(String... exts) {
    List<Val> v = new ArrayList<>();
    for (String e : exts) {
      v.add(Val.out(NEW.resolve("o" + e).toString()));
      v.add(Val.out(NEW.resolve("d/o2" + e).toString()));
    }
    v.addAll(bads("", DIR.toString(), FIFO.toString(), "/proc/nicsim-fuzz/x", TMP + "/",
        FILE + "/x"));
    return v;
  }

  static final List<Val> TRAFFIC = pool(
      goods("ping -c 2 -i 0.001", "iperf3 -u -b 0 -l 64 -t 2ms", "iperf3 -u -b 10M -l 1400 -t 3ms",
          "iperf3 -C bbr -t 2ms", "ping -c 3 -i 500us -s 1400", "iperf3 -t 2ms -R"),
      bads("tcpdump -i eth0", "ping -c 0", "iperf3 -u -l 70000 -t 1ms", "", "iperf3 -u -b 5Q -t 1ms",
          "ping -c 2 -i 0", "iperf3 -u -t 1e3x"));

  /** Pools by option name; {@link #poolFor} picks a command's own where the name means more. */
  static final Map<String, List<Val>> POOLS = new TreeMap<>();

  static {
    POOLS.put("--mac", pool(goods("example", "knob", "stmmac", "fec", "ideal", "bcmgenet"),
        bads("nosuch", "")));
    POOLS.put("--soc", pool(goods("testsoc", "knobsoc", "cyclone5", "imx8qxp", "ideal"),
        bads("nosuch", "../etc/passwd", "")));
    POOLS.put("--soc-file", pool(goods(PROFILE.toString()), bads(DIR.toString(),
        GARBAGE.toString(), TMP.resolve("none.yaml").toString(), "")));
    POOLS.put("--kernel", pool(goods("v6.1", "v6.12", "v6.7", "v6.17", "v6.18"),
        bads("six", "v1.0", "v99.99", "vX", "")));
    POOLS.put("--kernels", pool(goods("v6.1,v6.12"), bads("vX", "v6.1,six", "")));
    POOLS.put("--patch", pool(goods("+hrtimer-active", "-hrtimer", "+fast-path", "-what-if"),
        bads("+nosuch", "+", "")));
    POOLS.put("-C", pool(goods("tx-usecs 100", "rx-frames 9 tx-frames 9", "tx-frames 1"),
        bads("bogus 1", "tx-usecs", "tx-frames 5ms", "rx-usecs -1", "")));
    POOLS.put("--traffic", TRAFFIC);
    POOLS.put("--path", pool(goods("rtt=1ms", "rate=1gbit,buffer=1bdp", "loss=0.01"),
        bads("rtt=5", "loss=1", "loss=2", "bogus=1", ",,", "peer=-1us")));
    POOLS.put("--seed", pool(goods("1", "7", "0"), bads("x", "1.5", "99999999999999999999")));
    POOLS.put("--duration", pool(goods("1ms", "0.002", "3ms"), bads("0", "-1", "5min", "x",
        "NaN")));
    POOLS.put("--threads", pool(goods("1", "2"), bads("0", "-1", "1025", "x")));
    POOLS.put("--vary", pool(goods("tx-usecs=1,2", "seed=1,2", "tx-frames=1,25"),
        bads("bogus=1", "tx-usecs=", "=1", "patch=+nosuch", "soc=nosuch")));
    POOLS.put("--objective", pool(goods("min ping_rtt_ms", "max pps", "min cpu_pct"),
        bads("sideways pps", "")));
    POOLS.put("--jitter", pool(goods("ranges", "20"), bads("abc", "95", "1e1")));
    POOLS.put("--preempt", pool(goods("kcsan", "20us"), bads("fast", "11ms", "20")));
    POOLS.put("--sysfs", pool(goods("napi_defer_hard_irqs=2", "gro_flush_timeout=20000"),
        bads("threaded=3", "napi_defer_hard_irqs", "gro_flush_timeout=-1")));
    POOLS.put("--napi-set", pool(goods("defer-hard-irqs=1"), bads("bogus=1", "id=99 x=1")));
    POOLS.put("--bql-limit-max", pool(goods("max", "30000"), bads("lots", "-5")));
    POOLS.put("--fault", pool(goods("tx-hang at=1ms", "tx-hang at=1ms,for=1ms"),
        bads("tx-hang", "tx-hang at=x", "tx-stall at=1ms", "tx-hang at=1ms,queue=99")));
    POOLS.put("--module-param", pool(goods("stmmac.watchdog=100"),
        bads("watchdog=1", "stmmac.watchdog=x", "fec.nosuch=1")));
    POOLS.put("--uncertainty", pool(goods("2"), bads("1", "0", "x", "10001")));
    // a good REF would make bench measure for minutes: only refusals
    POOLS.put("--compare", bads(DIR.toString(), FILE.toString(), TMP.resolve("none").toString(),
        ""));
    POOLS.put("--stat-before", pool(goods(STAT_BEFORE.toString()), bads(DIR.toString(),
        GARBAGE.toString(), TMP.resolve("none").toString(), "")));
    POOLS.put("--stat-after", pool(goods(STAT_AFTER.toString()), bads(DIR.toString(),
        FILE.toString(), TMP.resolve("none").toString(), "")));
    POOLS.put("--runs", pool(goods("1", "2"), bads("0", "x", "-3")));
    POOLS.put("--rounds", pool(goods("0", "1"), bads("11", "-1", "x")));
    POOLS.put("--tracing-cost", pool(goods("0", "90.7"), bads("-1", "10001", "NaN", "x")));
    POOLS.put("--engine", pool(goods("local"), bads("nosuch", "")));
    POOLS.put("--master", goods("local[2]", "local[*]", "local[0]", "x"));
    POOLS.put("--metric", goods("pps", "cpu_pct", "nosuch"));
    POOLS.put("--plot", outputs(".png", ".svg"));
    POOLS.put("--pcap", outputs(".pcap"));
    POOLS.put("--trace-format", pool(goods("ftrace", "ftrace-ns", "json"), bads("xml", "")));
    POOLS.put("--sample", goods("0", "1", "x"));
    POOLS.put("--minutes", bads("0", "-1", "1441", "x"));
    POOLS.put("--max-growth", goods("8", "-1", "x"));
    POOLS.put("--flow", goods("udp", "bbr", "tcp"));
    POOLS.put("--file", pool(goods(SCENARIO.toString()), bads(DIR.toString(),
        GARBAGE.toString(), TMP.resolve("none.yaml").toString(), "")));
    POOLS.put("--plot-dir", pool(List.of(Val.out(NEW.resolve("plots").toString())),
        bads(FILE.toString(), FIFO.toString(), "")));
    POOLS.put("--kernel-tree", pool(goods(TREE.toString()), bads(DIR.toString(),
        CUT.toString(), GARBAGE.toString(), TMP.resolve("none").toString(), "")));
    POOLS.put("--against", pool(goods(TREE.toString()), bads(CUT.toString(),
        TMP.resolve("none").toString())));
    POOLS.put("--lock", pool(List.of(Val.out(LOCK.toString()),
        Val.out(NEW.resolve("lock.json").toString())), bads(GARBAGE.toString(),
        DIR.toString())));
    POOLS.put("--inputs", pool(goods("1", "5"), bads("0", "x", "-1")));
    POOLS.put("--package", goods("io.nicsim.nosuch", "io.nicsim.fec"));
    POOLS.put("--class", goods("io.nicsim.nosuch.X", "java.lang.String"));
    POOLS.put("--keep-programs", List.of(Val.out(NEW.resolve("progs").toString())));
    POOLS.put("--map", goods("end0=eth0", "x", "a=b=c"));
    POOLS.put("--clock-hz", pool(goods("1000000"), bads("0", "-1", "x")));
    POOLS.put("--from", pool(goods("0", "0.001"), bads("-1", "x")));
    POOLS.put("--to", pool(goods("1", "0.5"), bads("x")));
    POOLS.put("--board-kernel", goods("6.12.0", "x"));
    POOLS.put("--name", goods("myboard", "../x", ""));
    POOLS.put("--kernel-version", goods("v6.1"));
    POOLS.put("-o", outputs(".yaml"));
  }

  /** The pool of one option of one command ({@code --trace} is an input to trace's commands). */
  static List<Val> poolFor(String command, OptionSpec o) {
    String name = o.longestName();
    String shortest = o.shortestName();
    boolean traceCmd = command.startsWith("trace ");
    switch (name) {
      case "--trace":
        return traceCmd ? pool(goods(TRACE.toString()), bads(DIR.toString(),
            GARBAGE.toString(), TMP.resolve("none.txt").toString(), ""))
            : outputs(".txt");
      case "--out":
        return command.equals("trace calibrate") ? outputs(".yaml")
            : command.equals("trace import") ? outputs(".txt")
            : List.of(Val.out(NEW.resolve("parquet").toString()));
      case "--csv":
        return command.equals("reproduce")
            ? pool(List.of(Val.out(NEW.resolve("csvdir").toString())), bads(FILE.toString(),
                ""))
            : outputs(".csv");
      case "--uncertainty":
        // reproduce's samples run every scenario again: seconds a try
        return command.equals("reproduce") ? bads("1", "0", "x", "10001")
            : POOLS.get("--uncertainty");
      case "--coalesce":
        return POOLS.get("-C");
      case "--output":
        return POOLS.get("-o");
      default:
        break;
    }
    List<Val> p = POOLS.get(name);
    if (p == null) {
      p = POOLS.get(shortest);
    }
    if (p != null) {
      return p;
    }
    // an option no pool knows yet: neutral values by its type
    Class<?> t = o.type();
    if (t == int.class || t == Integer.class || t == long.class || t == Long.class
        || t == double.class || t == Double.class) {
      return goods("1", "0", "-1", "x");
    }
    if (t == Path.class) {
      return outputs(".out");
    }
    return goods("x", "", "1");
  }

  /** The positional parameters of a command path, as pools. */
  static List<List<Val>> positionals(String command) {
    switch (command) {
      case "list":
        return List.of(pool(goods("socs", "macs", "patches", "scenarios"), bads("nosuch",
            "")));
      case "reproduce":
        return List.of(pool(goods("demo-example"), bads("nosuch")));
      case "bench":
        return List.of(bads("nosuch", "everything", ""));
      case "profile upgrade":
        return List.of(pool(goods(PROFILE.toString()), bads(DIR.toString(),
            GARBAGE.toString(), TMP.resolve("none.yaml").toString(), "")));
      case "help":
        return List.of(goods("run", "sweep", "nosuch"));
      default:
        return List.of();
    }
  }

  /**
   * The words every list of a command starts with: what makes it quick (short traffic, few
   * runs) or, for a command whose defaults are slow, refused. Every command path has an entry:
   * a new command must say here how it is kept short ({@link #everyCommandHasAGrammar}).
   */
  static final Map<String, List<List<Val>>> BASE = new TreeMap<>();

  static {
    List<Val> mac = POOLS.get("--mac");
    List<Val> soc = POOLS.get("--soc");
    BASE.put("help", List.of());
    BASE.put("run", List.of(opt("--mac", mac), opt("--soc", soc), opt("--traffic", TRAFFIC)));
    BASE.put("ethtool", List.of(opt("--mac", mac), opt("--soc", soc),
        List.of(Val.good("-c"))));
    BASE.put("sysfs", List.of(opt("--mac", mac), opt("--soc", soc)));
    BASE.put("sweep", List.of(opt("--mac", mac), opt("--soc", soc), opt("--traffic", TRAFFIC),
        opt("--vary", POOLS.get("--vary"))));
    BASE.put("tune", List.of(opt("--mac", mac), opt("--soc", soc), opt("--traffic", TRAFFIC),
        opt("--vary", POOLS.get("--vary")), opt("--objective", POOLS.get("--objective"))));
    BASE.put("explore", List.of(opt("--mac", mac), opt("--soc", soc),
        opt("--traffic", TRAFFIC), opt("--runs", POOLS.get("--runs"))));
    BASE.put("trace", List.of());
    BASE.put("trace import", List.of(opt("--trace", poolFor("trace import",
        traceOption()))));
    BASE.put("trace compare", List.of(opt("--trace", poolFor("trace compare",
        traceOption())), opt("--mac", mac), opt("--soc", soc), opt("--traffic", TRAFFIC)));
    BASE.put("trace calibrate", List.of(opt("--trace", poolFor("trace calibrate",
        traceOption())), opt("--mac", mac), opt("--soc", soc), opt("--traffic", TRAFFIC),
        opt("--out", outputs(".yaml")), opt("--rounds", POOLS.get("--rounds"))));
    BASE.put("list", List.of());
    BASE.put("reproduce", List.of());
    BASE.put("port-check", List.of(opt("--lock", POOLS.get("--lock")),
        opt("--kernel-tree", POOLS.get("--kernel-tree"))));
    BASE.put("profile", List.of());
    BASE.put("profile upgrade", List.of());
    BASE.put("bench", List.of());
    // a patch run compiles the tree's C: without its FILE every try stays in the option checks
    BASE.put("patch", List.of(opt("--mac", mac), opt("--soc", soc), opt("--traffic", TRAFFIC)));
    BASE.put("soak", List.of(opt("--minutes", POOLS.get("--minutes"))));
    // a real validate sets up namespaces and runs iperf3 for minutes: --list keeps every try
    // to the option checks and the case list
    BASE.put("validate", List.of(List.of(Val.good("--list"))));
  }

  /**
   * Commands whose base is never cut short: without it bench measures every figure and soak
   * runs ten simulated minutes, explore runs 200 times, calibrate three rounds, port-check
   * would read (and with --update write) the repository's own lock, and validate would run the
   * host's kernel.
   */
  static final Set<String> KEEP_BASE = Set.of("bench", "soak", "explore", "trace calibrate",
      "port-check", "validate");

  /** Options never drawn at random: they would make a try slow (gcc), or are covered above. */
  static final Set<String> NOT_DRAWN = Set.of("--execute", "--update-verified", "--jmh", "--ports",
      "--minutes");

  static OptionSpec traceOption() {
    return OptionSpec.builder("--trace").type(Path.class).build();
  }

  /** One option with its value, as a choice of two-word (or one-word) items. */
  static List<Val> opt(String name, List<Val> values) {
    List<Val> items = new ArrayList<>();
    for (Val v : values) {
      items.add(new Val(name + "\0" + v.text(), v.bad(), v.output()));
    }
    return items;
  }

  /** Every command path, from the command line's own model. */
  static Map<String, CommandSpec> commands() {
    Map<String, CommandSpec> out = new TreeMap<>();
    collect(Nicsim.commandLine(), "", out);
    return out;
  }

  private static void collect(CommandLine cli, String prefix, Map<String, CommandSpec> out) {
    for (Map.Entry<String, CommandLine> e : cli.getSubcommands().entrySet()) {
      String path = prefix.isEmpty() ? e.getKey() : prefix + " " + e.getKey();
      out.put(path, e.getValue().getCommandSpec());
      collect(e.getValue(), path, out);
    }
  }

  static final Map<String, CommandSpec> COMMANDS = commands();

  /** A jqwik example, not a Jupiter test: one engine per class keeps surefire's report whole. */
  @net.jqwik.api.Example
  void everyCommandHasAGrammar() {
    assertThat(BASE.keySet()).as("a BASE entry per command path (how its tries stay short)")
        .containsExactlyInAnyOrderElementsOf(COMMANDS.keySet());
  }

  /** One try: the command, its words, which were bad, which name outputs. */
  record Try(String command, List<String> args, boolean anyBad, Set<Path> outputs) {
    @Override
    public String toString() {
      return String.join(" ", args.stream().map(a -> a.isEmpty() || a.contains(" ")
          ? "'" + a + "'" : a).toList());
    }
  }

  static Try assemble(String command, List<Val> items) {
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    boolean bad = false;
    Set<Path> outs = new HashSet<>();
    for (Val v : items) {
      String[] words = v.text().split("\0", -1);
      args.addAll(List.of(words));
      bad |= v.bad();
      if (v.output()) {
        outs.add(Path.of(words[words.length - 1]));
      }
    }
    return new Try(command, args, bad, outs);
  }

  @Provide
  Arbitrary<Try> tries() {
    List<Arbitrary<Try>> perCommand = new ArrayList<>();
    for (Map.Entry<String, CommandSpec> c : COMMANDS.entrySet()) {
      String name = c.getKey();
      List<Arbitrary<Val>> drawn = new ArrayList<>();
      for (OptionSpec o : c.getValue().options()) {
        if (NOT_DRAWN.contains(o.longestName())) {
          continue;
        }
        if (o.arity().max() == 0) {
          drawn.add(Arbitraries.just(Val.good(o.shortestName())));
        } else {
          drawn.add(Arbitraries.of(opt(pickName(o), poolFor(name, o))));
        }
      }
      for (List<Val> p : positionals(name)) {
        drawn.add(Arbitraries.of(p));
      }
      Arbitrary<Val> stray = Arbitraries.strings().withChars("abxz-=_,.:/' µ%").ofMaxLength(8)
          .map(Val::good);
      Arbitrary<Val> any = drawn.isEmpty() ? stray : Arbitraries.frequencyOf(
          Tuple.of(12, Arbitraries.oneOf(drawn)), Tuple.of(1, stray));
      List<Arbitrary<Val>> base = new ArrayList<>();
      for (List<Val> b : BASE.get(name)) {
        base.add(Arbitraries.of(b));
      }
      for (List<Val> p : positionals(name)) {
        base.add(Arbitraries.of(p));
      }
      Arbitrary<List<Val>> head = base.isEmpty() ? Arbitraries.just(List.of())
          : Combinators.combine(base).as(ArrayList::new);
      Arbitrary<List<Val>> tail = any.list().ofMaxSize(5);
      // mostly the whole base (the list gets past picocli), sometimes only part of it
      Arbitrary<Boolean> keepAll = KEEP_BASE.contains(name) ? Arbitraries.just(true)
          : Arbitraries.of(true, true, true, true, false);
      perCommand.add(Combinators.combine(head, tail, keepAll, Arbitraries.integers()
          .between(0, 1000)).as((h, t, all, cut) -> {
            List<Val> items = new ArrayList<>(h);
            if (!all && !items.isEmpty()) {
              items.remove(cut % items.size());
            }
            items.addAll(t);
            return assemble(name, items);
          }));
    }
    return Arbitraries.oneOf(perCommand);
  }

  static String pickName(OptionSpec o) {
    return o.names()[0];
  }

  /** What the scratch directory and the working directory hold (paths, recursively). */
  static Set<String> snapshot() throws IOException {
    Set<String> s = new TreeSet<>();
    try (Stream<Path> w = Files.walk(TMP)) {
      w.forEach(p -> s.add(p.toString()));
    }
    try (Stream<Path> w = Files.list(CWD)) {
      w.forEach(p -> s.add(p.toString()));
    }
    return s;
  }

  @Property(tries = 10_000)
  void everyCommandsGrammarGetsACleanAnswerAndLeavesNothing(@ForAll("tries") Try t,
      @ForAll boolean standard) throws Exception {
    restore();
    deleteTree(NEW);
    Set<String> before = snapshot();
    // reproduce and the port ports of the standard set are minutes: the test set's demo only
    CliEnv env = standard && !t.command().equals("reproduce") ? STANDARD : TEST_ENV;
    long t0 = System.nanoTime();
    Cli.Result r = Cli.run(env, t.args().toArray(new String[0]));
    if (System.getProperty("fuzz.timing") != null) {
      Files.writeString(Path.of(System.getProperty("fuzz.timing")), (System.nanoTime() - t0)
          / 1_000_000 + " " + r.exit() + " " + t + "\n", java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    }
    Statistics.label("command").collect(t.command());
    Statistics.label("exit").collect(r.exit());
    Fuzz.clean(r);
    boolean help = t.args().stream().anyMatch(a -> a.equals("-h") || a.equals("--help")
        || a.equals("-V") || a.equals("--version")) || t.command().equals("help");
    if (t.anyBad() && !help) {
      assertThat(r.exit()).as("a wrong value was accepted: " + t + "\n" + r.out() + r.err())
          .isNotZero();
    }
    Set<String> after = snapshot();
    Set<String> added = new TreeSet<>(after);
    added.removeAll(before);
    Set<String> removed = new TreeSet<>(before);
    removed.removeAll(after);
    assertThat(removed).as("removed by " + t).isEmpty();
    if (r.exit() == 2) {
      assertThat(added).as("left behind by a failed " + t + ": " + r.err()).isEmpty();
    } else {
      for (String a : added) {
        Path p = Path.of(a);
        assertThat(t.outputs().stream().anyMatch(o -> p.startsWith(o) || o.startsWith(p)))
            .as(a + " written by " + t + ", which named no such output").isTrue();
      }
    }
    assertThat(Files.exists(FIFO, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(FIFO))
        .as("the FIFO is still a FIFO").isTrue();
    assertThat(Files.isDirectory(DIR)).isTrue();
  }

  static void deleteTree(Path d) throws IOException {
    if (!Files.exists(d, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> w = Files.walk(d)) {
      for (Path p : (Iterable<Path>) w.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
