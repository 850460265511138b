package io.nicsim.core.host;

import io.nicsim.core.port.exec.KernelC;
import java.util.ServiceLoader;

/**
 * What puts a tree's C in place of the bridged Java ports of a host being built
 * ({@code --ports c}): the host calls it after its driver is built and before its interface
 * opens. Found with {@link ServiceLoader}, so that the bridges, and the C they run, live in a
 * module above the model and a run without {@code --ports c} never loads them.
 */
public interface InLoopInstaller {

  /** Installs every bridge whose function {@code c} compiled on the host being built. */
  void install(HostContext host, NicDriver driver, KernelC c);

  /**
   * Installs, before the host's driver is built, the bridges of functions the driver's probe
   * calls (they hook the host's kernel and device, which the probe finds them through); the
   * host calls {@link #install} for the rest once the driver is built.
   */
  default void beforeBuild(HostContext host, KernelC c) {
  }

  /** The installer on the class path; a run asking for C without one cannot start. */
  static InLoopInstaller find() {
    return ServiceLoader.load(InLoopInstaller.class, InLoopInstaller.class.getClassLoader())
        .findFirst().orElseThrow(() -> new IllegalStateException(
            "--ports c: no io.nicsim.core.host.InLoopInstaller on the class path"));
  }
}
