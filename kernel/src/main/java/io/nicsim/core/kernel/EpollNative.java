package io.nicsim.core.kernel;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.function.IntSupplier;

/**
 * fs/eventpoll.c's ep_try_send_events as the tree's C on a live epoll waiter ({@link SockWait},
 * {@code --ports c}, v6.13+): the inverse of its harness in {@code EpollHarnesses} (the epoll
 * instance's NAPI id and prefer_busy_poll, and what ep_send_events returned, in; the C's
 * napi_suspend_irqs made on the model). A host's waiters find it through their kernel
 * ({@code Kernel.inLoop}); the bridge that installs it is {@code host.NapiBridges}.
 */
public final class EpollNative {
  private static final long RET = NativeOut.id("ret");
  private static final long SEND_EVENTS = NativeOut.id("ep_send_events");
  private static final long SUSPEND = NativeOut.id("napi_suspend_irqs");

  private final NativePort c;
  private final long[] in;

  public EpollNative(NativePort c) {
    this.c = c;
    this.in = new long[c.inputs()];
  }

  /**
   * ep_try_send_events: the model's ep_send_events ({@code sendEvents}) runs first, where the
   * C calls it first, and its answer is the record's; the C's napi_suspend_irqs is the model's
   * (its own bridge where installed), counted as the Java counts it.
   */
  int trySendEvents(Kernel kernel, SockWait ep, int napiId, boolean prefer,
      IntSupplier sendEvents) {
    int res = sendEvents.getAsInt();
    in[0] = Integer.toUnsignedLong(napiId);
    in[1] = prefer ? 1 : 0;
    in[2] = res;
    NativeOut o = c.call(in);
    boolean sent = false;
    long ret = Long.MIN_VALUE;
    while (o.next()) {
      if (o.isCall(SEND_EVENTS) && !sent) {
        sent = true;
      } else if (o.isCall(SUSPEND) && sent && o.arg(0) == in[0]) {
        ep.suspended(Napi.suspendIrqs(kernel, napiId));
      } else if (o.isField(RET)) {
        ret = o.value();
      } else {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    if (!sent || ret != res) {
      throw new NativeFailure(c.label() + ": the C " + (sent ? "returned " + ret
          : "did not call ep_send_events") + " where the model's ep_send_events gave " + res
          + "; " + NativeFailure.record(c, in));
    }
    return res;
  }
}
