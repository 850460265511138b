package io.nicsim.core.host;

import io.nicsim.core.port.exec.JavaNativePort;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The Java ports of a set of bridged functions, run through their bridges as the C runs
 * ({@link JavaNativePort}): the half of an equivalence check that shares everything with the C
 * run but the function's implementation. Each host gets fresh harness objects.
 */
public final class JavaKernelC implements KernelC {
  private final String release;
  private final Map<String, PortHarness> harnesses = new LinkedHashMap<>();

  /** The class path's harnesses of {@code labels}, set up as {@code release} behaves. */
  public JavaKernelC(String release, Set<String> labels) {
    this(release, labels, List.of());
  }

  /**
   * As above, with {@code instead} taking the place of the class path's harness of the same
   * function (a test's deliberately broken port).
   */
  public JavaKernelC(String release, Set<String> labels, List<PortHarness> instead) {
    this.release = release;
    for (PortHarness h : instead) {
      harnesses.put(h.file() + " " + h.function(), h);
    }
    for (PortHarnessProvider p : ServiceLoader.load(PortHarnessProvider.class,
        PortHarnessProvider.class.getClassLoader())) {
      for (PortHarness h : p.harnesses()) {
        String label = h.file() + " " + h.function();
        if (labels.contains(label) && h.notRun().isEmpty()) {
          harnesses.putIfAbsent(label, h);
        }
      }
    }
    harnesses.keySet().retainAll(labels);
  }

  @Override
  public String describe() {
    return "the Java ports through their bridges";
  }

  @Override
  public String release() {
    return release;
  }

  @Override
  public Map<String, NativePort> ports() {
    Map<String, NativePort> out = new LinkedHashMap<>();
    harnesses.forEach((label, h) -> out.put(label, new JavaNativePort(h, release)));
    return Collections.unmodifiableMap(out);
  }

  @Override
  public Map<String, String> notCompiled() {
    return Map.of();
  }

  @Override
  public List<String> notes() {
    return List.of();
  }

  @Override
  public List<Touched> touched() {
    return List.of();
  }
}
