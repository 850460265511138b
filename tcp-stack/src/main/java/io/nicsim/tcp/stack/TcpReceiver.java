package io.nicsim.tcp.stack;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.tcp.TcpPatches;

/**
 * The receiving TCP at the far end of a path: in-order and out-of-order queueing with SACK
 * blocks, and the kernel's ACK policy — quickack at the start, delayed ACKs with ATO
 * adaptation, an immediate ACK once more than one full segment is unacknowledged, immediate
 * duplicate ACKs for out-of-order data then SACK compression, an immediate ACK when a hole
 * fills. Optional GRO merges back-to-back in-order segments before the ACK decision, as if
 * the receiver's NAPI polled them together: a batch ends at a PSH segment (the last of each
 * sender TSO/GSO skb, tcp_gro_receive flushes there), at 64 KB, or after an idle gap. Works in stream offsets; the receive window never limits the sender.
 *
 * <p>Not modelled: receive-buffer autotuning (rcv_ssthresh starts at the clamp, so
 * tcp_grow_window never re-enters quickack), pingpong mode (the receiver never sends data),
 * D-SACK, timestamps. The receiver has no CPU model: it answers at the instant data arrives.
 */
public final class TcpReceiver {
  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  /* icsk_ack.pending */
  static final int ICSK_ACK_SCHED = 1;
  static final int ICSK_ACK_TIMER = 2;
  static final int ICSK_ACK_PUSHED = 4;
  static final int ICSK_ACK_PUSHED2 = 8;
  static final int ICSK_ACK_NOW = 16;

  static final int TCP_MAX_QUICKACKS = 16;
  static final int TCP_MSS_DEFAULT = 536;
  static final int TCP_FASTRETRANS_THRESH = 3;
  /** SACK blocks that fit beside the timestamp option. */
  static final int SACK_BLOCKS_SENT = 3;
  static final int TCP_NUM_SACKS = 4;

  /** Where the receiver's ACKs go (the path's way back to the sender). */
  @FunctionalInterface
  public interface AckSink {
    /** An ACK of {@code rcvNxt} with {@code n} SACK blocks (stream offsets), most recent first. */
    void ack(long rcvNxt, int window, long[] sackStart, long[] sackEnd, int n);
  }

  /**
   * Where the receiver runs: its clock, jiffies and two timers. The far end of a path runs on
   * the simulator's clock with events ({@link #TcpReceiver(Simulator, AckSink, PathConfig)});
   * a receiving host runs on its CPUs with a timer_list and an hrtimer (tcp-model's
   * {@code HostTcpReceiver}).
   */
  public interface Env {
    /** jiffies (tcp_jiffies32) now. */
    int jiffies();

    /** sk_reset_timer(sk, &icsk->icsk_delack_timer, expires): at jiffy {@code expires}. */
    void delackTimerReset(int expires);

    /** sk_stop_timer of the delayed-ACK timer. */
    void delackTimerCancel();

    /** hrtimer_is_queued(&tp->compressed_ack_timer). */
    boolean compressedAckTimerQueued();

    /** hrtimer_start(&tp->compressed_ack_timer, delay, HRTIMER_MODE_REL_PINNED_SOFT). */
    void compressedAckTimerStart(long delayNs);

    /** hrtimer_try_to_cancel of the compressed-ACK timer. */
    void compressedAckTimerCancel();

    /** Bytes received in order that the reader has not copied yet (rcv_nxt - copied_seq). */
    default long unread() {
      return 0;
    }

    /** The window the next ACK advertises, given the receiver's constant one. */
    default int window(int rcvWnd) {
      return rcvWnd;
    }
  }

