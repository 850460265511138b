package io.nicsim.core.kernel;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.List;

/**
 * {@code port-check --execute} harness for epoll's NAPI side (fs/eventpoll.c): an epoll
 * instance's busy-poll NAPI id and prefer_busy_poll as {@link #SEND_EVENTS}; the C driver is
 * {@code src/main/resources/nicsim/portexec/epoll/ep_try_send_events.c}.
 */
public final class EpollHarnesses implements PortHarnessProvider {
  private static final String EVENTPOLL_C = "fs/eventpoll.c";
  private static final int MIN = Kernel.MIN_NAPI_ID;

  /** ep->napi_id, ep->prefer_busy_poll, ep_send_events' result. */
  static final List<InputField> SEND_EVENTS = List.of(
      urange("napi_id", 0, MIN + 1).withEdges(MIN - 1, MIN, MIN + 1),
      bool("prefer_busy_poll"),
      range("ep_send_events", -14, 64).withEdges(-4, -1, 0, 1, 64));

  @Override
  public List<PortHarness> harnesses() {
    return List.of(PortHarness.of(EVENTPOLL_C, "ep_try_send_events")
        .sources(EVENTPOLL_C, "include/net/busy_poll.h")
        .program(PortHarness.resource(EpollHarnesses.class,
            "nicsim/portexec/epoll/ep_try_send_events.c"))
        .inputs(SEND_EVENTS)
        .notes("ep->napi_id below MIN_NAPI_ID (513, NR_CPUS 512) stands for an epoll"
            + " instance that has no NAPI id (SockWait keeps 0); the host has NAPIs 513 and"
            + " 514, so every valid id names one; napi_suspend_irqs runs whole in the NAPI"
            + " harnesses")
        .java(EpollHarnesses::side)
        .build());
  }

  /** The release's kernel with NAPIs 513 and 514; an epoll waiter per record. */
  private static JavaPort side(String kernel) {
    HarnessKernel hk = HarnessKernel.forRelease(kernel);
    new Napi(hk.kernel, "napi0", "eth0", (n, budget) -> 0, 64);
    new Napi(hk.kernel, "napi1", "eth0", (n, budget) -> 0, 64);
    return r -> {
      String[] result = new String[1];
      hk.inTask(() -> {
        SockWait ep = recordToEpoll(hk.kernel, r);
        Out calls = new Out();
        long suspends = ep.suspends();
        int ret = ep.trySendEvents(() -> {
          calls.call("ep_send_events");
          return (int) r[2];
        });
        result[0] = output(calls, ep, suspends, (int) r[0], ret);
      });
      return result[0];
    };
  }

  /**
   * Record → objects: an epoll waiter (busy_poll_usecs set, so ep_poll_callback keeps the
   * ready socket's NAPI id) with the record's prefer_busy_poll and NAPI id.
   */
  static SockWait recordToEpoll(Kernel kernel, long[] r) {
    SockWait ep = new SockWait(kernel, SockWait.Mode.EPOLL, 1, r[1] != 0, 0);
    ep.dataReady((int) r[0]); // ep_set_busy_poll_napi_id
    return ep;
  }

  /** Objects → output: ep_send_events, napi_suspend_irqs when it was called, the result. */
  static String output(Out calls, SockWait ep, long suspendsBefore, int napiId, int ret) {
    if (ep.suspends() != suspendsBefore) {
      calls.call("napi_suspend_irqs", napiId);
    }
    return calls.put("ret", ret).toString();
  }
}
