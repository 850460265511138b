package io.nicsim.core.port.exec;

import java.util.List;
import java.util.Map;

/**
 * A kernel tree's C, compiled for a simulation to run in place of the Java ports
 * ({@code --ports c --kernel-tree T [--apply PATCH …]}): one {@link NativePort} per ported
 * function that has an executed harness and a bridge, each built from the tree (with the
 * patches applied to a scratch view of it).
 */
public interface KernelC {

  /** The tree as given, and the patches applied to it. */
  String describe();

  /** The tree's release, as its Makefile states it ({@code 6.12.118}). */
  String release();

  /**
   * The calling thread's instances of the compiled functions, by {@code file function}. Each
   * thread gets its own copy of the libraries (their static state is the thread's), so runs on
   * several threads never share one.
   */
  Map<String, NativePort> ports();

  /**
   * The same, as compiled for a host of CONFIG_HZ {@code hz}: a function whose harness fixes HZ
   * (its C defines it) is built again at {@code hz} (once per JVM, when first asked), so its
   * jiffies run at the host's rate; every other function is {@link #ports()}'s instance.
   *
   * @throws KernelCException when a function does not compile at that HZ
   */
  default Map<String, NativePort> ports(int hz) {
    return ports();
  }

  /** Functions of the tree that were wanted but not compiled, with the reason, by label. */
  Map<String, String> notCompiled();

  /** How each patch hunk applied (where, with what offset and fuzz), one line each. */
  List<String> notes();

  /** What the applied patches changed, in the order found (empty without patches). */
  List<Touched> touched();

  /**
   * One function a patch changed.
   *
   * @param file the tree file
   * @param function the function (or the top-level name) whose text changed
   * @param runsAsC whether the simulation runs it as the patched C
   * @param reason why not, when it does not (no port, no harness, no bridge)
   */
  record Touched(String file, String function, boolean runsAsC, String reason) {}
}