  private final Simulator sim;
  private final Env env;
  private final AckSink path;
  private final int hz;
  private final int advmss;
  private final int rcvWnd;
  private final long compSackDelayNs;
  private final int compSackNr;
  private final int compSackRttPercentValue;
  private final long groFlushNs;
  /** ato-delack-max-cap: ATO grows to at most TCP_DELACK_MAX (6.12.105+, v7.2). */
  private final boolean atoDelackMaxCap;
  /** ato-8bit: icsk_ack.ato keeps 8 bits (v6.15, 6.12.55+). */
  private final boolean ato8bit;
  /** delack-max-from-rto-min: tcp_delack_max() caps the delayed ACK (v6.7). */
  private final boolean delackMaxFromRtoMin;
  /** comp-sack-rtt-percent: the SACK-compression delay is a percentage of the RTT. */
  private final boolean compSackRttPercent;
  /** {@code --ports c}: the host's ACK decisions as the tree's C; null otherwise. */
  ReceiverNative c;
  /** tcp_send_ack(): the ACK leaves ({@link #transmitAck}; a harness records the call). */
  Runnable tcpSendAck = this::transmitAck;

  /* tcp_sock receive side, in stream offsets */
  long rcvNxt;
  long rcvWup;
  private final long[] oooStart = new long[64];
  private final long[] oooEnd = new long[64];
  private int oooCount;
  final long[] sackStart = new long[TCP_NUM_SACKS];
  final long[] sackEnd = new long[TCP_NUM_SACKS];
  int numSacks;
  int compressedAck;
  int dupAckCounter;
  long compressedAckRcvNxt = -1;

  /* icsk_ack */
  int rcvMss;
  int quick;
  /** icsk_ack.ato: written through {@link #setAto} (an 8-bit field in the ato-8bit era). */
  int ato;
  int lrcvtime;
  int pending;
  int lastSegSize;
  int ackTimeout;
  /** icsk_rto and srtt_us from the handshake; the receiver never takes other samples. */
  final int icskRto;
  final long srttUs;
  /**
   * tcp_sock.rcv_rtt_est.rtt_us (shifted by 3, as srtt_us): the model's receivers take no
   * receive-side RTT samples, so it starts at the handshake's srtt and stays there.
   */
  long rcvRttUs;

  /* GRO */
  private long groStart = -1;
  private int groLen;
  private boolean groPsh;

  /* statistics */
  long bytesReceived;
  long acksSent;
  long segmentsReceived;
  long outOfOrder;

  private final Event delackTimer = new Event() {
    @Override
    protected void fire() {
      delackTimerHandler();
    }

    @Override
    public boolean nestable() {
      return true; // the far end
    }
  };
  private final Event compressedAckTimer = new Event() {
    @Override
    protected void fire() {
      compressedAckKick();
    }

    @Override
    public boolean nestable() {
      return true; // the far end
    }
  };
  private final Event groFlush = new Event() {
    @Override
    protected void fire() {
      groFlushNow();
    }

    @Override
    public boolean nestable() {
      return true; // the far end
    }
  };

  /**
   * The receiver at the far end of a path: the simulator's clock, events for its timers, the
   * receive path of nicsim's fixed peer, a current server kernel ({@link FarEnd#FIXED}, v6.17, as
   * {@link PeerSender}'s by default).
   */
  public TcpReceiver(Simulator sim, AckSink path, PathConfig cfg) {
    this(sim, null, path, cfg, TcpPatches.CATALOG.forKernel(FarEnd.FIXED));
  }

  /**
   * A receiver in {@code env} (GRO, when the config asks for it, needs {@code sim}) whose
   * kernel has {@code patches}.
   */
  public TcpReceiver(Simulator sim, Env env, AckSink path, PathConfig cfg, PatchSet patches) {
    this(sim, env, path, patches, cfg.receiverHz(), cfg.mss(), cfg.receiveWindow(),
        cfg.groFlushNs(), (cfg.baseRttNs() / 1000) << 3,
        // __tcp_set_rto from one sample: srtt + max(2 * rtt, TCP_RTO_MIN)
        usecsToJiffies(cfg.baseRttNs() / 1000 + Math.max(2 * (cfg.baseRttNs() / 1000), 200_000L),
            cfg.receiverHz()));
    // tcp_initialize_rcv_mss: min(advmss, mss_cache, rcv_wnd / 2, TCP_MSS_DEFAULT)
    this.rcvMss = Math.max(Math.min(Math.min(advmss, rcvWnd / 2), TCP_MSS_DEFAULT), 88);
  }

