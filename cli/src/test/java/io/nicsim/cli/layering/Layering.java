package io.nicsim.cli.layering;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.nicsim.core.host.MacModelProvider;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The arrows between nicsim's modules and packages, as rules over compiled classes (the root
 * README's module table, drawn as layers). Every module may use those below it and nothing
 * above; drivers, tcp-model and port-check use nothing beside them; and no two packages anywhere
 * reach each other, directly or round a circle.
 */
final class Layering {
  private Layering() {}

  private static DescribedPredicate<JavaClass> in(String description, String... packages) {
    return DescribedPredicate.describe(description, c -> {
      for (String p : packages) {
        if (c.getPackageName().equals(p) || c.getPackageName().startsWith(p + ".")) {
          return true;
        }
      }
      return false;
    });
  }

  /**
   * The classes compiled in {@code module}, wherever they were imported from (its
   * target/classes or its jar): for a module that shares its packages with core, as inloop's
   * bridges share io.nicsim.core.host.
   */
  private static DescribedPredicate<JavaClass> compiledIn(String module) {
    return DescribedPredicate.describe(module, c -> c.getSource()
        .map(s -> s.getUri().toString())
        .map(u -> u.contains("/" + module + "/target/") || u.contains("/nicsim-" + module + "-"))
        .orElse(false));
  }

  /**
   * Core's packages: io.nicsim.core.* but the annotations artifact's io.nicsim.core.port and
   * the port-exec artifact's harness SPI io.nicsim.core.port.exec, the engine module's io.nicsim.core.sim, trace,
   * metrics, cpu and era, the kernel module's io.nicsim.core.kernel, the dim module's io.nicsim.core.dim, the
   * profiles module's io.nicsim.core.soc and io.nicsim.core.config, the traffic module's
   * io.nicsim.core.apps, the classes the inloop module compiles into io.nicsim.core.host and
   * those the audit module compiles into io.nicsim.core.check.
   */
  private static DescribedPredicate<JavaClass> core() {
    return DescribedPredicate.describe("core", c -> {
      String p = c.getPackageName();
      return (p.equals("io.nicsim.core") || p.startsWith("io.nicsim.core."))
          && !compiledIn("inloop").test(c) && !compiledIn("audit").test(c)
          && !p.equals("io.nicsim.core.port") && !p.startsWith("io.nicsim.core.port.")
          && !p.equals("io.nicsim.core.dim")
          && !p.equals("io.nicsim.core.soc") && !p.equals("io.nicsim.core.config")
          && !p.equals("io.nicsim.core.apps")
          && !ENGINE_PACKAGES.contains(p) && !p.equals("io.nicsim.core.kernel");
    });
  }

  /** The boardtrace-import module's packages: a trace read into events and spans. */
  private static final List<String> BOARDTRACE_IMPORT = List.of("io.nicsim.boardtrace.event",
      "io.nicsim.boardtrace.parse", "io.nicsim.boardtrace.spans");

  /** The engine module's packages: event loop, CPUs and costs, eras, tracing, metrics. */
  private static final List<String> ENGINE_PACKAGES = List.of("io.nicsim.core.sim",
      "io.nicsim.core.trace", "io.nicsim.core.metrics", "io.nicsim.core.cpu", "io.nicsim.core.era");

  /**
   * tcp-model's packages: io.nicsim.tcp.* but tcp-stack's io.nicsim.tcp.stack and the classes
   * the tcp-lib module (the kernel helpers below the socket), the tcp-cc module (CUBIC, BBR) and
   * the tcp-inloop module (--ports c bridges) compile into io.nicsim.tcp.
   */
  private static DescribedPredicate<JavaClass> tcpModel() {
    return DescribedPredicate.describe("tcp-model", c -> {
      String p = c.getPackageName();
      return (p.equals("io.nicsim.tcp") || p.startsWith("io.nicsim.tcp."))
          && !p.equals("io.nicsim.tcp.stack") && !p.startsWith("io.nicsim.tcp.stack.")
          && !compiledIn("tcp-lib").test(c) && !compiledIn("tcp-cc").test(c)
          && !compiledIn("tcp-inloop").test(c);
    });
  }

