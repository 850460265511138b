package io.nicsim.tcp;

/** Registers CUBIC (tcp_cubic.c's cubictcp). */
public final class CubicProvider implements CongestionControlProvider {
  @Override
  public String name() {
    return "cubic";
  }

  @Override
  public CongestionOps create() {
    return new Cubic();
  }
}
