package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.List;

/**
 * net/ipv4/tcp_output.c's {@code tcp_write_xmit} and {@code __tcp_push_pending_frames}, and the
 * retransmit path's {@code tcp_xmit_retransmit_queue} and {@code tcp_retransmit_skb}
 * ({@code __tcp_retransmit_skb}, {@code skb_still_in_host_queue} inside), and TSQ's work
 * function ({@code tcp_tasklet_func}; {@code tcp_tsq_workfn} from v6.17) and
 * {@code tcp_pace_kick} ({@code tcp_tsq_handler}, {@code tcp_tsq_write} inside), as the
 * tree's C on a live socket ({@code --ports c}), with everything the tree compiles beneath them
 * (the cwnd, window, Nagle and TSO-deferral tests, {@code tcp_mss_split_point},
 * {@code tso_fragment}, {@code tcp_small_queue_check}, {@code __tcp_transmit_skb} up to
 * {@code ip_queue_xmit}, {@code tcp_event_new_data_sent}, {@code tcp_cwnd_validate}...): the
 * tcp-output harness inverted. The socket goes in as {@link HarnessSocket#capture} writes it,
 * both queues whole after the call's arguments (the loop's record, state.c's
 * {@code nicsim_loop_begin}: at most {@link TcpOutputHarnesses#LOOP_SKBS} skbs each) with the
 * sent list's order and the hints.
 *
 * <p>What the C asks of the model stops it: {@code ip_queue_xmit} (the model's IP output, qdisc
 * and driver run there, on the live skb) and the congestion module's hooks (the live module
 * answers). At a stop the C prints the socket; the bridge brings the live socket and its queues
 * to that state, makes the call on the model, and runs the function again from the same record
 * with one answer more (its return value and the socket fields and clock the model moved),
 * until it returns. The C's other calls below TCP (the retransmit timer, the pacing hrtimer, the
 * writer's wake-up, WARN_ON) are replayed on the model in its order. The queues' edits come back
 * onto the live skbs: an skb sent moves to the retransmit queue, one {@code tso_fragment}
 * splits gets a new live skb for its tail, one {@code tcp_grow_skb} empties is freed.
 *
 * <p>A socket the record cannot hold runs the Java port for that call, counted by reason in the
 * run header: a queue longer than the record's skbs, a queue whose sequence numbers are not
 * contiguous, a hint or sent-list skb outside the retransmit queue.
 */
final class TcpWriteXmitNative extends StopLoop implements TcpWriteXmitHook {
  static final String WRITE_XMIT = TcpOutputHarnesses.OUTPUT_C + " tcp_write_xmit";
  static final String PUSH_PENDING = TcpOutputHarnesses.OUTPUT_C
      + " __tcp_push_pending_frames";
  static final String RETRANSMIT_SKB = TcpOutputHarnesses.OUTPUT_C + " tcp_retransmit_skb";
  static final String XMIT_RETRANSMIT_QUEUE = TcpOutputHarnesses.OUTPUT_C
      + " tcp_xmit_retransmit_queue";
  /** TSQ's work function: tcp_tasklet_func, renamed tcp_tsq_workfn in v6.17 (fd0406e5ca53). */
  static final String TASKLET = TcpOutputHarnesses.OUTPUT_C + " tcp_tasklet_func";
  static final String TSQ_WORKFN = TcpOutputHarnesses.OUTPUT_C + " tcp_tsq_workfn";
  static final String PACE_KICK = TcpOutputHarnesses.OUTPUT_C + " tcp_pace_kick";
  static final List<String> LABELS = List.of(WRITE_XMIT, PUSH_PENDING, RETRANSMIT_SKB,
      XMIT_RETRANSMIT_QUEUE, TASKLET, TSQ_WORKFN, PACE_KICK);

  /** The model's answers one call may take: its transmits and congestion-module hooks. */
  private static final int MAX_ANSWERS = 1024;
  private static final int SK = TcpOutputHarnesses.SK;
  private static final int SKBS = TcpOutputHarnesses.LOOP_SKBS;
  private static final int WQ_F = TcpOutputHarnesses.WQ_F;
  /** An rtx skb of the loop's record: the slot's fields, then tx.delivered_mstamp. */
  private static final int RQ_F = TcpOutputHarnesses.RQ_F + 1;
  private static final int AF = TcpOutputHarnesses.LOOP_AF;