  /**
   * The driver modules: the package of every MAC model provider on the class path (what the
   * nicsim command finds with ServiceLoader), so a new driver is a layer without an edit here.
   */
  static final List<String> DRIVERS = drivers();

  private static List<String> drivers() {
    TreeSet<String> packages = new TreeSet<>();
    ServiceLoader.load(MacModelProvider.class, Layering.class.getClassLoader()).stream()
        .forEach(p -> packages.add(p.type().getPackageName()));
    return List.copyOf(packages);
  }

  /**
   * Modules a driver is carved into along the kernel's own seams, sharing its package: stmmac's
   * hardware variants behind hwif (below the driver), and stmmac's and fec's --ports c bridges
   * (each above its driver).
   */
  private static final String STMMAC_HW = "stmmac-hw";
  private static final String STMMAC_INLOOP = "stmmac-inloop";
  private static final String FEC_INLOOP = "fec-inloop";
  private static final List<String> DRIVER_INLOOPS = List.of(STMMAC_INLOOP, FEC_INLOOP);

  /** The drivers' layers and their bridges' above them. */
  private static final List<String> DRIVER_LAYERS = joined(DRIVERS, DRIVER_INLOOPS);

  private static List<String> joined(List<String> drivers, List<String> inloops) {
    List<String> all = new ArrayList<>(drivers);
    all.addAll(inloops);
    return List.copyOf(all);
  }

  /**
   * The host kit: the test host builder and the example MAC, below runs so runs' own tests can
   * use a MAC.
   */
  static final DescribedPredicate<JavaClass> HOSTKIT = in("hostkit", "io.nicsim.hostkit");

  /** The module of the --ports c equivalence check, above runs and in its package. */
  private static final String EQUIVALENCE = "equivalence";

  /** The conformance kit, above runs. */
  static final DescribedPredicate<JavaClass> TESTKIT = in("testkit", "io.nicsim.testkit");

  /** A driver's layer: its package, less the modules carved out of it. */
  private static DescribedPredicate<JavaClass> driver(String d) {
    return DescribedPredicate.describe(d, c -> in(d, d).test(c)
        && !compiledIn(STMMAC_HW).test(c) && !compiledIn(STMMAC_INLOOP).test(c)
        && !compiledIn(FEC_INLOOP).test(c));
  }

  private static String[] with(List<String> first, String... rest) {
    List<String> all = new ArrayList<>(first);
    all.addAll(List.of(rest));
    return all.toArray(new String[0]);
  }

  /** One module per layer, each reaching only downwards. */
  static final ArchRule MODULES = modules();

