package io.nicsim.core.apps;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.List;

/**
 * {@code port-check --execute} harness for net/core/sock.c's sock_wfree on a UDP socket
 * ({@link UdpSocket}); the C driver is {@code src/main/resources/nicsim/portexec/sock/}.
 */
public final class SockHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/sock/";
  private static final String SOCK_C = "net/core/sock.c";

  /** EPOLLOUT | EPOLLWRNORM | EPOLLWRBAND, the mask sock_def_write_space_wfree wakes with. */
  static final long WRITE_SPACE_POLL = 0x4 | 0x100 | 0x200;

  /** truesize, sk_wmem_alloc (the refcount, base 1 included), sk_sndbuf, a sleeping writer. */
  static final List<InputField> WFREE = List.of(
      u32("truesize").withEdges(768, 1280, 2304),
      u32("sk_wmem_alloc").withEdges(1, 2, UdpSocket.WMEM_DEFAULT / 2, UdpSocket.WMEM_DEFAULT),
      urange("sk_sndbuf", 0, Integer.MAX_VALUE).withEdges(4608, UdpSocket.WMEM_DEFAULT,
          UdpSocket.WMEM_DEFAULT + 1),
      bool("sleeper"));

  @Override
  public List<PortHarness> harnesses() {
    return List.of(sockWfree());
  }

  private static PortHarness sockWfree() {
    return PortHarness.of(SOCK_C, "sock_wfree")
        .sources(SOCK_C, "include/net/sock.h")
        .program(PortHarness.resource(SockHarnesses.class, DIR + "sock_wfree.c"))
        .inputs(WFREE)
        .admit(r -> {
          // a refcount below 2^31 (refcount_t saturates there) that holds the skb's truesize
          // on top of sk_alloc's base: the socket is open while its skbs are in flight
          r[1] = r[1] & Integer.MAX_VALUE;
          if (r[1] < 1 + r[0]) {
            if (r[0] >= Integer.MAX_VALUE) {
              return null;
            }
            r[1] = 1 + r[0] + (r[1] & 0xFFFF);
            if (r[1] > Integer.MAX_VALUE) {
              return null;
            }
          }
          return r;
        })
        .notes("a bound UDP socket: SOCK_RCU_FREE set, SOCK_USE_WRITE_QUEUE and SOCK_FASYNC"
            + " clear, sk_write_space the default, so the WARN_ON path and sock_def_write_space"
            + " are not reached; the refcount holds the truesize above its base (the socket stays"
            + " open while its skbs are in flight: no __sk_free)")
        .java(kernel -> {
          Task sleeper = new Task("writer") {
            @Override
            protected boolean run(Core core) {
              return false;
            }
          };
          return r -> {
            UdpSocket sk = socket(r, sleeper);
            boolean wakes = sk.sockWfree((int) r[0]);
            return output(sk, wakes).toString();
          };
        })
        .build();
  }

  /** The record's socket: sk_sndbuf, the bytes charged (refcount minus its base), the sleeper. */
  static UdpSocket socket(long[] r, Task sleeper) {
    UdpSocket sk = new UdpSocket((int) r[2]);
    sk.restore(r[1] - UdpSocket.SK_WMEM_ALLOC_BASE, r[3] != 0 ? sleeper : null);
    return sk;
  }

  /** The record sock_wfree's C prints: its wake-up, then the refcount. */
  static Out output(UdpSocket sk, boolean wakes) {
    Out o = new Out();
    if (wakes) {
      o.call("wake_up_interruptible_sync_poll", WRITE_SPACE_POLL);
    }
    return o.u("sk_wmem_alloc", sk.wmemAlloc() + UdpSocket.SK_WMEM_ALLOC_BASE);
  }
}
