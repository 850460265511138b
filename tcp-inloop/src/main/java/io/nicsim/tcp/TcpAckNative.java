package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * net/ipv4/tcp_input.c's {@code tcp_ack} as the tree's C on a live socket ({@code --ports c}),
 * with everything the tree compiles beneath it (SACK tagging, {@code tcp_clean_rtx_queue},
 * {@code tcp_fastretrans_alert}, RACK, the rate sample, {@code tcp_cong_control}...): its
 * harness inverted. The socket, its retransmit queue and sent list and the ACK go in as
 * {@link TcpInputRecord#capture} writes them; what the C prints comes back onto the same
 * objects: the socket's fields, the queue edits applied to the live skbs (freed when ACKed,
 * trimmed, split by SACK tagging, their scoreboard bits), the sent list's order, the hints.
 *
 * <p>A call into the congestion module inside tcp_ack feeds its result back into the C (the
 * cwnd CUBIC's {@code .cong_avoid} sets is what {@code tcp_update_pacing_rate} reads next), so
 * the C stops at each such call with the socket printed ({@code nicsim_ca_answer} in
 * tcp-input's sock.c): the bridge brings the live socket to that state, calls the live module
 * (Java, or its own C under {@code --ports c}) and runs tcp_ack again from the same record with
 * one answer more, until it returns. Every other call leaving TCP (the retransmit timer, a WARN,
 * {@code tcp_xmit_retransmit_queue}) is replayed on the model in the C's order.
 *
 * <p>On the same record without an ACK it runs tcp_check_space, tcp_sndbuf_expand and
 * tcp_timer.c's tcp_write_timer_handler (the RTO and RACK's reordering timeout inside). The
 * timer's C also stops at the calls into the model's transmit path that change much of the
 * socket ({@code tcp_mstamp_refresh}, {@code tcp_retransmit_skb},
 * {@code tcp_xmit_retransmit_queue}): the call is made on the live socket brought to the C's
 * state, the socket after it goes into the record as a resume slot, and the C, run again,
 * loads it where it made the call and goes on from there (tcp-input's sock.c,
 * {@code nicsim_model_answer}).
 *
 * <p>A socket whose state the record cannot hold runs the Java port for that call, counted by
 * reason in the run header: a retransmit queue longer than the record's
 * {@link TcpInputRecord#SKBS} skbs, F-RTO armed ({@code tcp_xmit_recovery} may push new data
 * inside the call, which the harness stubs), or nothing in flight with more than one skb unsent
 * ({@code tcp_ack_probe} reads the send head, which the record holds as one skb).
 */
final class TcpAckNative extends StopLoop implements TcpAckHook, TcpSocketHook {
  static final String LABEL = TcpInputHarnesses.INPUT_C + " tcp_ack";
  private static final int MAX_ANSWERS = TcpInputRecord.MAX_EFFECTS;
  /** The model's calls a timer's record has room to go on after (16,384 words a call). */
  private static final int MAX_RESUMES = 4;
  /**
   * Room the retransmit queue must leave in the record's slots when a timer starts: the model's
   * retransmits inside the call may split skbs (tcp_fragment), and the C goes on from the queue
   * they leave.
   */
  private static final int SPLIT_ROOM = 16;

  private static final long SSTHRESH = NativeOut.id("ca.ssthresh");
  private static final long UNDO_CWND = NativeOut.id("ca.undo_cwnd");
  private static final long CONG_AVOID = NativeOut.id("ca.cong_avoid");
  private static final long SET_STATE = NativeOut.id("ca.set_state");
  private static final long CWND_EVENT = NativeOut.id("ca.cwnd_event");
  private static final long PKTS_ACKED = NativeOut.id("ca.pkts_acked");
  private static final long CONG_CONTROL = NativeOut.id("ca.cong_control");
  private static final long SNDBUF_EXPAND = NativeOut.id("ca.sndbuf_expand");
  private static final long RESET_TIMER = NativeOut.id("sk_reset_timer");
  private static final long WARN_ON = NativeOut.id("WARN_ON");
  private static final long BUG = NativeOut.id("BUG");
  private static final long XMIT_RETRANSMIT_QUEUE = NativeOut.id("tcp_xmit_retransmit_queue");
  private static final long CHALLENGE_ACK = NativeOut.id("tcp_send_challenge_ack");
  private static final long SYNC_MSS = NativeOut.id("tcp_sync_mss");
  private static final long MSTAMP_REFRESH = NativeOut.id("tcp_mstamp_refresh");
  private static final long CURRENT_MSS = NativeOut.id("tcp_current_mss");
  private static final long WRITE_SPACE = NativeOut.id("sk_write_space");
  private static final long RETRANSMIT_SKB = NativeOut.id("tcp_retransmit_skb");
  private static final long WRITE_TIMEOUT = NativeOut.id("tcp_write_timeout");
  private static final long PROBE_TIMER = NativeOut.id("tcp_probe_timer");

  private final NativePort c;
  private final InLoopPorts ports;
  private final long[] in;
  private final SockState state = new SockState();
  /** Whether the function returns a value ("ret" before the socket's fields): tcp_ack. */
  private final boolean returnsValue;
  /**
   * Whether the model's transmit path stops the C too (tcp_write_timer_handler): the C goes on
   * from the live socket after each such call (sock.c, nicsim_model_answer).
   */
  private final boolean modelStops;
  /** The live socket after a model's call, captured before it goes into {@link #in}. */
  private final long[] resume;
  /** This call's congestion-module answers and model resumes so far. */
  private int answers;
  private int resumes;

  TcpAckNative(NativePort c, InLoopPorts ports) {
    this.c = c;
    this.ports = ports;
    this.returnsValue = c.function().equals("tcp_ack");
    this.modelStops = c.function().equals("tcp_write_timer_handler");
    this.in = new long[modelStops
        ? TcpInputRecord.RESUME_BASE + MAX_RESUMES * TcpInputRecord.RESUME_FIELDS
        : TcpInputRecord.EFFECT_BASE + MAX_ANSWERS * TcpInputRecord.EFFECT_FIELDS];
    this.resume = modelStops ? new long[TcpInputRecord.X_BASE] : null;
  }

  /** Why the live socket must take the Java port for this call, or null. */
  private String outOfBounds(TcpSock sk) {
    if (sk.frto != 0) {
      return "F-RTO armed: tcp_xmit_recovery may push new data inside the call";
    }
    if (sk.packetsOut == 0 && sk.writeQueue.size() > 1) {
      return "nothing in flight and more than one skb unsent: tcp_ack_probe reads the send"
          + " head, which the record holds as one skb";
    }
    return null;
  }

  /**
   * tcp_ack(sk, skb, flag) as the tree's C.
   *
   * @return what tcp_ack returns, or {@link #JAVA} when this call runs as the Java port
   */
  @Override
  public int ack(TcpSock sk, TcpAckSeg seg, int flag) {
    String why = outOfBounds(sk);
    if (why == null) {
      Arrays.fill(in, 0L);
      why = TcpInputRecord.capture(sk, seg, flag, in);
    }
    if (why != null) {
      ports.ranAsJava(LABEL, why);
      return JAVA;
    }
    return run(sk);
  }

  /**
   * This bridge's function of tcp_input.c taking no argument but the socket
   * ({@code tcp_check_space}, {@code tcp_sndbuf_expand}) as the tree's C: the same record
   * without an ACK, the same stops at the congestion module ({@code .sndbuf_expand}) and replay.
   *
   * @return false when this call runs as the Java port
   */
  @Override
  public boolean socketOnly(TcpSock sk) {
    String why = null;
    if (modelStops) {
      // the timers read the retransmit queue only (tcp_probe_timer is the model's)
      if (sk.rtxQueue.size() > TcpInputRecord.SLOTS - SPLIT_ROOM) {
        why = "the retransmit queue held more than " + (TcpInputRecord.SLOTS - SPLIT_ROOM)
            + " skbs (the record's bound less room for the retransmits' splits)";
      } else {
        Arrays.fill(in, 0L);
        why = TcpInputRecord.capture(sk, null, 0, in);
      }
    } else if (sk.packetsOut == 0 && sk.writeQueue.size() > 1) {
      why = "nothing in flight and more than one skb unsent: the record holds the send head"
          + " as one skb";
    } else {
      Arrays.fill(in, 0L);
      why = TcpInputRecord.capture(sk, null, 0, in);
    }
    if (why != null) {
      ports.ranAsJava(c.label(), why);
      return false;
    }
    run(sk);
    return true;
  }

  /** The captured record run as C until it returns, the socket brought to what it left. */
  private int run(TcpSock sk) {
    in[TcpInputRecord.LOOP_HZ] = sk.sysctl.hz;
    in[TcpInputRecord.IN_LOOP] = modelStops ? 2 : 1;
    return (int) run(sk, c, in);
  }

  @Override
  int begin(boolean first) {
    if (first) {
      answers = 0;
      resumes = 0;
    }
    in[TcpInputRecord.EFFECTS] = answers;
    in[TcpInputRecord.RESUMES] = resumes;
    return resumes > 0
        ? TcpInputRecord.RESUME_BASE + resumes * TcpInputRecord.RESUME_FIELDS
        : TcpInputRecord.EFFECT_BASE + answers * TcpInputRecord.EFFECT_FIELDS;
  }

  @Override
  boolean voidOutput() {
    return !returnsValue;
  }

  @Override
  void apply(TcpSock sk, NativeOut o, NativePort c, boolean current) {
    state.apply(sk, o, c, in, current); // the socket as the C left it (at the stop, or on return)
  }

  @Override
  boolean stops(long name) {
    return isCa(name) || modelStops && isModel(name);
  }

  @Override
  void stop(TcpSock sk, long[] call, NativePort c) {
    if (isCa(call[0])) {
      // the congestion module's call, made live on the C's state; the C goes on with its answer
      if (answers == MAX_ANSWERS) {
        throw new NativeFailure(c.function() + "'s C called the congestion module more"
            + " than " + MAX_ANSWERS + " times; input " + NativeFailure.record(c, in));
      }
      long answer = callCa(sk, call);
      int e = TcpInputRecord.EFFECT_BASE + answers * TcpInputRecord.EFFECT_FIELDS;
      in[e] = Seq.u32(sk.sndCwnd);
      in[e + 1] = Seq.u32(sk.sndSsthresh);
      in[e + 2] = Seq.u32(sk.sndCwndCnt);
      in[e + 3] = sk.skPacingRate;
      in[e + 4] = Seq.u32(sk.appLimited);
      in[e + 5] = answer;
      answers++;
      return;
    }
    // a call into the model's transmit path (the timer's): made on the live socket, brought to
    // the C's state; the C goes on from the socket it leaves
    if (resumes == MAX_RESUMES) {
      throw new NativeFailure(c.function() + "'s C called the model's transmit path more"
          + " than " + MAX_RESUMES + " times; input " + NativeFailure.record(c, in));
    }
    long answer = callModel(sk, call);
    String why = TcpInputRecord.capture(sk, null, 0, resume);
    if (why != null) {
      throw new NativeFailure(c.function() + "'s C cannot go on after the model's "
          + (call[0] == MSTAMP_REFRESH ? "tcp_mstamp_refresh" : call[0] == RETRANSMIT_SKB
              ? "tcp_retransmit_skb" : "tcp_xmit_retransmit_queue") + ": " + why);
    }
    int r = TcpInputRecord.RESUME_BASE + resumes * TcpInputRecord.RESUME_FIELDS;
    System.arraycopy(resume, 0, in, r, TcpInputRecord.A_BASE);
    in[r + TcpInputRecord.A_BASE] = answer;
    resumes++;
  }

  private static boolean isCa(long name) {
    return name == SSTHRESH || name == UNDO_CWND || name == CONG_AVOID || name == SET_STATE
        || name == CWND_EVENT || name == PKTS_ACKED || name == CONG_CONTROL
        || name == SNDBUF_EXPAND;
  }

  private static boolean isModel(long name) {
    return name == MSTAMP_REFRESH || name == RETRANSMIT_SKB || name == XMIT_RETRANSMIT_QUEUE;
  }

  /**
   * A timer's call into the model's transmit path, made on the live socket at the C's state;
   * its return value. The retransmit timer's RTO count is the Java port's own, kept beside it.
   */
  private long callModel(TcpSock sk, long[] call) {
    long n = call[0];
    if (n == MSTAMP_REFRESH) {
      sk.callees.mstampRefresh(sk);
      return 0;
    } else if (n == XMIT_RETRANSMIT_QUEUE) {
      sk.callees.xmitRetransmitQueue(sk);
      return 0;
    }
    TcpSkb skb = SockState.bySeq(sk, call[1]);
    if (skb == null) {
      throw new NativeFailure(c.function() + "'s C retransmits seq " + call[1]
          + ", which no live skb starts at; input " + NativeFailure.record(c, in));
    }
    sk.rtoCount++; // tcp_retransmit_timer's only call of it (the model's peer never zeroes
                   // its window, so the zero-window branch's is never reached)
    return sk.callees.retransmitSkb(sk, skb, (int) call[2]);
  }

  /** The congestion module's call, made on the live module and socket; its return value. */
  private static long callCa(TcpSock sk, long[] call) {
    long n = call[0];
    CongestionOps ca = sk.ca;
    if (n == SSTHRESH) {
      return Seq.u32(ca.ssthresh(sk));
    } else if (n == UNDO_CWND) {
      return Seq.u32(ca.undoCwnd(sk));
    } else if (n == CONG_AVOID) {
      ca.congAvoid(sk, (int) call[1], (int) call[2]);
    } else if (n == SET_STATE) {
      ca.setState(sk, (int) call[1]);
    } else if (n == CWND_EVENT) {
      ca.cwndEvent(sk, (int) call[1]);
    } else if (n == PKTS_ACKED) {
      ca.pktsAcked(sk, (int) call[1], (int) call[2], (int) call[3]);
    } else if (n == CONG_CONTROL) {
      // v6.10+ passes (ack, flag), which no module the model has reads
      ca.congControl(sk, call.length > 1 ? (int) call[1] : 0,
          call.length > 2 ? (int) call[2] : 0, sk.rs);
    } else {
      return Seq.u32(ca.sndbufExpand(sk));
    }
    return 0;
  }

  /** A call below tcp_ack that leaves TCP, made on the model as the Java port makes it. */
  @Override
  void replay(TcpSock sk, long[] call, NativePort c) {
    long n = call[0];
    if (n == RESET_TIMER) {
      sk.host.xmitTimerReset(sk, (int) call[1]);
    } else if (n == WARN_ON) {
      sk.host.warnOn(sk);
    } else if (n == BUG) {
      sk.host.bug(sk);
    } else if (n == XMIT_RETRANSMIT_QUEUE) {
      sk.callees.xmitRetransmitQueue(sk);
    } else if (n == CHALLENGE_ACK) {
      sk.callees.sendChallengeAck(sk);
    } else if (n == SYNC_MSS) {
      sk.callees.syncMss(sk, (int) call[1]);
    } else if (n == CURRENT_MSS) {
      // a query, answered in the record (TcpInputRecord.capture)
    } else if (n == MSTAMP_REFRESH) {
      sk.callees.mstampRefresh(sk);
    } else if (n == WRITE_SPACE) {
      sk.skWriteSpace.writeSpace(sk); // sk->sk_write_space: sk_stream_write_space for TCP
    } else if (n == WRITE_TIMEOUT) {
      if (sk.callees.writeTimeout(sk)) { // a query: the record answered false
        throw new NativeFailure(c.function() + "'s C took tcp_write_timeout as false, the model"
            + " answers true; input " + NativeFailure.record(c, in));
      }
    } else if (n == PROBE_TIMER) {
      TcpTimer.probeTimer(sk);
    } else {
      String text = c.text(in);
      int end = text.indexOf(" ret=") > 0 ? text.indexOf(" ret=") : text.indexOf(" stop=");
      throw new NativeFailure(c.function() + "'s C (" + c.file() + ") made a call nicsim does"
          + " not replay on the model (its calls: " + (end > 0 ? text.substring(0, end) : text)
          + "); input " + NativeFailure.record(c, in));
    }
  }

  /**
   * The socket part of tcp-input's output ({@code nicsim_sock_put}, {@link TcpInputRecord#put})
   * and a stop's rate sample ({@code nicsim_rs_put}), applied to the live socket and its skbs.
   */
  static final class SockState {
    private static final String[] FIELDS = {"snd_una", "snd_nxt", "snd_wnd", "snd_wl1",
        "max_window", "bytes_acked", "high_seq", "undo_marker", "undo_retrans", "rtt_seq",
        "tlp_high_seq", "packets_out", "sacked_out", "lost_out", "retrans_out", "delivered",
        "lost", "app_limited", "reordering", "reord_seen", "frto", "is_sack_reneg", "snd_cwnd",
        "snd_ssthresh", "snd_cwnd_cnt", "snd_cwnd_stamp", "prior_cwnd", "prior_ssthresh",
        "prr_delivered", "prr_out", "srtt_us", "mdev_us", "mdev_max_us", "rttvar_us",
        "rtt_min.t", "rtt_min.v", "retrans_stamp", "rack.mstamp", "rack.rtt_us",
        "rack.end_seq", "rack.advanced", "rack.reo_wnd_steps", "rack.dsack_seen",
        "rack.reo_wnd_persist", "rack.last_delivered", "first_tx_mstamp", "delivered_mstamp",
        "rate_delivered", "rate_interval_us", "rate_app_limited", "highest_sack",
        "retransmit_skb_hint", "recv_sack_cache.start", "recv_sack_cache.end", "dsack_dups",
        "dsack_seen_opt", "snd_up", "rcv_tstamp", "ca_state", "rto", "backoff", "retransmits",
        "pending", "timeout", "probes_out", "sk_pacing_rate", "sk_sndbuf", "sk_wmem_queued",
        "nospace", "snd_cwnd_used",
        // the retransmit queue, skb by skb
        "skb.seq", "skb.end_seq", "skb.len", "skb.truesize", "skb.pcount", "skb.gso_size",
        "skb.sacked", "skb.tcp_flags", "skb.mstamp", "skb.tx.first_tx_mstamp",
        "skb.tx.delivered_mstamp", "skb.tx.delivered", "skb.tx.is_app_limited", "rtx_queue",
        "sent",
        // a stop's rate sample
        "rs.prior_mstamp", "rs.prior_delivered", "rs.delivered", "rs.interval_us",
        "rs.snd_interval_us", "rs.rcv_interval_us", "rs.rtt_us", "rs.losses",
        "rs.acked_sacked", "rs.prior_in_flight", "rs.last_end_seq", "rs.is_app_limited",
        "rs.is_retrans", "rs.is_ack_delayed"};
    private static final Map<Long, Integer> INDEX = new HashMap<>();

    static {
      for (int i = 0; i < FIELDS.length; i++) {
        INDEX.put(NativeOut.id(FIELDS[i]), i);
      }
    }

    /** The C's retransmit queue, one row of skb fields per skb. */
    private final List<long[]> skbs = new ArrayList<>();
    private final List<Integer> sent = new ArrayList<>();

    void apply(TcpSock sk, NativeOut o, NativePort c, long[] in) {
      apply(sk, o, c, in, false);
    }

    /** As above; {@code current}: the token {@code o} holds is the output's first field. */
    void apply(TcpSock sk, NativeOut o, NativePort c, long[] in, boolean current) {
      skbs.clear();
      sent.clear();
      long highestSack = -1;
      long hint = -1;
      int rttMin = 0;
      int rttMinSlot = 0;
      int sackCache = 0;
      long[] skb = null;
      boolean have = current; // the token o holds is the first field
      while (have || o.next()) {
        have = false;
        Integer f = o.kind() == NativeOut.FIELD || o.kind() == NativeOut.UFIELD
            ? INDEX.get(o.name()) : null;
        if (f == null) {
          throw NativeFailure.cannotApply(c, in, o);
        }
        long v = o.value();
        int i = (int) v;
        switch (f) {
          case 0 -> sk.sndUna = i;
          case 1 -> sk.sndNxt = i;
          case 2 -> sk.sndWnd = i;
          case 3 -> sk.sndWl1 = i;
          case 4 -> sk.maxWindow = i;
          case 5 -> sk.bytesAcked = v;
          case 6 -> sk.highSeq = i;
          case 7 -> sk.undoMarker = i;
          case 8 -> sk.undoRetrans = i;
          case 9 -> sk.rttSeq = i;
          case 10 -> sk.tlpHighSeq = i;
          case 11 -> sk.packetsOut = i;
          case 12 -> sk.sackedOut = i;
          case 13 -> sk.lostOut = i;
          case 14 -> sk.retransOut = i;
          case 15 -> sk.delivered = i;
          case 16 -> sk.lost = i;
          case 17 -> sk.appLimited = i;
          case 18 -> sk.reordering = i;
          case 19 -> sk.reordSeen = i;
          case 20 -> sk.frto = i;
          case 21 -> sk.isSackReneg = v != 0;
          case 22 -> sk.sndCwnd = i;
          case 23 -> sk.sndSsthresh = i;
          case 24 -> sk.sndCwndCnt = i;
          case 25 -> sk.sndCwndStamp = i;
          case 26 -> sk.priorCwnd = i;
          case 27 -> sk.priorSsthresh = i;
          case 28 -> sk.prrDelivered = i;
          case 29 -> sk.prrOut = i;
          case 30 -> sk.srttUs = i;
          case 31 -> sk.mdevUs = i;
          case 32 -> sk.mdevMaxUs = i;
          case 33 -> sk.rttvarUs = i;
          case 34 -> rttMin = i; // rtt_min.s[k].t, then its .v
          case 35 -> sk.rttMin.set(rttMinSlot++, rttMin, i);
          case 36 -> sk.retransStamp = Seq.u32(i);
          case 37 -> sk.rackMstamp = v;
          case 38 -> sk.rackRttUs = i;
          case 39 -> sk.rackEndSeq = i;
          case 40 -> sk.rackAdvanced = v != 0;
          case 41 -> sk.rackReoWndSteps = i;
          case 42 -> sk.rackDsackSeen = v != 0;
          case 43 -> sk.rackReoWndPersist = i;
          case 44 -> sk.rackLastDelivered = i;
          case 45 -> sk.firstTxMstamp = v;
          case 46 -> sk.deliveredMstamp = v;
          case 47 -> sk.rateDelivered = i;
          case 48 -> sk.rateIntervalUs = Seq.u32(i);
          case 49 -> sk.rateAppLimited = v != 0;
          case 50 -> highestSack = v;
          case 51 -> hint = v;
          case 52 -> sk.recvSackCache[2 * sackCache] = i;
          case 53 -> sk.recvSackCache[2 * sackCache++ + 1] = i;
          case 54 -> sk.dsackDups = i;
          case 55 -> sk.dsackSeen = v != 0;
          case 56 -> sk.sndUp = i;
          case 57 -> sk.rcvTstamp = i;
          case 58 -> sk.icskCaState = i;
          case 59 -> sk.icskRto = i;
          case 60 -> sk.icskBackoff = i;
          case 61 -> sk.icskRetransmits = i;
          case 62 -> sk.icskPending = i;
          case 63 -> sk.icskTimeout = i;
          case 64 -> sk.icskProbesOut = i;
          case 65 -> sk.skPacingRate = v;
          case 66 -> sk.skSndbuf = i;
          case 67 -> sk.skWmemQueued = i;
          case 68 -> sk.sockNoSpace = v != 0;
          case 69 -> sk.sndCwndUsed = i;
          case 70 -> {
            skb = new long[13];
            skb[0] = v;
            skbs.add(skb);
          }
          case 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82 -> skb[f - 70] = v;
          case 83 -> {
            // the count closes the queue
          }
          case 84 -> sent.add(i);
          case 85 -> sk.rs.priorMstamp = v;
          case 86 -> sk.rs.priorDelivered = i;
          case 87 -> sk.rs.delivered = i;
          case 88 -> sk.rs.intervalUs = v;
          case 89 -> sk.rs.sndIntervalUs = v;
          case 90 -> sk.rs.rcvIntervalUs = v;
          case 91 -> sk.rs.rttUs = v;
          case 92 -> sk.rs.losses = i;
          case 93 -> sk.rs.ackedSacked = i;
          case 94 -> sk.rs.priorInFlight = i;
          case 95 -> sk.rs.lastEndSeq = i;
          case 96 -> sk.rs.isAppLimited = v != 0;
          case 97 -> sk.rs.isRetrans = v != 0;
          case 98 -> sk.rs.isAckDelayed = v != 0;
          default -> throw NativeFailure.cannotApply(c, in, o);
        }
      }
      applyQueue(sk);
      sk.highestSack = bySeq(sk, highestSack);
      sk.retransmitSkbHint = bySeq(sk, hint);
    }

    /**
     * The C's retransmit queue onto the live one, skb by skb in sequence order: a live skb the
     * C no longer holds was ACKed and freed; one it holds from a later seq had its head trimmed;
     * an skb of the C's that no live skb starts at or covers was split off the one before it.
     * The same objects stay queued, so what holds them below TCP sees the C's edits.
     */
    private void applyQueue(TcpSock sk) {
      TcpSkb live = sk.rtxQueue.head();
      TcpSkb last = null;
      for (long[] row : skbs) {
        int seq = (int) row[0];
        TcpSkb match = null;
        while (live != null) {
          if (live.seq == seq) {
            match = live;
            live = live.next;
            break;
          }
          if (Seq.before(live.seq, seq) && Seq.after(live.endSeq, seq)) {
            match = live; // tcp_trim_head of a partly ACKed skb
            live = live.next;
            break;
          }
          if (Seq.after(live.seq, seq)) {
            break;
          }
          TcpSkb freed = live;
          live = live.next;
          free(sk, freed);
        }
        if (match == null) {
          match = new TcpSkb(); // tcp_fragment: the tail split off the skb before it
          if (last == null) {
            sk.rtxQueue.addTail(match);
          } else {
            sk.rtxQueue.addAfter(last, match);
            match.eor = last.eor;
            last.eor = false;
          }
        }
        set(match, row);
        last = match;
      }
      while (live != null) {
        TcpSkb freed = live;
        live = live.next;
        free(sk, freed);
      }
      // the sent list in the C's time order
      for (TcpSkb s = sk.rtxQueue.head(); s != null; s = s.next) {
        sk.tsortedSentQueue.del(s);
      }
      for (int seq : sent) {
        TcpSkb s = sk.rtxQueue.head();
        while (s != null && s.seq != seq) {
          s = s.next;
        }
        if (s != null) {
          sk.tsortedSentQueue.moveTail(s);
        }
      }
    }

    private static void free(TcpSock sk, TcpSkb skb) {
      sk.tsortedSentQueue.del(skb);
      sk.rtxQueue.unlink(skb);
    }

    private static void set(TcpSkb skb, long[] row) {
      skb.seq = (int) row[0];
      skb.endSeq = (int) row[1];
      skb.len = (int) row[2];
      skb.truesize = (int) row[3];
      skb.pcount = (int) row[4];
      skb.tcpGsoSize = (int) row[5];
      skb.sacked = (int) row[6];
      skb.tcpFlags = (int) row[7];
      skb.skbMstampNs = row[8];
      skb.txFirstTxMstamp = row[9];
      skb.txDeliveredMstamp = row[10];
      skb.txDelivered = (int) row[11];
      skb.txIsAppLimited = row[12] != 0;
    }

    static TcpSkb bySeq(TcpSock sk, long seq) {
      if (seq < 0) {
        return null;
      }
      for (TcpSkb s = sk.rtxQueue.head(); s != null; s = s.next) {
        if (Seq.u32(s.seq) == seq) {
          return s;
        }
      }
      return null;
    }
  }
}
