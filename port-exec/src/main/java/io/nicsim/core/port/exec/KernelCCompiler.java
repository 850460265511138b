package io.nicsim.core.port.exec;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Builds a {@link KernelC}: port-check's extraction and the system compiler, found at run time
 * ({@code META-INF/services/io.nicsim.core.port.exec.KernelCCompiler}) so that the simulator
 * needs no compile-time dependency on port-check.
 */
public interface KernelCCompiler {

  /**
   * Compiles, from {@code tree} (a directory or a source tarball) with {@code patches} applied in
   * order, every function of {@code wanted} ({@code file function} labels: those the simulation
   * can run as C) that has an executed harness.
   *
   * @throws KernelCException for bad input (a tree or patch that cannot be read or applied, a
   *     patch touching no function that runs as C, a compile error in patched C), one line
   */
  KernelC compile(Path tree, List<Path> patches, Set<String> wanted);

  /** The compiler on the class path. */
  static KernelCCompiler find() {
    Iterator<KernelCCompiler> it = ServiceLoader.load(KernelCCompiler.class,
        KernelCCompiler.class.getClassLoader()).iterator();
    if (!it.hasNext()) {
      throw new KernelCException("--ports c needs nicsim's port-check on the class path");
    }
    return it.next();
  }
}
