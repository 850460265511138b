package io.nicsim.core.net;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * net/core/sock.c's sock_wfree as the tree's C on a bound UDP socket ({@code --ports c}): the
 * inverse of its harness in traffic's {@code SockHarnesses} (the skb's truesize, the socket's
 * sk_wmem_alloc refcount with sk_alloc's base, sk_sndbuf and whether a writer sleeps in
 * sock_wait_for_wmem in; the refcount the C leaves and its wake-up of the writer out). A
 * socket finds it through its device's kernel ({@code Kernel.inLoop}); the bridge that installs
 * it is {@code host.SockBridges}. The socket's own free (__sk_free), its async wake-up and a
 * WARN are never reached by nicsim's sockets (the record's note): the C making one fails the
 * run.
 */
public final class SockWfreeNative {
  private static final long WAKE = NativeOut.id("wake_up_interruptible_sync_poll");
  private static final long WMEM_ALLOC = NativeOut.id("sk_wmem_alloc");

  private final NativePort c;
  private final long[] in;
  private long refcount;

  public SockWfreeNative(NativePort c) {
    this.c = c;
    this.in = new long[c.inputs()];
  }

  /**
   * sock_wfree of an skb of {@code truesize} on a socket whose sk_wmem_alloc refcount is
   * {@code refcount}; returns whether the C woke the sleeping writer, and the refcount it left
   * is {@link #refcount()}.
   */
  public boolean sockWfree(int truesize, long refcount, int sndbuf, boolean sleeper) {
    in[0] = Integer.toUnsignedLong(truesize);
    in[1] = refcount;
    in[2] = sndbuf;
    in[3] = sleeper ? 1 : 0;
    if (refcount < 0 || refcount > Integer.MAX_VALUE) {
      throw new NativeFailure(c.label() + ": sk_wmem_alloc " + refcount + " outside the"
          + " refcount's range; " + NativeFailure.record(c, in));
    }
    NativeOut o = c.call(in);
    boolean wakes = false;
    long after = -1;
    while (o.next()) {
      if (o.isCall(WAKE) && !wakes) {
        wakes = true;
      } else if (o.isField(WMEM_ALLOC)) {
        after = o.value();
      } else {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    if (after < 0 || (wakes && !sleeper)) {
      throw new NativeFailure(c.label() + ": the C " + (after < 0 ? "left no sk_wmem_alloc"
          : "woke a writer that does not sleep") + "; " + NativeFailure.record(c, in));
    }
    this.refcount = after;
    return wakes;
  }

  /** The refcount the last {@link #sockWfree} left. */
  public long refcount() {
    return refcount;
  }
}
