package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * net/ipv4/tcp.c's {@code tcp_xmit_size_goal} as the tree's C on a live socket
 * ({@code --ports c}; tcp.h's {@code tcp_bound_to_half_wnd} inside it): its harness inverted.
 * The arguments and the socket fields it reads go in as {@link TcpSendmsgHarnesses#capture}
 * writes them (the harness's record); the goal it returns and the {@code gso_segs} it may set
 * come back onto the socket. It calls nothing.
 *
 * <p>The tree's C is v5.18+ text (sk_setup_caps subtracts MAX_TCP_HEADER once): a socket under
 * {@code -sk-gso-max-size-adjusted} runs the Java port, counted in the run header.
 */
final class TcpSizeGoalNative implements TcpSizeGoalHook {
  static final String LABEL = TcpSendmsgHarnesses.TCP_C + " tcp_xmit_size_goal";

  private static final long RET = NativeOut.id("ret");
  private static final long GSO_SEGS = NativeOut.id("gso_segs");

  private final NativePort c;
  private final InLoopPorts ports;
  private final long[] in = new long[TcpSendmsgHarnesses.FIELDS.size()];

  TcpSizeGoalNative(NativePort c, InLoopPorts ports) {
    this.c = c;
    this.ports = ports;
  }

  /**
   * tcp_xmit_size_goal(sk, mss_now, large_allowed) as the tree's C.
   *
   * @return its answer, or {@link #JAVA} when this call is the Java port's
   */
  @Override
  public int sizeGoal(TcpSock tp, int mssNow, boolean largeAllowed) {
    if (!tp.patchSkGsoMaxSizeAdjusted) {
      ports.ranAsJava(LABEL, "sk_gso_max_size not adjusted once (-sk-gso-max-size-adjusted):"
          + " the tree's C is v5.18+ text");
      return JAVA;
    }
    TcpSendmsgHarnesses.capture(tp, mssNow, largeAllowed, in);
    NativeOut o = c.call(in);
    long ret = 0;
    boolean returned = false;
    while (o.next()) {
      if (o.isField(RET)) {
        ret = o.value();
        returned = true;
      } else if (o.isField(GSO_SEGS)) {
        tp.gsoSegs = (int) o.value();
      } else {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    if (!returned) {
      throw new NativeFailure(c.function() + "'s C (" + c.file() + ") returned no goal on "
          + NativeFailure.record(c, in));
    }
    return (int) ret;
  }
}
