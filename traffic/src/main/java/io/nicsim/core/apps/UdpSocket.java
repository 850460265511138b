package io.nicsim.core.apps;

import io.nicsim.core.cpu.Task;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbDestructor;
import io.nicsim.core.net.SockWfreeNative;
import io.nicsim.core.port.KernelPort;

/**
 * The send side of a UDP socket: sk_wmem_alloc charged with each datagram's truesize until the
 * driver frees it, and the sender blocked while it is at or above sk_sndbuf, woken by
 * sock_wfree once the refcount is below half of sk_sndbuf.
 */
public final class UdpSocket implements SkbDestructor {
  /** net.core.wmem_default. */
  public static final int WMEM_DEFAULT = 212_992;

  /** sk_alloc: refcount_set(&sk->sk_wmem_alloc, 1), dropped only when the socket closes. */
  static final int SK_WMEM_ALLOC_BASE = 1;

  private final int sndbuf;
  private long wmemAlloc;
  private Task waiter;
  private long wakeups;
  /** sock_wfree's C ({@code --ports c}), or null: set by the flood that sends on it. */
  SockWfreeNative c;

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

  /** The skb's destructor: sock_wfree, then the writer it woke runs again. */
  @Override
  public void destruct(Skb skb) {
    if (sockWfree(skb.truesize)) {
      Task t = waiter;
      waiter = null;
      wakeups++;
      t.wake();
    }
  }

  /**
   * sock_wfree for a bound UDP socket (SOCK_RCU_FREE set by udp_lib_get_port, sk_write_space
   * the default): the truesize leaves sk_wmem_alloc, then sock_def_write_space_wfree wakes the
   * sleeping writer when the socket is writeable. Returns whether it wakes one.
   *
   * <p>{@code wmemAlloc} is sk_wmem_alloc_get (what sock_alloc_send_pskb compares with
   * sk_sndbuf); the refcount itself holds sk_alloc's base of 1 on top, and sock_writeable
   * compares the refcount with half the buffer, strictly: refcount &lt; sndbuf &gt;&gt; 1.
   */
  @KernelPort(
      file = "net/core/sock.c",
      function = "sock_wfree",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "the SOCK_RCU_FREE path with sock_def_write_space_wfree inlined (a UDP socket;"
          + " SOCK_USE_WRITE_QUEUE and SOCK_FASYNC clear); the refcount never reaches 0 as the"
          + " socket stays open (no __sk_free)")
  boolean sockWfree(int truesize) {
    if (c != null) { // --ports c: the tree's sock_wfree
      boolean wakes = c.sockWfree(truesize, wmemAlloc + SK_WMEM_ALLOC_BASE, sndbuf,
          waiter != null);
      wmemAlloc = c.refcount() - SK_WMEM_ALLOC_BASE;
      return wakes;
    }
    // free = refcount_sub_and_test(len, &sk->sk_wmem_alloc)
    wmemAlloc -= Integer.toUnsignedLong(truesize);
    // sock_def_write_space_wfree: sock_writeable, then waitqueue_active
    return sockWriteable() && waiter != null;
  }

  /** sock_writeable: the refcount (base 1 included) below half of sk_sndbuf. */
  private boolean sockWriteable() {
    return wmemAlloc + SK_WMEM_ALLOC_BASE < (sndbuf >> 1);
  }

  /** Sets the state a captured socket had (port-check's records): charged bytes and sleeper. */
  void restore(long wmemAlloc, Task waiter) {
    this.wmemAlloc = wmemAlloc;
    this.waiter = waiter;
  }

  /** sk_wmem_alloc_get: the bytes charged, without the refcount's base. */
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