  private static ArchRule modules() {
    LayeredArchitecture a = layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("annotations").definedBy(DescribedPredicate.describe("annotations",
            c -> c.getPackageName().equals("io.nicsim.core.port")))
        // the SPI of executed checks and of the C in the loop: harnesses, port-check and the
        // bridges share it; it uses nothing of nicsim's
        .layer("port-exec").definedBy(in("port-exec", "io.nicsim.core.port.exec"))
        .layer("portcount").definedBy(in("portcount", "io.nicsim.portcount"))
        .layer("profiles").definedBy(in("profiles", "io.nicsim.core.soc", "io.nicsim.core.config"))
        .layer("engine").definedBy(in("engine", ENGINE_PACKAGES.toArray(new String[0])))
        .layer("kernel").definedBy(in("kernel", "io.nicsim.core.kernel"))
        .layer("core").definedBy(core())
        .layer("inloop").definedBy(compiledIn("inloop"))
        .layer("audit").definedBy(compiledIn("audit"))
        .layer("dim").definedBy(in("dim", "io.nicsim.core.dim"))
        .layer("traffic").definedBy(in("traffic", "io.nicsim.core.apps"))
        .layer("hostkit").definedBy(HOSTKIT)
        .layer(STMMAC_HW).definedBy(compiledIn(STMMAC_HW));
    for (String d : DRIVERS) {
      a = a.layer(d).definedBy(driver(d));
    }
    for (String m : DRIVER_INLOOPS) {
      a = a.layer(m).definedBy(compiledIn(m));
    }
    a = a.layer("tcp-lib").definedBy(compiledIn("tcp-lib"))
        .layer("tcp-model").definedBy(tcpModel())
        .layer("tcp-inloop").definedBy(compiledIn("tcp-inloop"))
        .layer("tcp-cc").definedBy(compiledIn("tcp-cc"))
        .layer("tcp-stack").definedBy(in("tcp-stack", "io.nicsim.tcp.stack"))
        .layer("portcheck-c").definedBy(compiledIn("portcheck-c"))
        .layer("portcheck-inputs").definedBy(compiledIn("portcheck-inputs"))
        .layer("portcheck").definedBy(DescribedPredicate.describe("portcheck",
            c -> in("", "io.nicsim.portcheck").test(c) && !compiledIn("portcheck-c").test(c)
                && !compiledIn("portcheck-inputs").test(c)
                && !compiledIn("portcheck-inloop").test(c)))
        .layer("portcheck-inloop").definedBy(compiledIn("portcheck-inloop"))
        .layer("formats").definedBy(in("formats", "io.nicsim.formats"))
        .layer("runs").definedBy(DescribedPredicate.describe("runs",
            c -> in("", "io.nicsim.runs").test(c) && !compiledIn(EQUIVALENCE).test(c)))
        .layer(EQUIVALENCE).definedBy(compiledIn(EQUIVALENCE))
        .layer("testkit").definedBy(TESTKIT)
        .layer("studies").definedBy(in("studies", "io.nicsim.studies"))
        .layer("scenarios").definedBy(in("scenarios", "io.nicsim.scenarios"))
        .layer("boardtrace-import").definedBy(in("boardtrace-import",
            BOARDTRACE_IMPORT.toArray(new String[0])))
        .layer("boardtrace").definedBy(DescribedPredicate.describe("boardtrace",
            c -> in("", "io.nicsim.boardtrace").test(c)
                && !in("", BOARDTRACE_IMPORT.toArray(new String[0])).test(c)))
        // the benchmarks: their figures run the model (and nicsim commands, as child JVMs);
        // the nicsim command's bench subcommand prints them
        .layer("bench").definedBy(in("bench", "io.nicsim.bench"))
        .layer("cli").definedBy(in("cli", "io.nicsim.cli"))
        .whereLayer("cli").mayNotBeAccessedByAnyLayer()
        .whereLayer("bench").mayOnlyBeAccessedByLayers("cli")
        // the port-entry counter (a Java agent): bench java-left attaches it; no model names it
        .whereLayer("portcount").mayOnlyBeAccessedByLayers("bench", "cli")
        // the conformance kit is for tests: no main class uses it
        .whereLayer("testkit").mayNotBeAccessedByAnyLayer()
        // the host kit too, but for the conformance suites built on it; it reaches nothing of
        // runs or above (runs' tests use it: runs -> hostkit(test), never hostkit -> runs)
        .whereLayer("hostkit").mayOnlyBeAccessedByLayers("testkit")
        .whereLayer("scenarios").mayOnlyBeAccessedByLayers("bench", "cli")
        .whereLayer("boardtrace").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("boardtrace-import").mayOnlyBeAccessedByLayers("boardtrace", "cli")
        .whereLayer("studies").mayOnlyBeAccessedByLayers("scenarios", "bench", "cli")
        .whereLayer("runs").mayOnlyBeAccessedByLayers(EQUIVALENCE, "testkit", "studies",
            "scenarios", "boardtrace", "bench", "cli")
        // the --ports c check of a run against the same run on a tree's C, a client of runs
        // (package io.nicsim.runs): reproduce --ports c (scenarios' PortsCCheck) and the
        // commands use it; no run does
        .whereLayer(EQUIVALENCE).mayOnlyBeAccessedByLayers("scenarios", "bench", "cli")
        .whereLayer("formats").mayOnlyBeAccessedByLayers("runs", "testkit", "studies",
            "scenarios", "boardtrace", "bench", "cli")
        .whereLayer("portcheck").mayOnlyBeAccessedByLayers("portcheck-inloop", "cli")
        // --ports c's compiler (KernelCCompiler) is found through ServiceLoader: nothing names it
        .whereLayer("portcheck-inloop").mayNotBeAccessedByAnyLayer()
        // port-check in three: a tree's C read, the inputs read from it, then execution,
        // the lock, reports and the command (one package, io.nicsim.portcheck)
        .whereLayer("portcheck-inputs").mayOnlyBeAccessedByLayers("portcheck", "portcheck-inloop",
            "cli")
        .whereLayer("portcheck-c").mayOnlyBeAccessedByLayers("portcheck-inputs", "portcheck",
            "portcheck-inloop",
            "cli");
    // MAC models are found at run time: nothing names a driver's classes but its bridges
    for (String d : DRIVERS) {
      a = switch (d) {
        case "io.nicsim.stmmac" -> a.whereLayer(d).mayOnlyBeAccessedByLayers(STMMAC_INLOOP);
        case "io.nicsim.fec" -> a.whereLayer(d).mayOnlyBeAccessedByLayers(FEC_INLOOP);
        default -> a.whereLayer(d).mayNotBeAccessedByAnyLayer();
      };
    }
    // stmmac's hardware (dwmac1000, GMAC4, XGMAC behind hwif) is the driver's alone, and the
    // drivers' --ports c bridges are found through ServiceLoader: nothing names them
    a = a.whereLayer(STMMAC_HW).mayOnlyBeAccessedByLayers("io.nicsim.stmmac", STMMAC_INLOOP);
    for (String m : DRIVER_INLOOPS) {
      a = a.whereLayer(m).mayNotBeAccessedByAnyLayer();
    }
    // congestion modules too (CongestionControls, ServiceLoader): nothing names CUBIC or BBR
    a = a.whereLayer("tcp-cc").mayNotBeAccessedByAnyLayer();
    // --ports c: the bridge SPI the drivers', lib/dim's and TCP's bridges implement, and the
    // record of a host's C that runs and the command report; the model never names it (a host
    // finds its installer through ServiceLoader)
    a = a.whereLayer("inloop").mayOnlyBeAccessedByLayers(with(DRIVER_LAYERS, "dim",
        "tcp-model", "tcp-inloop",
        "tcp-cc", "tcp-stack", "formats", "runs", EQUIVALENCE, "testkit", "studies", "scenarios",
        "boardtrace", "bench", "cli"));
    // the periodic audit and liveness watch: runs attach them, and what stands on runs reads
    // their findings; MAC models only answer them (core's TxLiveness)
    a = a.whereLayer("audit").mayOnlyBeAccessedByLayers("hostkit", "runs", "testkit", "studies",
        "scenarios", "boardtrace", "bench", "cli");
    // lib/dim is the drivers' (adaptive moderation), above core
    a = a.whereLayer("dim").mayOnlyBeAccessedByLayers(with(DRIVER_LAYERS));
    // SoC profiles are read by everything that builds or describes a host; they use nothing
    // of nicsim's (the bad-input error is theirs)
    a = a.whereLayer("profiles").mayOnlyBeAccessedByLayers(with(DRIVER_LAYERS, STMMAC_HW,
        "tcp-inloop", "engine", "kernel",
        "core", "dim",
        "traffic", "hostkit", "tcp-model", "tcp-cc", "tcp-stack", "portcheck", "formats", "runs",
        "testkit", "studies", "scenarios", "boardtrace-import", "boardtrace", "bench", "cli"));
    // the ping and UDP applications drive a host; runs and what stands on them start them
    a = a.whereLayer("traffic").mayOnlyBeAccessedByLayers("hostkit", "formats", "runs", "testkit",
        "studies", "scenarios", "boardtrace", "bench", "cli");
    return a.whereLayer("tcp-stack").mayOnlyBeAccessedByLayers(
            "formats", "runs", "testkit", "studies", "scenarios", "boardtrace", "bench", "cli")
        // tcp-model's --ports c bridges, above it: the congestion modules' bridges use its
        // SPI, and a host's TCP hooks each new connection through it
        .whereLayer("tcp-inloop").mayOnlyBeAccessedByLayers("tcp-cc", "tcp-stack")
        .whereLayer("tcp-model").mayOnlyBeAccessedByLayers("tcp-inloop", "tcp-cc", "tcp-stack",
            "formats", "runs", "testkit", "studies", "scenarios", "boardtrace", "bench", "cli")
        // the kernel helpers below the socket (win_minmax, jiffies, seq, skb truesize): TCP,
        // its bridges and congestion modules, and what reads a connection's figures use them
        .whereLayer("tcp-lib").mayOnlyBeAccessedByLayers("tcp-model", "tcp-inloop", "tcp-cc",
            "tcp-stack", "formats", "runs", "testkit", "studies", "scenarios", "boardtrace",
            "bench", "cli")
        .whereLayer("core").mayOnlyBeAccessedByLayers(with(DRIVER_LAYERS, STMMAC_HW,
            "tcp-inloop", "inloop", "audit", "dim",
            "traffic", "hostkit", "tcp-model", "tcp-cc", "tcp-stack", "formats", "runs", "testkit", "studies",
            "scenarios", "boardtrace", "bench", "cli"))
        // the kernel's primitives below core's net and NIC blocks, the engine below them
        .whereLayer("kernel").mayOnlyBeAccessedByLayers(with(DRIVER_LAYERS, STMMAC_HW,
            "tcp-inloop", "core", "inloop",
            "audit", "dim", "traffic", "hostkit", "tcp-model", "tcp-cc", "tcp-stack", "formats",
            "runs", "testkit", "studies", "scenarios", "boardtrace", "bench", "cli"))
        .whereLayer("engine").mayOnlyBeAccessedByLayers(with(DRIVER_LAYERS, STMMAC_HW,
            "tcp-inloop", "kernel", "core",
            "inloop", "audit", "dim", "traffic", "hostkit", "tcp-model", "tcp-cc", "tcp-stack",
            "formats", "runs", "testkit", "studies", "scenarios", "boardtrace", "bench", "cli"))
        .as("nicsim's modules reach only the modules below them");
  }