  private static final long QUEUE_XMIT = NativeOut.id("queue_xmit");
  private static final long CA_SSTHRESH = NativeOut.id("ca_ssthresh");
  private static final long CA_SET_STATE = NativeOut.id("ca_set_state");
  private static final long CA_CWND_EVENT = NativeOut.id("ca_cwnd_event");
  private static final long CA_SNDBUF_EXPAND = NativeOut.id("ca_sndbuf_expand");
  private static final long PACING_TIMER_START = NativeOut.id("pacing_timer_start");
  private static final long XMIT_TIMER_RESET = NativeOut.id("xmit_timer_reset");
  private static final long XMIT_TIMER_CLEAR = NativeOut.id("xmit_timer_clear");
  private static final long WRITE_SPACE = NativeOut.id("sk_write_space");
  private static final long WARN_ON = NativeOut.id("WARN_ON");
  private static final long BUG = NativeOut.id("BUG");
  private static final long TSORTED = NativeOut.id("tsorted");
  private static final long SKB_Q = NativeOut.id("skb.q");

  /** The socket's fields in the output (state.c's nicsim_sock_fields_put), then the skb's. */
  private static final String[] FIELDS = {"sk_wmem_alloc", "sk_wmem_queued", "sk_sndbuf",
      "sk_tsq_flags", "SOCK_NOSPACE", "icsk_ca_state", "icsk_rto", "icsk_pending",
      "icsk_timeout", "snd_nxt", "write_seq", "snd_sml", "packets_out", "sacked_out", "lost_out",
      "retrans_out", "max_packets_out", "is_cwnd_limited", "cwnd_usage_seq", "snd_cwnd",
      "snd_ssthresh", "snd_cwnd_cnt", "snd_cwnd_used", "snd_cwnd_stamp", "prior_cwnd",
      "prior_ssthresh", "prr_out", "prr_delivered", "high_seq", "tlp_high_seq", "undo_marker",
      "tcp_mstamp", "tcp_clock_cache", "tcp_wstamp_ns", "lsndtime", "data_segs_out",
      "segs_out", "bytes_sent", "bytes_retrans", "total_retrans", "retrans_stamp",
      "undo_retrans", "app_limited", "first_tx_mstamp", "delivered_mstamp",
      "retransmit_skb_hint", "highest_sack"};
  private static final String[] SKB_FIELDS = {"skb.q", "skb.seq", "skb.end_seq", "skb.len",
      "skb.pcount", "skb.gso_size", "skb.flags", "skb.sacked", "skb.eor", "skb.truesize",
      "skb.tstamp", "skb.tx.delivered", "skb.tx.first_tx_mstamp", "skb.tx.delivered_mstamp",
      "skb.tx.is_app_limited"};
  private static final long[] FIELD_IDS = ids(FIELDS);
  private static final long[] SKB_IDS = ids(SKB_FIELDS);
  private static final int ROW = SKB_FIELDS.length;

  private final NativePort writeXmit;
  private final NativePort push;
  private final NativePort retransmit;
  private final NativePort xmitRtxQueue;
  /* TSQ's entries (null where the host has none): the work function, the pacing timer's */
  private final NativePort tsqWork;
  private final NativePort paceKick;
  private final InLoopPorts ports;
  private final long[] in = new long[SK + 3 + TcpOutputHarnesses.LOOP_HDR
      + SKBS * (WQ_F + RQ_F + 1) + MAX_ANSWERS * AF];
  /** Where this call's answers start in {@link #in}, and where its loop header starts. */
  private int answerBase;
  private int loopHeader;
  /** This call's answers so far. */
  private int answers;
  /* the output's queues: ROW words an skb, and the sent list's sequence numbers */
  private long[] rows = new long[64 * ROW];
  private int nrows;
  private long[] tsorted = new long[64];
  private int ntsorted;
  private TcpSkb[] placed = new TcpSkb[64];
  private final TcpSkb[] rtx = new TcpSkb[SKBS];

