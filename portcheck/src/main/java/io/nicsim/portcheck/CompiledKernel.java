package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativePort;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link KernelC} built by {@link InLoopCompiler}: libraries in memory, opened per thread. */
final class CompiledKernel implements KernelC {
  private final String describe;
  private final String release;
  private final Map<String, InLoopLibrary> libraries;
  private final Map<String, String> notCompiled;
  private final List<Touched> touched;
  private final List<String> notes;
  private final ThreadLocal<Map<String, NativePort>> opened = new ThreadLocal<>();

  CompiledKernel(String describe, String release, Map<String, InLoopLibrary> libraries,
      Map<String, String> notCompiled, List<Touched> touched, List<String> notes) {
    this.describe = describe;
    this.release = release;
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
      for (Map.Entry<String, InLoopLibrary> e : new java.util.TreeMap<>(libraries).entrySet()) {
        m.put(e.getKey(), e.getValue().open());
      }
      m = Collections.unmodifiableMap(m);
      opened.set(m);
    }
    return m;
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
