package io.nicsim.core.host;

import io.nicsim.core.port.exec.KernelC;

/** The {@link InLoopInstaller} of the class path's bridges: {@link InLoopPorts#install}. */
public final class BridgeInstaller implements InLoopInstaller {

  @Override
  public void install(HostContext host, NicDriver driver, KernelC c) {
    InLoopPorts.install(host, driver, c);
  }

  @Override
  public void beforeBuild(HostContext host, KernelC c) {
    InLoopPorts.installBeforeBuild(host, c);
  }
}