  TcpWriteXmitNative(NativePort writeXmit, NativePort push, NativePort retransmit,
      NativePort xmitRtxQueue, NativePort tsqWork, NativePort paceKick, InLoopPorts ports) {
    this.writeXmit = writeXmit;
    this.push = push;
    this.retransmit = retransmit;
    this.xmitRtxQueue = xmitRtxQueue;
    this.tsqWork = tsqWork;
    this.paceKick = paceKick;
    this.ports = ports;
  }

  private static long[] ids(String[] names) {
    long[] out = new long[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = NativeOut.id(names[i]);
    }
    return out;
  }

  @Override
  public int writeXmit(TcpSock sk, int mssNow, int nonagle, int pushOne) {
    if (writeXmit == null) {
      return JAVA;
    }
    int t = capture(sk, WRITE_XMIT, 3);
    if (t < 0) {
      return JAVA;
    }
    in[SK] = Seq.u32(mssNow);
    in[SK + 1] = nonagle;
    in[SK + 2] = pushOne;
    loopHeader = t;
    return (int) run(sk, writeXmit, in);
  }

  @Override
  public boolean pushPendingFrames(TcpSock sk, int curMss, int nonagle) {
    if (push == null) {
      return false;
    }
    int t = capture(sk, PUSH_PENDING, 2);
    if (t < 0) {
      return false;
    }
    in[SK] = Seq.u32(curMss);
    in[SK + 1] = nonagle;
    loopHeader = t;
    run(sk, push, in);
    return true;
  }

  /**
   * tcp_retransmit_skb(sk, skb, segs) as the tree's C, on the same loop's record: the skb as
   * its index in the retransmit queue, the model's transmit a stop as in tcp_write_xmit.
   */
  @Override
  public int retransmitSkb(TcpSock sk, TcpSkb skb, int segs) {
    if (retransmit == null) {
      return JAVA;
    }
    int t = capture(sk, RETRANSMIT_SKB, 2);
    if (t < 0) {
      return JAVA;
    }
    int k = indexOf(skb, (int) in[t + 2]);
    if (k < 0) {
      ports.ranAsJava(RETRANSMIT_SKB, "the skb is not in the retransmit queue");
      return JAVA;
    }
    in[SK] = k;
    in[SK + 1] = segs;
    loopHeader = t;
    return (int) run(sk, retransmit, in);
  }

  /** tcp_xmit_retransmit_queue(sk) as the tree's C, on the same loop's record. */
  @Override
  public boolean xmitRetransmitQueue(TcpSock sk) {
    if (xmitRtxQueue == null) {
      return false;
    }
    int t = capture(sk, XMIT_RETRANSMIT_QUEUE, 0);
    if (t < 0) {
      return false;
    }
    loopHeader = t;
    run(sk, xmitRtxQueue, in);
    return true;
  }

  /**
   * The TSQ work's C on this socket alone (its list's other sockets are the Java loop's, each
   * its own call: the work function does nothing to one socket that depends on the others).
   */
  @Override
  public boolean tsqWork(TcpSock sk) {
    if (tsqWork == null) {
      return false;
    }
    int t = capture(sk, tsqWork.file() + " " + tsqWork.function(), 0);
    if (t < 0) {
      return false;
    }
    // the C's list: this socket, which the driver adds (no other socket queued after it)
    in[TcpOutputHarnesses.TSQ_OTHERS] = 0;
    loopHeader = t;
    run(sk, tsqWork, in);
    return true;
  }

  @Override
  public boolean paceKick(TcpSock sk) {
    if (paceKick == null) {
      return false;
    }
    int t = capture(sk, PACE_KICK, 0);
    if (t < 0) {
      return false;
    }
    loopHeader = t;
    run(sk, paceKick, in);
    return true;
  }