  /**
   * The classes of every module's kernel-function harness source set ({@code src/harness/java}:
   * providers, records and rigs), read from the source tree beside this module, so a module
   * that gives its harnesses a source set is covered without an edit here.
   */
  static final Set<String> HARNESS_CLASSES = harnessClasses(Path.of(".."));

  static Set<String> harnessClasses(Path root) {
    Set<String> names = new TreeSet<>();
    try (DirectoryStream<Path> modules = Files.newDirectoryStream(root)) {
      for (Path m : modules) {
        Path sources = m.resolve("src/harness/java");
        if (!Files.isDirectory(sources)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(sources)) {
          files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
            String rel = sources.relativize(f).toString();
            names.add(rel.substring(0, rel.length() - ".java".length())
                .replace(File.separatorChar, '.'));
          });
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Set.copyOf(names);
  }

  private static DescribedPredicate<JavaClass> harness() {
    return DescribedPredicate.describe("a harness source set (src/harness)", c -> {
      String n = c.getName();
      int nested = n.indexOf('$');
      return HARNESS_CLASSES.contains(nested < 0 ? n : n.substring(0, nested));
    });
  }

  /** A harness provider where its module keeps it in src/main (bcmgenet, ravb, dim today). */
  private static DescribedPredicate<JavaClass> harnessProvider() {
    return DescribedPredicate.describe("a harness provider",
        c -> c.getName().matches(".*Harnesses(\\$.*)?"));
  }

  /**
   * The --ports c bridges: what calls a tree's C in a live run fills the record its function's
   * harness laid out, so it is the one reader of a harness source set (NAPI's NapiNative,
   * stmmac's TX capture and replay, the congestion modules' natives, the drivers' bridges).
   */
  private static DescribedPredicate<JavaClass> bridge() {
    return DescribedPredicate.describe("a --ports c bridge", c -> {
      String n = c.getName();
      String top = n.contains("$") ? n.substring(0, n.indexOf('$')) : n;
      String simple = top.substring(top.lastIndexOf('.') + 1);
      return simple.endsWith("Native") || simple.endsWith("Bridge") || simple.endsWith("Bridges")
          || simple.equals("TxCapture") || simple.equals("TxReplay");
    });
  }

  /**
   * A module's model (src/main) does not reach into its harness source set: only port-check
   * runs the harnesses, and the --ports c bridges fill their records.
   */
  static final ArchRule HARNESSES = noClasses()
      .that(DescribedPredicate.describe("a model class (src/main, not a --ports c bridge)",
          c -> c.getName().startsWith("io.nicsim.") && !harness().test(c)
              && !harnessProvider().test(c) && !bridge().test(c)))
      .should().dependOnClassesThat(harness())
      .as("no module's model uses its harness source set");

  /**
   * Output is formats' job, pictures included: the charting library (JFreeChart, JFreeSVG) is
   * imported by formats alone; studies, scenarios and boardtrace hand formats' {@code Plots}
   * their data and get an opaque {@code Chart} back.
   */
  static final ArchRule CHARTS = noClasses()
      .that().resideOutsideOfPackage("io.nicsim.formats..")
      .should().dependOnClassesThat().resideInAPackage("org.jfree..")
      .as("only formats imports the charting library (org.jfree)");

  /**
   * Modules of tests alone (drivers-it: the tests that need every driver at once): no
   * main code, so no class of theirs is in the layers above.
   */
  static final List<String> TEST_ONLY = List.of("drivers-it");

  private static final Pattern DEPENDENCY =
      Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);

