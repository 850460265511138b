package io.nicsim.core.apps;

import io.nicsim.core.cpu.Task;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbDestructor;
import io.nicsim.core.port.KernelPort;

/**
 * The send side of a UDP socket: sk_wmem_alloc charged with each datagram's truesize until the
 * driver frees it, and the sender blocked while it is at or above sk_sndbuf.
 */
public final class UdpSocket implements SkbDestructor {
  /** net.core.wmem_default. */
  public static final int WMEM_DEFAULT = 212_992;

  private final int sndbuf;
  private long wmemAlloc;
  private Task waiter;
  private long wakeups;

  public UdpSocket(int sndbuf) {
    this.sndbuf = sndbuf;
  }

  /** sock_alloc_send_pskb's test: may another skb be charged now? */
  public boolean hasSpace() {
    return wmemAlloc < sndbuf;
  }

  /** skb_set_owner_w. */
  public void charge(Skb skb) {
    skb.sk = this;
    skb.destructor = this;
    wmemAlloc += skb.truesize;
  }

  /** The sender sleeps in sock_wait_for_wmem until space frees. */
  public void waitForSpace(Task task) {
    this.waiter = task;
  }

  /** sock_wfree → sock_def_write_space: wakes the writer once half the buffer is free. */
  @KernelPort(
      file = "net/core/sock.c",
      function = "sock_wfree",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "with sock_def_write_space inlined: wake when 2 * wmem_alloc <= sndbuf")
  @Override
  public void destruct(Skb skb) {
    wmemAlloc -= skb.truesize;
    if (waiter != null && (wmemAlloc << 1) <= sndbuf) {
      Task t = waiter;
      waiter = null;
      wakeups++;
      t.wake();
    }
  }

  public long wmemAlloc() {
    return wmemAlloc;
  }

  public int sndbuf() {
    return sndbuf;
  }

  public long wakeups() {
    return wakeups;
  }
}