  /**
   * The live socket into {@link #in}: the socket record, then after the {@code args} arguments
   * the loop's header, both queues and the sent list.
   *
   * @return where the loop's header starts, or -1 (counted) where the record cannot hold it
   */
  private int capture(TcpSock sk, String label, int args) {
    String why = null;
    int nwq = sk.writeQueue.size();
    int nrq = sk.rtxQueue.size();
    if (nwq > SKBS || nrq > SKBS) {
      why = "more than " + SKBS + " skbs in a queue: the record's queues hold " + SKBS;
    } else {
      why = HarnessSocket.capture(sk, in);
    }
    if (why != null) {
      ports.ranAsJava(label, why);
      return -1;
    }
    // the loop's queues follow the arguments; the socket record's slots stay empty
    in[TcpOutputHarnesses.WQ] = 0;
    in[TcpOutputHarnesses.RQ] = 0;
    in[TcpOutputHarnesses.RQ + 1] = 0;
    in[54] = -1;
    in[55] = -1;
    // the module's .min_tso_segs answers before the call, as tcp_tso_segs asks it (once, at
    // the loop's start); .sndbuf_expand is a stop
    if (sk.ca.hasMinTsoSegs()) {
      in[67] = Seq.u32(sk.ca.minTsoSegs(sk));
    }
    in[73] = sk.ca.hasSndbufExpand() ? 1 : 0;
    int t = SK + args;
    int f = t + TcpOutputHarnesses.LOOP_HDR;
    int seq = sk.sndNxt;
    for (TcpSkb skb = sk.writeQueue.head(); skb != null; skb = skb.next, f += WQ_F) {
      if (skb.seq != seq) {
        why = "the write queue's sequence numbers are not contiguous from snd_nxt";
        break;
      }
      HarnessSocket.putWqSkb(in, f, skb);
      seq = skb.endSeq;
    }
    TcpSkb head = sk.rtxQueue.head();
    in[t + 4] = head == null ? 0 : Seq.u32(sk.sndUna - head.seq);
    in[t + 5] = sk.retransmitSkbHint == null ? -1 : -2;
    in[t + 6] = sk.highestSack == null ? -1 : -2;
    int i = 0;
    seq = head == null ? 0 : head.seq;
    for (TcpSkb skb = head; skb != null && why == null; skb = skb.next, f += RQ_F, i++) {
      if (skb.seq != seq) {
        why = "the retransmit queue's sequence numbers are not contiguous";
        break;
      }
      HarnessSocket.putRtxSkb(in, f, skb);
      in[f + 12] = skb.txDeliveredMstamp; // the loop's record only
      if (skb == sk.retransmitSkbHint) {
        in[t + 5] = i;
      }
      if (skb == sk.highestSack) {
        in[t + 6] = i;
      }
      rtx[i] = skb;
      seq = skb.endSeq;
    }
    if (why == null && (in[t + 5] == -2 || in[t + 6] == -2)) {
      why = "a hint points outside the retransmit queue";
    }
    int nts = 0;
    for (TcpSkb s = sk.tsortedSentQueue.head(); s != null && why == null; s = s.tsNext) {
      int k = indexOf(s, nrq);
      if (k < 0 || nts == nrq) {
        why = "an skb on the sent list is not in the retransmit queue";
        break;
      }
      in[f + nts++] = k;
    }
    if (why != null) {
      ports.ranAsJava(label, why);
      return -1;
    }
    f += nts;
    in[t] = 0;
    in[t + 1] = nwq;
    in[t + 2] = nrq;
    in[t + 3] = nts;
    in[t + 7] = sk.sysctl.hz;
    in[t + 8] = Seq.u32(sk.sndCwndCnt);
    in[t + 9] = Seq.u32(sk.prrDelivered);
    in[t + 10] = Seq.u32(sk.highSeq);
    in[t + 11] = Seq.u32(sk.tlpHighSeq);
    in[t + 12] = Seq.u32(sk.undoMarker);
    answerBase = f;
    return t;
  }