  /**
   * A receiver with its handshake's results given directly (srtt_us as the kernel keeps it,
   * shifted by 3; icsk_rto in jiffies): the port-check harnesses' socket.
   */
  TcpReceiver(Simulator sim, Env env, AckSink path, PatchSet patches, int hz, int advmss,
      int rcvWnd, long groFlushNs, long srttUs, int icskRto) {
    this.sim = sim;
    this.atoDelackMaxCap = patches.has(TcpPatches.ATO_DELACK_MAX_CAP);
    this.ato8bit = patches.has(TcpPatches.ATO_8BIT);
    this.delackMaxFromRtoMin = patches.has(TcpPatches.DELACK_MAX_FROM_RTO_MIN);
    this.compSackRttPercent = patches.has(TcpPatches.COMP_SACK_RTT_PERCENT);
    this.env = env != null ? env : new FarEnv(sim, 1_000_000_000L / hz);
    this.path = path;
    this.hz = hz;
    this.advmss = advmss;
    this.rcvWnd = rcvWnd;
    this.compSackDelayNs = 1_000_000L; // tcp_comp_sack_delay_ns
    this.compSackNr = 44; // tcp_comp_sack_nr
    this.compSackRttPercentValue = 33; // tcp_comp_sack_rtt_percent
    this.groFlushNs = groFlushNs;
    this.srttUs = srttUs;
    this.rcvRttUs = srttUs;
    this.icskRto = icskRto;
  }

  private int jiffies() {
    return env.jiffies();
  }

  Env env() {
    return env;
  }

  int hz() {
    return hz;
  }

  int rcvWnd() {
    return rcvWnd;
  }

  boolean hasOoo() {
    return oooCount > 0;
  }

  /** The far end's environment: the simulator's clock, its timers as events. */
  private final class FarEnv implements Env {
    private final Simulator sim;
    private final long tickNs;

    FarEnv(Simulator sim, long tickNs) {
      this.sim = sim;
      this.tickNs = tickNs;
    }

    /** The jiffy answered last: from {@code jiffyStart} (ns) for one tick. */
    private long jiffyStart = Long.MAX_VALUE;
    private int jiffy;

    @Override
    public int jiffies() {
      long now = sim.now();
      // asked on every segment: the last jiffy's value while the clock is inside it, without
      // the 64-bit division (a runtime call in C1's code)
      if (now >= jiffyStart && now - jiffyStart < tickNs) {
        return jiffy;
      }
      long ticks = now / tickNs;
      if (now >= 0) {
        jiffyStart = ticks * tickNs;
        jiffy = (int) ticks;
      }
      return (int) ticks;
    }

    @Override
    public void delackTimerReset(int expires) {
      sim.schedule(delackTimer, Math.max(sim.now(), (long) expires * tickNs));
    }

    @Override
    public void delackTimerCancel() {
      sim.cancel(delackTimer);
    }

    @Override
    public boolean compressedAckTimerQueued() {
      return compressedAckTimer.isScheduled();
    }

    @Override
    public void compressedAckTimerStart(long delayNs) {
      sim.schedule(compressedAckTimer, sim.now() + delayNs);
    }

    @Override
    public void compressedAckTimerCancel() {
      sim.cancel(compressedAckTimer);
    }
  }

  /** usecs_to_jiffies() for an HZ that divides a second: rounding up. */
  private static int usecsToJiffies(long us, int hz) {
    return (int) ((us * hz + 999_999L) / 1_000_000L);
  }

  private int usecsToJiffies(long us) {
    return usecsToJiffies(us, hz);
  }

  /** A store to icsk_ack.ato: its low 8 bits in the ato-8bit era (ATO_BITS). */
  private void setAto(int v) {
    ato = ato8bit ? v & 0xFF : v;
  }

  /** min() of two u32s. */
  private static int umin(int a, int b) {
    return Integer.compareUnsigned(a, b) <= 0 ? a : b;
  }

