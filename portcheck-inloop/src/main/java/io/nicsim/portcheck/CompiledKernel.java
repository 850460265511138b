package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/** A {@link KernelC} built by {@link InLoopCompiler}: libraries in memory, opened per thread. */
final class CompiledKernel implements KernelC {
  private final String describe;
  private final String release;
  private final Map<String, InLoopLibrary> libraries;
  private final Map<String, String> notCompiled;
  private final List<Touched> touched;
  private final List<String> notes;
  private final ThreadLocal<Map<String, NativePort>> opened = new ThreadLocal<>();
  /** The programs that fix HZ, by label, and what builds one again at another HZ. */
  private final Map<String, InLoopProgram> hzPrograms;
  private final Function<Map<String, InLoopProgram>,
      Map<String, InLoopLibrary>> compiler;
  /** Those programs built at another HZ, by HZ (each built once, when first asked). */
  private final Map<Integer, Map<String, InLoopLibrary>> builtAtHz = new HashMap<>();
  private final ThreadLocal<Map<Integer, Map<String, NativePort>>> openedAtHz =
      ThreadLocal.withInitial(HashMap::new);

  CompiledKernel(String describe, String release, Map<String, InLoopLibrary> libraries,
      Map<String, String> notCompiled, List<Touched> touched, List<String> notes) {
    this(describe, release, libraries, notCompiled, touched, notes, Map.of(), m -> Map.of());
  }

  CompiledKernel(String describe, String release, Map<String, InLoopLibrary> libraries,
      Map<String, String> notCompiled, List<Touched> touched, List<String> notes,
      Map<String, InLoopProgram> hzPrograms,
      Function<Map<String, InLoopProgram>, Map<String, InLoopLibrary>>
          compiler) {
    this.describe = describe;
    this.release = release;
    this.hzPrograms = Map.copyOf(hzPrograms);
    this.compiler = compiler;
    this.libraries = Map.copyOf(libraries);
    this.notCompiled = Collections.unmodifiableMap(new LinkedHashMap<>(notCompiled));
    this.touched = List.copyOf(touched);
    this.notes = List.copyOf(notes);
  }

  @Override
  public String describe() {
    return describe;
  }

  @Override
  public String release() {
    return release;
  }

  @Override
  public Map<String, NativePort> ports() {
    Map<String, NativePort> m = opened.get();
    if (m == null) {
      m = new LinkedHashMap<>();
      for (Map.Entry<String, InLoopLibrary> e : new TreeMap<>(libraries).entrySet()) {
        m.put(e.getKey(), e.getValue().open());
      }
      m = Collections.unmodifiableMap(m);
      opened.set(m);
    }
    return m;
  }

  /**
   * {@link #ports()}, with every function whose program fixes HZ at another value built again
   * at {@code hz} ({@link InLoopProgram#atHz}): all of them at once, when one of them is first
   * called (a host that never calls them never builds them), once per HZ for the JVM, then a
   * copy per thread.
   */
  @Override
  public Map<String, NativePort> ports(int hz) {
    Map<String, InLoopProgram> other = atHz(hz);
    if (other.isEmpty()) {
      return ports();
    }
    Map<String, NativePort> mine = openedAtHz.get().get(hz);
    if (mine == null) {
      Map<String, NativePort> m = new LinkedHashMap<>(ports());
      for (String label : other.keySet()) {
        m.put(label, new AtHz(m.get(label), () -> built(hz).get(label).open()));
      }
      mine = Collections.unmodifiableMap(m);
      openedAtHz.get().put(hz, mine);
    }
    return mine;
  }

  /** The programs that fix another HZ than {@code hz}, rewritten for it, by label. */
  private Map<String, InLoopProgram> atHz(int hz) {
    Map<String, InLoopProgram> other = new TreeMap<>();
    hzPrograms.forEach((label, p) -> {
      if (p.hz() != hz && libraries.containsKey(label)) {
        other.put(label, p.atHz(hz));
      }
    });
    return other;
  }

  private Map<String, InLoopLibrary> built(int hz) {
    synchronized (builtAtHz) {
      return builtAtHz.computeIfAbsent(hz, h -> Map.copyOf(compiler.apply(atHz(h))));
    }
  }

  /** A function built at another HZ, built and opened when first called. */
  private static final class AtHz implements NativePort {
    private final NativePort base;
    private final Supplier<NativePort> open;
    private NativePort c;

    AtHz(NativePort base, Supplier<NativePort> open) {
      this.base = base;
      this.open = open;
    }

    private NativePort c() {
      if (c == null) {
        c = open.get();
      }
      return c;
    }

    @Override
    public String file() {
      return base.file();
    }

    @Override
    public String function() {
      return base.function();
    }

    @Override
    public int inputs() {
      return base.inputs();
    }

    @Override
    public NativeOut call(long[] in) {
      return c().call(in);
    }

    @Override
    public NativeOut call(long[] in, int words) {
      return c().call(in, words);
    }

    @Override
    public long reused() {
      return c == null ? 0 : c.reused();
    }

    @Override
    public String text(long[] in) {
      return c().text(in);
    }

    @Override
    public List<InputField> fields() {
      return base.fields();
    }

    @Override
    public List<String> inside() {
      return base.inside();
    }
  }

  @Override
  public Map<String, String> notCompiled() {
    return notCompiled;
  }

  @Override
  public List<Touched> touched() {
    return touched;
  }

  @Override
  public List<String> notes() {
    return notes;
  }
}
