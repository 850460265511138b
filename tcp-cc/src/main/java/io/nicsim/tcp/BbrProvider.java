package io.nicsim.tcp;

/** Registers BBR (tcp_bbr.c's tcp_bbr_cong_ops). */
public final class BbrProvider implements CongestionControlProvider {
  @Override
  public String name() {
    return "bbr";
  }

  @Override
  public CongestionOps create() {
    return new Bbr();
  }
}