  /**
   * tcp_delack_max(sk): icsk_delack_max (TCP_DELACK_MAX, no route option), since
   * delack-max-from-rto-min at most max(tcp_rto_min(sk), 2) - 1 (TCP_RTO_MIN = HZ/5).
   */
  private int delackMax() {
    int delackMax = tcpDelackMax();
    if (delackMaxFromRtoMin) {
      delackMax = umin(delackMax, Math.max(hz / 5, 2) - 1);
    }
    return delackMax;
  }

  /** min3() of three u32s. */
  private static int umin3(int a, int b, int c) {
    int m = Integer.compareUnsigned(a, b) <= 0 ? a : b;
    return Integer.compareUnsigned(m, c) <= 0 ? m : c;
  }

  private int tcpAtoMin() {
    return Math.max(hz / 25, 1); // TCP_ATO_MIN = HZ/25
  }

  private int tcpDelackMax() {
    return hz / 5;
  }

  /* ---------------- arrival ---------------- */

  /** A data segment arrived (after the path): GRO or straight to the TCP receive path. */
  public void segment(long offset, int len, boolean psh) {
    segmentsReceived++;
    if (groFlushNs <= 0) {
      rcvEstablished(offset, len, len, psh);
      return;
    }
    // napi_gro_receive: merge in-order back-to-back segments of the same sender skb
    if (groStart >= 0 && offset == groStart + groLen && groLen + len <= 65536) {
      groLen += len;
      groPsh = psh;
      sim.schedule(groFlush, sim.now() + groFlushNs); // the batch ends after an idle gap
    } else {
      groFlushNow();
      groStart = offset;
      groLen = len;
      groPsh = psh;
      sim.schedule(groFlush, sim.now() + groFlushNs);
    }
    if (psh) {
      groFlushNow(); // tcp_gro_receive flushes on PSH
    }
  }

  private void groFlushNow() {
    if (groStart < 0) {
      return;
    }
    sim.cancel(groFlush);
    long start = groStart;
    int len = groLen;
    boolean psh = groPsh;
    groStart = -1;
    rcvEstablished(start, len, Math.min(len, advmss), psh);
  }

  /** tcp_rcv_established for a data skb of {@code len} bytes ({@code gsoSize} per segment). */
  void rcvEstablished(long seq, int len, int gsoSize, boolean psh) {
    boolean ofo = dataQueue(seq, len, gsoSize, psh);
    if ((pending & ICSK_ACK_SCHED) != 0) {
      ackSndCheck(ofo ? 1 : 0); // tcp_ack_snd_check
    }
  }

