package io.nicsim.core.host;

import io.nicsim.core.kernel.EpollNative;
import io.nicsim.core.kernel.HrTimerNative;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.NapiNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for NAPI (net/core/dev.c): the tree's napi_schedule_prep,
 * napi_complete_done, __napi_poll, napi_poll, ____napi_schedule (where the model schedules a
 * NAPI on its own), napi_watchdog (the NAPI's hrtimer), busy_poll_stop (a busy poller's end;
 * __busy_poll_stop inside) and epoll's IRQ suspension
 * (napi_suspend_irqs, napi_resume_irqs, v6.13+) on every NAPI of the host ({@link NapiNative}),
 * fs/eventpoll.c's ep_try_send_events on every epoll waiter ({@link EpollNative}) and
 * kernel/time/hrtimer.c's hrtimer_cancel on every timer ({@link HrTimerNative}),
 * the software coalescing (napi_defer_hard_irqs, gro_flush_timeout, the watchdog it arms) and
 * the poll loop's repoll decided by the C. NAPIs are
 * made by the drivers, some only when the interface opens; each call finds the C through its
 * kernel, so installing puts it there. A kernel whose CONFIG_HZ the harness C does not pick
 * from keeps the Java.
 */
public final class NapiBridges implements PortBridgeProvider {
  private static final String DEV_C = "net/core/dev.c";

  @Override
  public List<PortBridge> bridges() {
    return List.of(bridge("napi_schedule_prep"), bridge("napi_complete_done"),
        bridge("__napi_poll"), bridge("napi_poll"), bridge("____napi_schedule"),
        bridge("napi_watchdog"), bridge("busy_poll_stop"), bridge("napi_suspend_irqs"), bridge("napi_resume_irqs"),
        bridge("ep_try_send_events"), bridge("hrtimer_cancel"));
  }

  private static PortBridge bridge(String function) {
    return new PortBridge() {
      @Override
      public String file() {
        return function.startsWith("ep_") ? "fs/eventpoll.c"
            : function.startsWith("hrtimer_") ? "kernel/time/hrtimer.c" : DEV_C;
      }

      @Override
      public String function() {
        return function;
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        Kernel k = site.host().kernel();
        if (function.equals("ep_try_send_events")) {
          k.putInLoop(EpollNative.class, new EpollNative(c));
          return true;
        }
        if (function.equals("hrtimer_cancel")) {
          k.putInLoop(HrTimerNative.class, new HrTimerNative(c));
          return true;
        }
        if (!NapiNative.hzModelled(k.cpu().hz())) {
          return false;
        }
        NapiNative was = k.inLoop(NapiNative.class);
        if (was == null) {
          was = new NapiNative(null, null);
        }
        NapiNative now = switch (function) {
          case "napi_schedule_prep" -> was.with(c, null);
          case "napi_complete_done" -> was.with(null, c);
          case "__napi_poll", "napi_poll" -> was.withPoll(
              function.equals("__napi_poll") ? c : null, function.equals("napi_poll") ? c : null,
              (label, why) -> k.inLoop(InLoopPorts.class).ranAsJava(label, why));
          default -> was.withFunction(function, c);
        };
        k.putInLoop(NapiNative.class, now);
        return true;
      }
    };
  }
}