  /**
   * Why the test-only {@code module} under {@code root} would add an arrow between the modules,
   * or nothing: it has main sources, a dependency of its own is not test-scoped, or another
   * module's pom names it.
   */
  static List<String> testOnlyFaults(Path root, String module) {
    List<String> faults = new ArrayList<>();
    Path dir = root.resolve(module);
    if (Files.exists(dir.resolve("src/main"))) {
      faults.add(module + " has main code (src/main)");
    }
    try {
      Matcher m = DEPENDENCY.matcher(Files.readString(dir.resolve("pom.xml")));
      while (m.find()) {
        if (!m.group(1).contains("<scope>test</scope>")) {
          faults.add(module + " depends on " + m.group(1).replaceAll("\\s+", " ").trim()
              + " outside the test scope");
        }
      }
      try (DirectoryStream<Path> modules = Files.newDirectoryStream(root)) {
        for (Path other : modules) {
          Path pom = other.resolve("pom.xml");
          if (!other.equals(dir) && !other.equals(root) && Files.isRegularFile(pom)
              && Files.readString(pom).contains("<artifactId>nicsim-" + module + "</artifactId>")) {
            faults.add(other.getFileName() + " depends on " + module);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return faults;
  }

  /** Packages form a directed acyclic graph: no file imports into a circle of packages. */
  static final ArchRule PACKAGES = slices().matching("io.nicsim.(**)")
      .should().beFreeOfCycles()
      .as("no circle of imports between nicsim's packages");
}