  /**
   * tcp_data_queue, reduced to sequence handling: in order → advance and run
   * tcp_event_data_recv; a filled hole asks for an immediate ACK; out of order → the OOO queue
   * and SACK blocks; old data → quickack. Returns whether the OOO path may apply.
   */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_data_queue", versions = "v6.1..v6.18",
      source = SRC, notes = "sequence handling and ACK scheduling only; no memory accounting;"
          + " the 6.18.19 text is 6.12.118's")
  boolean dataQueue(long seq, int len, int gsoSize, boolean psh) {
    long end = seq + len;
    if (seq == rcvNxt) {
      rcvNxt = end;
      bytesReceived += len;
      eventDataRecv(len, gsoSize, psh);
      if (oooCount > 0) {
        ofoQueue();
        // RFC 5681 4.2: ACK at once when a gap is filled
        if (oooCount == 0) {
          pending |= ICSK_ACK_NOW;
        }
      }
      if (numSacks > 0) {
        sackRemove();
      }
      return oooCount > 0;
    }
    if (end <= rcvNxt) {
      // a retransmit of data we have: force an immediate ACK
      enterQuickackMode(TCP_MAX_QUICKACKS);
      pending |= ICSK_ACK_SCHED;
      return true;
    }
    if (seq < rcvNxt) {
      // partial overlap: take the new part in order
      return dataQueue(rcvNxt, (int) (end - rcvNxt), gsoSize, psh);
    }
    // out of order (tcp_data_queue_ofo)
    outOfOrder++;
    pending |= ICSK_ACK_SCHED;
    addOoo(seq, end);
    sackNewOfoSkb(seq, end);
    return true;
  }

  void addOoo(long seq, long end) {
    int i = 0;
    while (i < oooCount && oooStart[i] < seq) {
      i++;
    }
    if (oooCount == oooStart.length) {
      return; // queue full: drop (the sender will retransmit)
    }
    System.arraycopy(oooStart, i, oooStart, i + 1, oooCount - i);
    System.arraycopy(oooEnd, i, oooEnd, i + 1, oooCount - i);
    oooStart[i] = seq;
    oooEnd[i] = end;
    oooCount++;
    // merge neighbours
    int w = 0;
    for (int r = 0; r < oooCount; r++) {
      if (w > 0 && oooStart[r] <= oooEnd[w - 1]) {
        oooEnd[w - 1] = Math.max(oooEnd[w - 1], oooEnd[r]);
      } else {
        oooStart[w] = oooStart[r];
        oooEnd[w] = oooEnd[r];
        w++;
      }
    }
    oooCount = w;
  }

  /** tcp_ofo_queue: move now-in-order data from the OOO queue. */
  private void ofoQueue() {
    while (oooCount > 0 && oooStart[0] <= rcvNxt) {
      if (oooEnd[0] > rcvNxt) {
        bytesReceived += oooEnd[0] - rcvNxt;
        rcvNxt = oooEnd[0];
      }
      System.arraycopy(oooStart, 1, oooStart, 0, oooCount - 1);
      System.arraycopy(oooEnd, 1, oooEnd, 0, oooCount - 1);
      oooCount--;
    }
  }

  /** tcp_sack_new_ofo_skb: extend a block and rotate it first, or add a new first block. */
  private void sackNewOfoSkb(long seq, long end) {
    for (int i = 0; i < numSacks; i++) {
      if (seq <= sackEnd[i] && end >= sackStart[i]) {
        sackStart[i] = Math.min(sackStart[i], seq);
        sackEnd[i] = Math.max(sackEnd[i], end);
        for (int j = i; j > 0; j--) {
          swapSack(j, j - 1);
        }
        maybeCoalesce();
        return;
      }
    }
    int n = Math.min(numSacks, TCP_NUM_SACKS - 1);
    for (int j = n; j > 0; j--) {
      sackStart[j] = sackStart[j - 1];
      sackEnd[j] = sackEnd[j - 1];
    }
    sackStart[0] = seq;
    sackEnd[0] = end;
    numSacks = n + 1;
  }

  private void maybeCoalesce() {
    for (int i = 1; i < numSacks; ) {
      if (sackStart[i] <= sackEnd[0] && sackEnd[i] >= sackStart[0]) {
        sackStart[0] = Math.min(sackStart[0], sackStart[i]);
        sackEnd[0] = Math.max(sackEnd[0], sackEnd[i]);
        for (int j = i; j < numSacks - 1; j++) {
          sackStart[j] = sackStart[j + 1];
          sackEnd[j] = sackEnd[j + 1];
        }
        numSacks--;
      } else {
        i++;
      }
    }
  }

  private void swapSack(int a, int b) {
    long s = sackStart[a];
    long e = sackEnd[a];
    sackStart[a] = sackStart[b];
    sackEnd[a] = sackEnd[b];
    sackStart[b] = s;
    sackEnd[b] = e;
  }

  /** tcp_sack_remove: drop blocks now below rcv_nxt. */
  private void sackRemove() {
    int w = 0;
    for (int i = 0; i < numSacks; i++) {
      if (sackEnd[i] > rcvNxt) {
        sackStart[w] = sackStart[i];
        sackEnd[w] = sackEnd[i];
        w++;
      }
    }
    numSacks = oooCount == 0 ? 0 : w;
  }

  /* ---------------- ACK policy ---------------- */

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_measure_rcv_mss",
      versions = "v6.1..v6.18", source = SRC,
      notes = "only the full-segment branch and PUSHED marking; no scaling_ratio (whose"
          + " window_clamp store v6.18 makes tcp_set_window_clamp)")
  void measureRcvMss(int len, int gsoSize, boolean psh) {
    int l = gsoSize != 0 ? gsoSize : len;
    lastSegSize = 0;
    if (l >= rcvMss) {
      rcvMss = Math.min(l, advmss);
      if (psh) {
        pending |= ICSK_ACK_PUSHED;
      }
    } else {
      if ((pending & ICSK_ACK_PUSHED) != 0) {
        pending |= ICSK_ACK_PUSHED2;
      }
      pending |= ICSK_ACK_PUSHED;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_incr_quickack",
      versions = "v5.0..v6.18", commits = {"15492700ac41"}, source = SRC,
      notes = "icsk_ack.quick is a u8")
  void incrQuickack(int maxQuickacks) {
    if (c != null && c.run(c.incrQuickack, this, Integer.toUnsignedLong(maxQuickacks))) {
      return; // --ports c: the tree's C
    }
    // rcv_wnd (u32) / (2 * rcv_mss): an unsigned division
    int quickacks = Integer.divideUnsigned(rcvWnd, 2 * rcvMss);

    if (quickacks == 0) {
      quickacks = 2;
    }
    quickacks = umin(quickacks, maxQuickacks);
    if (Integer.compareUnsigned(quickacks, quick) > 0) {
      quick = quickacks & 0xFF; // icsk_ack.quick is a u8
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_enter_quickack_mode",
      versions = "v5.0..v6.18", commits = {"15492700ac41"}, source = SRC,
      notes = "pingpong is never set on a pure receiver; ato an 8-bit field with 15492700ac41")
  void enterQuickackMode(int maxQuickacks) {
    if (c != null && c.run(c.enterQuickack, this, Integer.toUnsignedLong(maxQuickacks))) {
      return; // --ports c: the tree's C
    }
    incrQuickack(maxQuickacks);
    // inet_csk_exit_pingpong_mode: pingpong is never set on a pure receiver
    setAto(tcpAtoMin());
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_in_quickack_mode",
      versions = "v5.0..v6.18", commits = {"15492700ac41"}, source = SRC,
      notes = "no route RTAX_QUICKACK (dst_quick_ack since 15492700ac41), never pingpong")
  boolean inQuickackMode() {
    if (c != null) { // --ports c: the tree's C
      int r = c.inQuickackMode(this);
      if (r >= 0) {
        return r != 0;
      }
    }
    return quick != 0;
  }

  /** Per data skb: schedule an ACK and adapt the delayed-ACK timeout to the arrival gaps. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_event_data_recv",
      versions = "v5.0..v6.18", commits = {"60837e4b840a"}, source = SRC,
      notes = "tcp_grow_window not modelled; ato capped at TCP_DELACK_MAX with 60837e4b840a"
          + " (6.12.105+); v6.18 renames tcp_ecn_check_ce tcp_data_ecn_check (ECN not"
          + " modelled)")
  void eventDataRecv(int len, int gsoSize, boolean psh) {
    int now;

    pending |= ICSK_ACK_SCHED; // inet_csk_schedule_ack

    measureRcvMss(len, gsoSize, psh);

    now = jiffies();

    if (ato == 0) {
      // the first data packet: start the delayed-ACK engine in quickack mode
      incrQuickack(TCP_MAX_QUICKACKS);
      setAto(tcpAtoMin());
    } else {
      int m = now - lrcvtime;

      if (m <= tcpAtoMin() / 2) {
        setAto((ato >> 1) + tcpAtoMin() / 2);
      } else if (m < ato) {
        if (atoDelackMaxCap) {
          // min3((ato >> 1) + (u32)m, icsk_rto, (u32)TCP_DELACK_MAX), all u32
          setAto(umin3((ato >> 1) + m, icskRto, tcpDelackMax()));
        } else {
          setAto((ato >> 1) + m);
          if (Integer.compareUnsigned(ato, icskRto) > 0) { // u32 fields
            setAto(icskRto);
          }
        }
      } else if (m > icskRto) {
        // a long gap: the sender failed to restart its window, ACK quickly
        incrQuickack(TCP_MAX_QUICKACKS);
      }
    }
    lrcvtime = now;
  }

  /** Send an ACK now, or arm the delayed ACK, or compress SACKs. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "__tcp_ack_snd_check",
      versions = "v6.1..v6.18", commits = {"eab39089417d"}, source = SRC,
      notes = "SO_RCVLOWAT unset and the window never shrinks, so the first test reduces to "
          + "'more than one full segment unacknowledged'; the SACK-compression delay a"
          + " percentage of the RTT with eab39089417d (the 6.18.19 tree, mainline v6.19)")
  void ackSndCheck(int ofoPossible) {
    if (c != null && c.run(c.ackSndCheck, this, ofoPossible)) {
      return; // --ports c: the tree's C
    }
    if ((rcvNxt - rcvWup > rcvMss) // more than one full frame received
        || inQuickackMode()
        || (pending & ICSK_ACK_NOW) != 0) {
      tcpSendAck.run();
      return;
    }

    if (ofoPossible == 0 || oooCount == 0) {
      sendDelayedAck();
      return;
    }

    if (compressedAck >= compSackNr) {
      tcpSendAck.run();
      return;
    }

    if (compressedAckRcvNxt != rcvNxt) {
      compressedAckRcvNxt = rcvNxt;
      dupAckCounter = 0;
    }
    if (dupAckCounter < TCP_FASTRETRANS_THRESH) {
      dupAckCounter++;
      tcpSendAck.run();
      return;
    }
    compressedAck++;
    if (env.compressedAckTimerQueued()) {
      return;
    }

    // the receive RTT estimate, or srtt when there is one and it is smaller (u32s)
    long rtt = rcvRttUs & 0xFFFF_FFFFL;
    long srtt = srttUs & 0xFFFF_FFFFL;
    if (srtt != 0 && srtt < rtt) {
      rtt = srtt;
    }
    long delay;
    if (compSackRttPercent) {
      // (rtt >> 3) us * percent / 100 in ns, as rtt * 1.25 * percent (u64); at most delay_ns
      delay = (rtt + (rtt >> 2)) * compSackRttPercentValue;
      delay = Long.compareUnsigned(delay, compSackDelayNs) <= 0 ? delay : compSackDelayNs;
    } else {
      // 5 % of the RTT: rtt * (NSEC_PER_USEC >> 3) / 20, unsigned long; at most delay_ns
      delay = Math.min(compSackDelayNs, rtt * (1000 >> 3) / 20);
    }
    env.compressedAckTimerStart(delay);
  }

  /** tcp_compressed_ack_kick: the compressed-ACK hrtimer fired. */
  void compressedAckKick() {
    if (compressedAck != 0) {
      tcpSendAck.run();
    }
  }

  /**
   * tcp_sack_compress_send_ack(): cancel the compressed-ACK hrtimer, forget the compressed
   * count, send the ACK.
   */
  void sackCompressSendAck() {
    if (compressedAck == 0) {
      return;
    }
    env.compressedAckTimerCancel();
    compressedAck = 0;
    tcpSendAck.run();
  }

  /** Arm the delayed-ACK timer at ato, bounded by the RTT and TCP_DELACK_MAX. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_send_delayed_ack",
      versions = "v6.1..v6.18", commits = {"bbf80d713fe7"}, source = SRC,
      notes = "never pingpong; tcp_delack_max() from bbf80d713fe7 (v6.7) with no route"
          + " RTO_MIN or setsockopt")
  void sendDelayedAck() {
    if (c != null && c.run(c.sendDelayedAck, this, 0)) {
      return; // --ports c: the tree's C
    }
    int a = ato;
    int timeout;

    // int ato against the unsigned TCP_DELACK_MIN: an unsigned compare
    if (Integer.compareUnsigned(a, tcpAtoMin()) > 0) {
      int maxAto = hz / 2;

      // pingpong is never set on a pure receiver
      if ((pending & ICSK_ACK_PUSHED) != 0) {
        maxAto = tcpDelackMax();
      }

      // an RTT estimate, when there is one, bounds the delayed ACK
      if (srttUs != 0) {
        int rtt = Math.max(usecsToJiffies((srttUs & 0xFFFF_FFFFL) >> 3), tcpAtoMin());
        if (rtt < maxAto) {
          maxAto = rtt;
        }
      }

      a = Math.min(a, maxAto);
    }

    a = umin(a, delackMax()); // min_t(u32, ...)

    timeout = jiffies() + a;

    // keep an earlier pending timer
    if ((pending & ICSK_ACK_TIMER) != 0) {
      // about to expire anyway: ACK now
      if (ackTimeout - (jiffies() + (a >> 2)) <= 0) {
        tcpSendAck.run();
        return;
      }

      if (!(timeout - ackTimeout < 0)) {
        timeout = ackTimeout;
      }
    }
    pending |= ICSK_ACK_SCHED | ICSK_ACK_TIMER;
    ackTimeout = timeout;
    env.delackTimerReset(timeout);
  }

  @KernelPort(file = "net/ipv4/tcp_timer.c", function = "tcp_delack_timer_handler",
      versions = "v6.1..v6.18", commits = {"60837e4b840a", "15492700ac41"}, source = SRC,
      notes = "ato capped at TCP_DELACK_MAX with 60837e4b840a (6.12.105+), an 8-bit field with"
          + " 15492700ac41 (v6.15, 6.12.55+); never pingpong; tcp_mstamp not kept")
  void delackTimerHandler() {
    if (c != null && c.run(c.delackTimer, this, 0)) {
      return; // --ports c: the tree's C
    }
    if (compressedAck != 0) {
      sackCompressSendAck();
      return;
    }
    if ((pending & ICSK_ACK_TIMER) == 0) {
      return;
    }
    if (ackTimeout - jiffies() > 0) {
      env.delackTimerReset(ackTimeout);
      return;
    }
    pending &= ~ICSK_ACK_TIMER;
    if ((pending & ICSK_ACK_SCHED) != 0) {
      // delayed ACK missed: inflate ATO (up to TCP_DELACK_MAX with ato-delack-max-cap); a
      // pure receiver is never in pingpong mode
      setAto(atoDelackMaxCap ? umin3(ato << 1, icskRto, tcpDelackMax())
          : umin(ato << 1, icskRto));
      tcpSendAck.run();
    }
  }

  /** An ACK now (tcp_send_ack), for a host's tcp_cleanup_rbuf. */
  void sendAckNow() {
    tcpSendAck.run();
  }

  /** tcp_send_ack → __tcp_transmit_skb → tcp_event_ack_sent: the ACK leaves. */
  private void transmitAck() {
    // tcp_event_ack_sent: tcp_dec_quickack_mode, then clear the delayed-ACK state
    if (quick != 0) {
      int pkts = (pending & ICSK_ACK_SCHED) != 0 ? 1 : 0;
      if (pkts >= quick) {
        quick = 0;
        setAto(tcpAtoMin()); // leaving quickack mode deflates ATO
      } else {
        quick -= pkts;
      }
    }
    pending = 0;
    env.delackTimerCancel();
    compressedAck = 0;
    env.compressedAckTimerCancel();
    rcvWup = rcvNxt; // tcp_select_window
    acksSent++;
    int n = Math.min(numSacks, SACK_BLOCKS_SENT);
    path.ack(rcvNxt, env.window(rcvWnd), sackStart, sackEnd, n);
  }

  public long bytesReceived() {
    return bytesReceived;
  }

  public long acksSent() {
    return acksSent;
  }

  public long rcvNxt() {
    return rcvNxt;
  }

  public long outOfOrderSegments() {
    return outOfOrder;
  }
}
