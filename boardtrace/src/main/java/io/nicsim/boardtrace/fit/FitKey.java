package io.nicsim.boardtrace.fit;

import io.nicsim.boardtrace.spans.Span;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Which fit a span belongs to, and what its time is regressed on: a hard interrupt handler per
 * IRQ action, a softirq action per vector (per call, per NAPI poll, per received packet, per
 * freed skb), an hrtimer callback per function, the driver's xmit per device, and the
 * application's send and receive syscalls (per call, per packet queued, per KiB; their time
 * includes the user-space time before the call, which nicsim's sendmsg costs include, unless
 * the task slept in a syscall the trace does not record since its previous one: SpanBuilder
 * leaves that time out).
 *
 * @param name "softirq NET_RX", "send iperf3"
 * @param regressors the counts, the per-call one first
 * @param events the trace events the fit reads
 */
public record FitKey(String name, List<Regressor> regressors, String events) {
  /** The send and receive syscalls of an application. */
  public static final Set<String> SENDS = Set.of("write", "writev", "sendto", "sendmsg",
      "sendmmsg");
  public static final Set<String> RECVS = Set.of("read", "readv", "recvfrom", "recvmsg",
      "recvmmsg");

  /**
   * The fit {@code s} belongs to, or null. {@code app} is the application's command name
   * (syscalls of other tasks are not fitted); names go through {@code rename}.
   */
  public static FitKey of(Span s, String app, UnaryOperator<String> rename) {
    return switch (s.kind) {
      case HARDIRQ -> new FitKey("hardirq " + rename.apply(s.label), List.of(Regressor.SPAN,
          Regressor.RAISE, Regressor.TIMER), "irq_handler_entry/exit, softirq_raise,"
          + " hrtimer_expire_entry/exit");
      case SOFTIRQ -> new FitKey("softirq " + s.label, List.of(Regressor.SPAN, Regressor.POLL,
          Regressor.RX, Regressor.FREE), "softirq_entry/exit, napi_poll, netif_receive_skb,"
          + " consume_skb, kfree_skb");
      case HRTIMER -> new FitKey("hrtimer " + rename.apply(s.label), List.of(Regressor.SPAN,
          Regressor.RAISE), "hrtimer_expire_entry/exit, softirq_raise");
      case XMIT -> new FitKey("xmit " + rename.apply(s.label), List.of(Regressor.SPAN),
          "net_dev_start_xmit, net_dev_xmit");
      case SYSCALL -> {
        // a board's own sender program (--map flood=iperf3) is the model's application
        if (app == null || s.comm == null || !app.equals(rename.apply(s.comm)) || s.blocked) {
          yield null;
        }
        if (SENDS.contains(s.label)) {
          yield new FitKey("send " + app, List.of(Regressor.SPAN, Regressor.QUEUED,
              Regressor.KIB), "sys_enter/exit_" + s.label + ", net_dev_queue, sched_switch");
        }
        if (RECVS.contains(s.label)) {
          yield new FitKey("recv " + app, List.of(Regressor.SPAN, Regressor.KIB),
              "sys_enter/exit_" + s.label + ", sched_switch");
        }
        yield null;
      }
    };
  }

  /** The time a span of this fit is regressed: its own time, plus user time for syscalls. */
  public static double time(Span s) {
    return s.selfNs + s.userNs;
  }
}