  /** The index of {@code s} among the rtx skbs just captured (in sequence order), or -1. */
  private int indexOf(TcpSkb s, int nrq) {
    if (nrq == 0) {
      return -1;
    }
    int base = rtx[0].seq;
    long want = Seq.u32(s.seq - base);
    int lo = 0;
    int hi = nrq - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      long v = Seq.u32(rtx[mid].seq - base);
      if (v < want) {
        lo = mid + 1;
      } else if (v > want) {
        hi = mid - 1;
      } else {
        return rtx[mid] == s ? mid : -1;
      }
    }
    return -1;
  }

  @Override
  int begin(boolean first) {
    if (first) {
      answers = 0;
    }
    in[loopHeader] = answers;
    return answerBase + answers * AF;
  }

  @Override
  boolean stops(long name) {
    return isAnswered(name);
  }

  /** The call the C stopped at, made on the live model; its answer and state to the record. */
  @Override
  void stop(TcpSock sk, long[] call, NativePort c) {
    if (answers == MAX_ANSWERS) {
      throw new NativeFailure(c.function() + "'s C asked the model more than "
          + MAX_ANSWERS + " times; input " + NativeFailure.record(c, in));
    }
    long answer = make(sk, call, c);
    int e = answerBase + answers * AF;
    in[e] = answer;
    in[e + 1] = Seq.u32(sk.sndCwnd);
    in[e + 2] = Seq.u32(sk.sndSsthresh);
    in[e + 3] = Seq.u32(sk.sndCwndCnt);
    in[e + 4] = sk.skPacingRate;
    in[e + 5] = Seq.u32(sk.appLimited);
    in[e + 6] = sk.skWmemAlloc;
    in[e + 7] = sk.skTsqFlags;
    in[e + 8] = sk.host.nowNs();
    in[e + 9] = Seq.u32(sk.tcpJiffies32());
    answers++;
  }

  private static boolean isAnswered(long name) {
    return name == QUEUE_XMIT || name == CA_SSTHRESH || name == CA_SET_STATE
        || name == CA_CWND_EVENT || name == CA_SNDBUF_EXPAND;
  }

  /** The call the C stopped at, made on the live model; what it returns to the C. */
  private long make(TcpSock sk, long[] call, NativePort c) {
    long n = call[0];
    if (n == QUEUE_XMIT) {
      // queue_xmit(seq, end_seq, payload, segs, truesize, tstamp) of the sent skb's clone
      TcpSkb skb = bySeq(sk.writeQueue.head(), (int) call[1]);
      if (skb == null) {
        skb = bySeq(sk.rtxQueue.head(), (int) call[1]);
      }
      if (skb == null) {
        throw new NativeFailure(c.function() + "'s C transmitted an skb (seq "
            + call[1] + ") the live queues do not hold; input " + NativeFailure.record(c, in));
      }
      skb.clonesInHost++; // the clone __tcp_transmit_skb hands down
      return sk.host.queueXmit(sk, skb, (int) call[5]);
    } else if (n == CA_SSTHRESH) {
      return Seq.u32(sk.ca.ssthresh(sk));
    } else if (n == CA_SET_STATE) {
      sk.ca.setState(sk, (int) call[1]);
    } else if (n == CA_CWND_EVENT) {
      sk.ca.cwndEvent(sk, (int) call[1]);
    } else {
      return Seq.u32(sk.ca.sndbufExpand(sk));
    }
    return 0;
  }

  /** A call below TCP that the model does not answer, made as the Java port makes it. */
  @Override
  void replay(TcpSock sk, long[] call, NativePort c) {
    long n = call[0];
    if (n == PACING_TIMER_START) {
      sk.host.pacingTimerStart(sk, call[1]);
    } else if (n == XMIT_TIMER_RESET) {
      sk.host.xmitTimerReset(sk, (int) call[1]);
    } else if (n == XMIT_TIMER_CLEAR) {
      sk.host.xmitTimerClear(sk);
    } else if (n == WRITE_SPACE) {
      // sk_stream_write_space found room: the writer's wake-up (SOCK_NOSPACE came back cleared)
      if (sk.writeSpace != null) {
        sk.writeSpace.writeSpace(sk);
      }
    } else if (n == WARN_ON) {
      sk.host.warnOn(sk);
    } else if (n == BUG) {
      sk.host.bug(sk);
    } else {
      String text = c.text(in);
      throw new NativeFailure(c.function() + "'s C (" + c.file() + ") made a call nicsim does"
          + " not replay on the model (its output: " + text + "); input "
          + NativeFailure.record(c, in));
    }
  }

  private static TcpSkb bySeq(TcpSkb from, int seq) {
    for (TcpSkb s = from; s != null; s = s.next) {
      if (s.seq == seq) {
        return s;
      }
    }
    return null;
  }

  /** The socket and queues the C printed (at a stop or on return) onto the live socket. */
  @Override
  void apply(TcpSock sk, NativeOut o, NativePort c, boolean current) {
    nrows = 0;
    ntsorted = 0;
    long hint = -1;
    long highest = -1;
    int col = ROW;
    while (o.next()) {
      if (o.kind() != NativeOut.FIELD && o.kind() != NativeOut.UFIELD) {
        throw NativeFailure.cannotApply(c, in, o);
      }
      long id = o.name();
      long v = o.value();
      if (id == SKB_Q) {
        if ((nrows + 1) * ROW > rows.length) {
          rows = Arrays.copyOf(rows, rows.length * 2);
        }
        rows[nrows++ * ROW] = v;
        col = 1;
        continue;
      }
      if (col < ROW && id == SKB_IDS[col]) {
        rows[(nrows - 1) * ROW + col++] = v;
        continue;
      }
      if (id == TSORTED) {
        if (ntsorted == tsorted.length) {
          tsorted = Arrays.copyOf(tsorted, tsorted.length * 2);
        }
        tsorted[ntsorted++] = v;
        continue;
      }
      int f = field(id);
      if (f < 0) {
        throw NativeFailure.cannotApply(c, in, o);
      }
      int i = (int) v;
      switch (f) {
        case 0 -> sk.skWmemAlloc = v;
        case 1 -> sk.skWmemQueued = i;
        case 2 -> sk.skSndbuf = i;
        case 3 -> sk.skTsqFlags = i;
        case 4 -> sk.sockNoSpace = v != 0;
        case 5 -> sk.icskCaState = i;
        case 6 -> sk.icskRto = i;
        case 7 -> sk.icskPending = i;
        case 8 -> sk.icskTimeout = i;
        case 9 -> sk.sndNxt = i;
        case 10 -> sk.writeSeq = i;
        case 11 -> sk.sndSml = i;
        case 12 -> sk.packetsOut = i;
        case 13 -> sk.sackedOut = i;
        case 14 -> sk.lostOut = i;
        case 15 -> sk.retransOut = i;
        case 16 -> sk.maxPacketsOut = i;
        case 17 -> sk.isCwndLimited = v != 0;
        case 18 -> sk.cwndUsageSeq = i;
        case 19 -> sk.sndCwnd = i;
        case 20 -> sk.sndSsthresh = i;
        case 21 -> sk.sndCwndCnt = i;
        case 22 -> sk.sndCwndUsed = i;
        case 23 -> sk.sndCwndStamp = i;
        case 24 -> sk.priorCwnd = i;
        case 25 -> sk.priorSsthresh = i;
        case 26 -> sk.prrOut = i;
        case 27 -> sk.prrDelivered = i;
        case 28 -> sk.highSeq = i;
        case 29 -> sk.tlpHighSeq = i;
        case 30 -> sk.undoMarker = i;
        case 31 -> sk.tcpMstamp = v;
        case 32 -> sk.tcpClockCache = v;
        case 33 -> sk.tcpWstampNs = v;
        case 34 -> sk.lsndtime = i;
        case 35 -> sk.dataSegsOut = i;
        case 36 -> sk.segsOut += Seq.u32(i - (int) sk.segsOut); // the C's u32, the model's long
        case 37 -> sk.bytesSent = v;
        case 38 -> sk.bytesRetrans = v;
        case 39 -> sk.totalRetrans = i;
        case 40 -> sk.retransStamp = Seq.u32(i);
        case 41 -> sk.undoRetrans = i;
        case 42 -> sk.appLimited = i;
        case 43 -> sk.firstTxMstamp = v;
        case 44 -> sk.deliveredMstamp = v;
        case 45 -> hint = v;
        case 46 -> highest = v;
        default -> throw NativeFailure.cannotApply(c, in, o);
      }
    }
    applyQueues(sk);
    sk.retransmitSkbHint = hint < 0 ? null : bySeq(sk.rtxQueue.head(), (int) hint);
    sk.highestSack = highest < 0 ? null : bySeq(sk.rtxQueue.head(), (int) highest);
  }

  private static int field(long id) {
    for (int i = 0; i < FIELD_IDS.length; i++) {
      if (FIELD_IDS[i] == id) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The C's queues onto the live ones, skb by skb in sequence order (the retransmit queue, then
   * the write queue): a live skb that starts where the C's does, or that the C's starts inside
   * of ({@code tcp_grow_skb} took its head), is that skb; a C skb no live skb starts at or
   * covers was split off the one before it ({@code tso_fragment}: a new live skb); a live skb
   * the C no longer holds was eaten ({@code tcp_eat_one_skb}). The same objects stay queued,
   * so what holds them below TCP sees the C's edits; the sent list takes the C's order.
   */
  private void applyQueues(TcpSock sk) {
    if (placed.length < nrows) {
      placed = new TcpSkb[Math.max(nrows, 2 * placed.length)];
    }
    TcpSkb live = sk.rtxQueue.head();
    boolean inRtx = live != null;
    if (live == null) {
      live = sk.writeQueue.head();
    }
    for (int r = 0; r < nrows; r++) {
      int seq = (int) rows[r * ROW + 1];
      TcpSkb match = null;
      while (live != null) {
        TcpSkb at = live;
        boolean equal = at.seq == seq;
        boolean covers = Seq.before(at.seq, seq) && Seq.after(at.endSeq, seq);
        if (!equal && !covers && Seq.after(at.seq, seq)) {
          break;
        }
        live = at.next;
        if (live == null && inRtx) {
          live = sk.writeQueue.head();
          inRtx = false;
        }
        if (equal || covers) {
          match = at;
          break;
        }
        sk.tsortedSentQueue.del(at); // eaten: no longer queued
      }
      placed[r] = match != null ? match : new TcpSkb();
    }
    while (live != null) {
      TcpSkb at = live;
      live = at.next;
      if (live == null && inRtx) {
        live = sk.writeQueue.head();
        inRtx = false;
      }
      sk.tsortedSentQueue.del(at);
    }
    while (sk.rtxQueue.head() != null) {
      sk.rtxQueue.unlink(sk.rtxQueue.head());
    }
    while (sk.writeQueue.head() != null) {
      sk.writeQueue.unlink(sk.writeQueue.head());
    }
    for (int r = 0; r < nrows; r++) {
      TcpSkb s = placed[r];
      set(s, r);
      if (rows[r * ROW] != 0) {
        sk.rtxQueue.addTail(s);
      } else {
        sk.tsortedSentQueue.del(s);
        sk.writeQueue.addTail(s);
      }
    }
    // the sent list in the C's order
    for (TcpSkb s = sk.rtxQueue.head(); s != null; s = s.next) {
      sk.tsortedSentQueue.del(s);
    }
    for (int i = 0; i < ntsorted; i++) {
      TcpSkb s = bySeq(sk.rtxQueue.head(), (int) tsorted[i]);
      if (s != null) {
        sk.tsortedSentQueue.moveTail(s);
      }
    }
    Arrays.fill(placed, 0, nrows, null);
  }

  private void set(TcpSkb skb, int r) {
    int b = r * ROW;
    skb.seq = (int) rows[b + 1];
    skb.endSeq = (int) rows[b + 2];
    skb.len = (int) rows[b + 3];
    skb.pcount = (int) rows[b + 4];
    skb.tcpGsoSize = (int) rows[b + 5];
    skb.tcpFlags = (int) rows[b + 6];
    skb.sacked = (int) rows[b + 7];
    skb.eor = rows[b + 8] != 0;
    skb.truesize = (int) rows[b + 9];
    skb.skbMstampNs = rows[b + 10];
    skb.txDelivered = (int) rows[b + 11];
    skb.txFirstTxMstamp = rows[b + 12];
    skb.txDeliveredMstamp = rows[b + 13];
    skb.txIsAppLimited = rows[b + 14] != 0;
  }
}
