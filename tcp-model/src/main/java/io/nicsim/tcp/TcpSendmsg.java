package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * The parts of net/ipv4/tcp.c a bulk writer exercises: {@code tcp_sendmsg_locked} filling
 * size_goal skbs from page frags until sndbuf is full, and connection establishment.
 */
public final class TcpSendmsg {
  private TcpSendmsg() {}

  static final String SRC = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013";

  /** tcp_bound_to_half_wnd(): an int packet size against an int cutoff (signed compare). */
  static int boundToHalfWnd(TcpSock tp, int pktsize) {
    int cutoff;

    // never send more than half the largest window the peer advertised (max_window a u32)
    if (Integer.compareUnsigned(tp.maxWindow, 536) > 0) {
      cutoff = tp.maxWindow >>> 1;
    } else {
      cutoff = tp.maxWindow;
    }

    if (cutoff != 0 && pktsize > cutoff) {
      // max_t(int, cutoff, 68U - tcp_header_len)
      return Math.max(cutoff, 68 - tp.sysctl.tcpHeaderLen);
    }
    return pktsize;
  }

  /**
   * Bytes per skb the writer fills: as many MSS as one GSO packet holds. gso_segs is a u16,
   * the goals u32s; {@code largeAllowed} is tcp_send_mss's !(flags &amp; MSG_OOB).
   */
  @KernelPort(file = "net/ipv4/tcp.c", function = "tcp_xmit_size_goal",
      versions = "v5.0..v6.18", commits = {"ab14f1802cfb"}, source = SRC,
      notes = "before ab14f1802cfb (v5.18) the goal starts from sk_gso_max_size - 1 -"
          + " MAX_TCP_HEADER; since, sk_setup_caps subtracts that once (TcpSock's constructor)")
  static int xmitSizeGoal(TcpSock tp, int mssNow, boolean largeAllowed) {
    if (tp.sizeGoalC != null) { // --ports c: the tree's C
      int goal = tp.sizeGoalC.sizeGoal(tp, mssNow, largeAllowed);
      if (goal != TcpSizeGoalHook.JAVA) {
        return goal;
      }
    }
    int newSizeGoal;
    int sizeGoal;

    if (!largeAllowed) {
      return mssNow;
    }

    // tcp_tso_autosize() will split this later
    newSizeGoal = boundToHalfWnd(tp, tp.patchSkGsoMaxSizeAdjusted ? tp.skGsoMaxSize
        : tp.skGsoMaxSize - 1 - tp.sysctl.maxTcpHeader);

    sizeGoal = (tp.gsoSegs & 0xFFFF) * mssNow;
    if (Integer.compareUnsigned(newSizeGoal, sizeGoal) < 0
        || Integer.compareUnsigned(newSizeGoal, sizeGoal + mssNow) >= 0) {
      // min_t(u16, new_size_goal / mss_now, sk_gso_max_segs): both truncated to u16
      tp.gsoSegs = Math.min(Integer.divideUnsigned(newSizeGoal, mssNow) & 0xFFFF,
          tp.skGsoMaxSegs & 0xFFFF);
      sizeGoal = tp.gsoSegs * mssNow;
    }

    return Seq.umax(sizeGoal, mssNow);
  }

  /** sk_stream_memory_free() with tcp_notsent_lowat unset. */
  static boolean streamMemoryFree(TcpSock sk) {
    return sk.skWmemQueued < sk.skSndbuf;
  }

  /**
   * Copy up to {@code size} bytes into the write queue, as a blocking write that returns when
   * sndbuf is full; then push. Returns the bytes accepted; when fewer than asked the socket is
   * marked SOCK_NOSPACE and {@link TcpSock#writeSpace} will be called when room frees up.
   */
  @KernelPort(file = "net/ipv4/tcp.c", function = "tcp_sendmsg_locked",
      versions = "v5.0..v6.18", source = SRC,
      notes = "zerocopy, MSG_OOB/EOR, autocorking and the in-loop tcp_push_one/forced push "
          + "are left out: the write queue is filled first, then pushed once; v6.18's changes"
          + " (devmem TX bindings, cmsg parsed first, the tracepoint, tcp_tx_timestamp's"
          + " sockcm_cookie) are all in what the port leaves out")
  public static long sendmsgLocked(TcpSock tp, long size) {
    long copied = 0;
    int mssNow;
    int sizeGoal;

    TcpRate.checkAppLimited(tp); // is sending application-limited?

    mssNow = TcpOutput.currentMss(tp);
    sizeGoal = xmitSizeGoal(tp, mssNow, true); // no MSG_OOB

    while (copied < size) {
      TcpSkb skb = tp.writeQueue.tail();
      int copy = skb == null ? 0 : sizeGoal - skb.len;

      if (copy <= 0 || skb.eor) {
        if (!streamMemoryFree(tp)) {
          // wait_for_space
          tp.sockNoSpace = true;
          break;
        }
        skb = TcpOutput.streamAllocSkb(tp);
        // tcp_skb_entail
        skb.seq = tp.writeSeq;
        skb.endSeq = tp.writeSeq;
        tp.writeQueue.addTail(skb);
        tp.skWmemQueued += skb.truesize;
        copy = sizeGoal;
      }

      if (copy > size - copied) {
        copy = (int) (size - copied);
      }

      // payload lands in page frags: len and truesize grow alike
      skb.len += copy;
      skb.truesize += copy;
      tp.skWmemQueued += copy;
      tp.writeSeq += copy;
      skb.endSeq += copy;
      skb.pcount = 0;

      copied += copy;
    }

    TcpOutput.pushPendingFrames(tp, mssNow, tp.nonagle);
    return copied;
  }

  /**
   * The active open completed: the SYN's RTT sample, initial cwnd, congestion control and
   * buffer setup, in tcp_rcv_synsent_state_process / tcp_init_transfer order.
   *
   * @param iss initial send sequence number (after the SYN)
   * @param peerWindow the receiver's scaled window, bytes
   * @param synRttUs SYN to SYN-ACK round trip, us
   */
  public static void establish(TcpSock tp, int iss, int peerWindow, long synRttUs) {
    tp.mstampRefresh();
    tp.sndUna = iss;
    tp.sndNxt = iss;
    tp.writeSeq = iss;
    tp.sndSml = iss;
    tp.highSeq = iss;
    tp.cwndUsageSeq = iss;
    tp.sndWnd = peerWindow;
    tp.maxWindow = peerWindow;
    tp.rttMin.reset(tp.tcpJiffies32(), ~0);
    tp.icskRto = tp.sysctl.hz; // TCP_TIMEOUT_INIT

    // tcp_ack() of the SYN-ACK: RTT sample, then tcp_cong_control() with nothing delivered
    TcpInput.synRttSample(tp, synRttUs);
    if (!tp.ca.hasCongControl()) {
      TcpInput.updatePacingRate(tp);
    }

    // tcp_init_transfer()
    tp.sndCwndSet(tp.sysctl.initCwnd);
    tp.sndCwndStamp = tp.tcpJiffies32();
    tp.ca.init(tp); // tcp_init_congestion_control
    TcpInput.sndbufExpand(tp); // tcp_init_buffer_space
  }
}
