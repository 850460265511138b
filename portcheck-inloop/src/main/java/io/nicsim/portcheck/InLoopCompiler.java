package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.KernelCCompiler;
import io.nicsim.core.port.exec.KernelCException;
import io.nicsim.core.port.exec.PortHarness;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code --ports c}: reads the tree once (a tarball in one streaming pass), applies the patches
 * to a scratch view of it, builds every wanted function that has an executed harness as a
 * shared library in memory ({@link InLoopProgram}, {@link Gcc#compileLibrary}), and hands them
 * out as a {@link KernelC}. The same tree and patches asked again in this JVM (a sweep's
 * points) get the same build.
 */
public final class InLoopCompiler implements KernelCCompiler {
  private static final Map<String, CompiledKernel> BUILT = new HashMap<>();
  private static final Map<Path, TreeRead> TREES = new HashMap<>();

  /** A tree read once for a set of files. */
  private record TreeRead(KernelTree tree, Set<String> files) {}

  private final Supplier<List<PortHarness>> harnesses;
  private final boolean shared;

  /** The class path's harnesses; builds are shared by the whole JVM. */
  public InLoopCompiler() {
    this(HarnessCatalog::ofThisJvm, true);
  }

  /** These harnesses only (tests); nothing shared. */
  InLoopCompiler(List<PortHarness> harnesses) {
    this(() -> harnesses, false);
  }

  private InLoopCompiler(Supplier<List<PortHarness>> harnesses,
      boolean shared) {
    this.harnesses = harnesses;
    this.shared = shared;
  }

  @Override
  public KernelC compile(Path tree, List<Path> patches, Set<String> wanted) {
    Path root = tree.toAbsolutePath().normalize();
    if (!Files.exists(root)) {
      throw new KernelCException("--kernel-tree " + tree + ": no such directory or file"
          + " (accepted: a kernel checkout or a source tarball .tar.xz/.tar.gz/.tar.bz2)");
    }
    if (!Files.isDirectory(root) && !KernelTree.isArchive(root)) {
      throw new KernelCException("--kernel-tree " + tree + ": neither a directory nor a source"
          + " tarball (accepted: a kernel checkout or .tar.xz/.tar.gz/.tar.bz2)");
    }
    List<KernelPatch> parsed = new ArrayList<>();
    StringBuilder key = new StringBuilder(root.toString());
    for (Path p : patches) {
      String text = readPatch(p);
      parsed.add(KernelPatch.parse(p.getFileName().toString(), text));
      key.append('\n').append(sha(text));
    }
    key.append('\n').append(new TreeSet<>(wanted));
    if (!shared) {
      return build(root, parsed, patches, wanted);
    }
    synchronized (BUILT) {
      CompiledKernel done = BUILT.get(key.toString());
      if (done != null) {
        return done;
      }
    }
    CompiledKernel built = build(root, parsed, patches, wanted);
    synchronized (BUILT) {
      BUILT.putIfAbsent(key.toString(), built);
      return BUILT.get(key.toString());
    }
  }

  private static String readPatch(Path p) {
    if (!Files.isRegularFile(p)) {
      throw new KernelCException("--apply " + p + ": no such file (accepted: a git format-patch"
          + " file or a netdev mail holding a diff)");
    }
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new KernelCException("--apply " + p + ": cannot be read as UTF-8 text: "
          + e.getMessage());
    }
  }

  private static String sha(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private CompiledKernel build(Path root, List<KernelPatch> patches, List<Path> files,
      Set<String> wanted) {
    if (Gcc.version().isEmpty()) {
      throw new KernelCException("--ports c needs a C compiler: '" + Gcc.command()
          + "' cannot be run (install gcc, or set NICSIM_CC)");
    }
    JniShim.load();
    List<PortHarness> all = harnesses.get();
    Map<String, PortHarness> byLabel = new LinkedHashMap<>();
    for (PortHarness h : all) {
      byLabel.putIfAbsent(h.file() + " " + h.function(), h);
    }
    Set<String> needed = new LinkedHashSet<>();
    for (PortHarness h : byLabel.values()) {
      needed.add(h.file());
      needed.addAll(h.sources());
      for (PortHarness.Unit u : h.inLoopUnits()) {
        needed.add(u.file());
        needed.addAll(u.sources());
      }
    }
    for (KernelPatch p : patches) {
      for (KernelPatch.FileDiff d : p.files()) {
        needed.add(d.path());
      }
    }
    KernelTree base = read(root, needed);
    String version = base.kernelVersion().orElseThrow(() -> new KernelCException(
        "--kernel-tree " + root + ": no top-level Makefile with the kernel's version"));
    KernelRelease release = KernelRelease.ofMakefile(version).orElseThrow(() ->
        new KernelCException("--kernel-tree " + root + ": its Makefile states '" + version
            + "', not a release"));
    PatchedTree patched = patches.isEmpty() ? null : PatchedTree.apply(base, patches);
    KernelTree tree = patched == null ? base : patched.tree();

    Map<String, String> notCompiled = new LinkedHashMap<>();
    Map<String, InLoopProgram> programs = new LinkedHashMap<>();
    Map<String, InLoopProgram> basePrograms = new LinkedHashMap<>();
    for (String label : new TreeSet<>(wanted)) {
      PortHarness h = byLabel.get(label);
      if (h == null) {
        notCompiled.put(label, "no executed harness");
        continue;
      }
      InLoopProgram prog = InLoopProgram.build(h, parse(tree, h), release, byLabel.keySet());
      if (!prog.ok()) {
        notCompiled.put(label, prog.reason());
        continue;
      }
      programs.put(label, prog);
      if (patched != null) {
        basePrograms.put(label, InLoopProgram.build(h, parse(base, h), release,
            byLabel.keySet()));
      }
    }
    Map<String, InLoopLibrary> libraries = compileAll(programs, version, patched != null);
    List<KernelC.Touched> touched = patched == null ? List.of()
        : touched(patched, programs, basePrograms, byLabel, wanted, notCompiled, files);
    String describe = root + (files.isEmpty() ? "" : " + " + String.join(" + ",
        files.stream().map(p -> p.getFileName().toString()).toList()));
    Map<String, InLoopProgram> hzPrograms = new LinkedHashMap<>();
    programs.forEach((label, p) -> {
      if (p.hz() > 0) {
        hzPrograms.put(label, p);
      }
    });
    boolean isPatched = patched != null;
    List<String> notes = new ArrayList<>(patched == null ? List.of() : patched.notes());
    notes.addAll(memoNotes(libraries));
    return new CompiledKernel(describe, version, libraries, notCompiled, touched,
        notes, hzPrograms,
        other -> compileAll(other, version, isPatched));
  }

  private KernelTree read(Path root, Set<String> needed) {
    if (Files.isDirectory(root)) {
      return new KernelTree(root);
    }
    if (!shared) {
      return KernelTree.open(root, List.of(), List.copyOf(needed));
    }
    synchronized (TREES) {
      TreeRead r = TREES.get(root);
      if (r != null && r.files().containsAll(needed)) {
        return r.tree();
      }
      Set<String> files = new LinkedHashSet<>(needed);
      if (r != null) {
        files.addAll(r.files());
      }
      KernelTree t = KernelTree.open(root, List.of(), List.copyOf(files));
      TREES.put(root, new TreeRead(t, files));
      return t;
    }
  }

  private static Map<String, CDefinitions> parse(KernelTree tree, PortHarness h) {
    Map<String, CDefinitions> out = new HashMap<>();
    List<String> paths = new ArrayList<>();
    paths.add(h.file());
    paths.addAll(h.sources());
    for (PortHarness.Unit u : h.inLoopUnits()) {
      paths.add(u.file());
      paths.addAll(u.sources());
    }
    for (String p : paths) {
      if (!out.containsKey(p)) {
        tree.source(p).ifPresent(s -> out.put(p, CDefinitions.of(s)));
      }
    }
    return out;
  }

  private static Map<String, InLoopLibrary> compileAll(Map<String, InLoopProgram> programs,
      String version, boolean patched) {
    Path dir;
    try {
      dir = InLoopFiles.create("nicsim-ports-c");
    } catch (IOException e) {
      throw new KernelCException("cannot create a scratch directory: " + e.getMessage());
    }
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "nicsim --ports c: gcc");
      t.setDaemon(true);
      return t;
    });
    Map<String, InLoopLibrary> out = new LinkedHashMap<>();
    try {
      Map<String, Future<InLoopLibrary>> futures = new LinkedHashMap<>();
      for (Map.Entry<String, InLoopProgram> e : programs.entrySet()) {
        InLoopProgram p = e.getValue();
        futures.put(e.getKey(), pool.submit(() -> compileOne(dir, p, version, patched)));
      }
      for (Map.Entry<String, Future<InLoopLibrary>> e : futures.entrySet()) {
        out.put(e.getKey(), e.getValue().get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KernelCException("interrupted while compiling");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof KernelCException k) {
        throw k;
      }
      throw new KernelCException("compiling failed: " + e.getCause());
    } finally {
      pool.shutdownNow();
      InLoopFiles.delete(dir);
    }
    return out;
  }

  private static InLoopLibrary compileOne(Path dir, InLoopProgram p, String version,
      boolean patched) throws IOException {
    String name = p.harness().function().replaceAll("[^A-Za-z0-9_]", "_");
    Gcc.Compiled c = Gcc.compileLibrary(dir, name, p.text());
    if (!c.ok()) {
      String fn = p.functionAt(c.error());
      throw new KernelCException((patched ? "the patched " : "the ") + fn + " ("
          + p.harness().file() + ") does not compile: " + c.error()
          + (fn.equals(p.harness().function()) ? "" : " (compiled into "
              + p.harness().function() + ")"));
    }
    return new InLoopLibrary(p.harness(), Files.readAllBytes(c.binary()), p.inside(), version,
        c.data() == null ? null : kernelStatics(c.data(), p.harness().program()));
  }

  /**
   * The run header's word on the rule that a repeated record takes the last output: off for
   * each function whose object holds the tree's writable static storage (its C may answer the
   * same record otherwise: a patch's counter), or unchecked where nm cannot be run.
   */
  static List<String> memoNotes(Map<String, InLoopLibrary> libraries) {
    List<String> out = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    libraries.forEach((label, lib) -> {
      List<String> st = lib.statics();
      if (st == null) {
        unknown.add(lib.harness().function());
      } else if (!st.isEmpty()) {
        out.add("memo: off for " + lib.harness().function() + " (its object holds the tree's"
            + " writable static storage: " + String.join(", ", st) + "; every call runs the C)");
      }
    });
    if (!unknown.isEmpty()) {
      out.add("memo: static storage not checked (nm cannot be run) for "
          + String.join(", ", unknown));
    }
    return out;
  }

  /** {@code static … name[…] = …, name2;} declarations (no parentheses or braces inside). */
  private static final Pattern STATIC_DECL = Pattern.compile("\\bstatic\\s+([^;{}()]*);");
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_]\\w*");
  private static final Set<String> COMPAT_STATICS = declaredStatic(CProgram.compatText());

  /**
   * The writable static storage of an object ({@code data}, nm's names) that the tree's code
   * defines: every name but nicsim's own (a {@code nicsim_} name, or one the harness's C or
   * {@code nicsim_kernel.h} declares static: a harness function's counter is {@code runs.0} in
   * the object). State the tree's C keeps between calls (a patch's ratelimit counter) makes its
   * output depend on more than its record.
   */
  static List<String> kernelStatics(List<String> data, String harnessProgram) {
    Set<String> own = declaredStatic(harnessProgram);
    List<String> out = new ArrayList<>();
    for (String sym : data) {
      int dot = sym.indexOf('.');
      String base = dot > 0 ? sym.substring(0, dot) : sym;
      if (base.startsWith("nicsim") || base.startsWith("__nicsim") || own.contains(base)
          || COMPAT_STATICS.contains(base)) {
        continue;
      }
      out.add(sym);
    }
    return List.copyOf(out);
  }

  private static Set<String> declaredStatic(String text) {
    Set<String> names = new HashSet<>();
    Matcher m = STATIC_DECL.matcher(text);
    while (m.find()) {
      for (String piece : m.group(1).split(",")) {
        String d = piece.replaceAll("=.*", "").replaceAll("\\[[^\\]]*\\]", "").strip();
        Matcher id = IDENT.matcher(d);
        String last = null;
        while (id.find()) {
          last = id.group();
        }
        if (last != null) {
          names.add(last);
        }
      }
    }
    return names;
  }

  /**
   * A program's text without its {@code #line} markers: lines a patch adds above a function
   * move its markers, and a function that only moved did not change.
   */
  private static String withoutLineMarkers(String text) {
    return text.lines().filter(l -> !l.startsWith("#line ")).collect(
        Collectors.joining("\n"));
  }

  /**
   * What the patches changed: every function whose text changed, and whether it runs as the
   * patched C (its own program, or the program of a function it runs inside, differs from the
   * tree's). A patch that changes no program is refused.
   */
  private static List<KernelC.Touched> touched(PatchedTree patched,
      Map<String, InLoopProgram> programs, Map<String, InLoopProgram> basePrograms,
      Map<String, PortHarness> harnesses, Set<String> wanted, Map<String, String> notCompiled,
      List<Path> files) {
    Set<String> changedPrograms = new LinkedHashSet<>();
    for (Map.Entry<String, InLoopProgram> e : programs.entrySet()) {
      InLoopProgram b = basePrograms.get(e.getKey());
      if (b == null || !b.ok()
          || !withoutLineMarkers(b.text()).equals(withoutLineMarkers(e.getValue().text()))) {
        changedPrograms.add(e.getKey());
      }
    }
    Set<String> ported = new HashSet<>();
    for (PortedFunction f : ClasspathScanner.ofThisJvm().ports()) {
      ported.add(f.label());
    }
    List<KernelC.Touched> out = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : patched.changedFunctions().entrySet()) {
      for (String fn : e.getValue()) {
        String label = e.getKey() + " " + fn;
        // its own program when it has one, and every program it runs inside of
        List<String> inside = new ArrayList<>();
        for (String c : changedPrograms) {
          if (!c.equals(label) && programs.get(c).functions().stream().anyMatch(
              d -> d.name().equals(fn) && d.source().path().equals(e.getKey()))) {
            inside.add(c.substring(c.indexOf(' ') + 1));
          }
        }
        boolean own = changedPrograms.contains(label);
        if (own || !inside.isEmpty()) {
          out.add(new KernelC.Touched(e.getKey(), fn, true, inside.isEmpty() ? ""
              : (own ? "also inside " : "inside ") + String.join(" and ", inside)));
        } else {
          String why;
          if (!ported.contains(label)) {
            why = "nicsim does not port it";
          } else if (!harnesses.containsKey(label)) {
            why = "no executed harness";
          } else if (!wanted.contains(label)) {
            why = "harnessed, but no bridge into the simulation";
          } else {
            why = notCompiled.getOrDefault(label, "not built");
          }
          out.add(new KernelC.Touched(e.getKey(), fn, false, why));
        }
      }
    }
    if (changedPrograms.isEmpty()) {
      List<String> names = new ArrayList<>(patched.changed());
      String what = names.isEmpty() ? "nothing but whitespace or comments"
          : String.join(", ", names.subList(0, Math.min(names.size(), 8)))
              + (names.size() > 8 ? " and " + (names.size() - 8) + " more" : "");
      throw new KernelCException(String.join(" + ", files.stream()
          .map(p -> p.getFileName().toString()).toList()) + " changes no function nicsim runs"
          + " as C: it touches " + what);
    }
    return List.copyOf(out);
  }
}
