package io.nicsim.tcp;

/**
 * A congestion control module, found at run time with {@link java.util.ServiceLoader} as the
 * kernel finds one registered with tcp_register_congestion_control: a jar lists its provider in
 * {@code META-INF/services/io.nicsim.tcp.CongestionControlProvider}, and {@code iperf3 -C NAME}
 * selects it by {@link #name}. Nothing in nicsim lists the algorithms.
 */
public interface CongestionControlProvider {

  /** The algorithm's name, as {@code tcp_congestion_ops.name} ({@code cubic}, {@code bbr}). */
  String name();

  /** A new instance for one socket (tcp_assign_congestion_control). */
  CongestionOps create();
}
