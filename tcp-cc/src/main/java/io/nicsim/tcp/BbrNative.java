package io.nicsim.tcp;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.List;

/**
 * net/ipv4/tcp_bbr.c as the tree's C on a live socket's {@link Bbr} ({@code --ports c}): each
 * call the inverse of its harness in {@link BbrHarnesses} (the socket, {@code struct bbr} from
 * the Bbr's fields, the rate sample and the arguments in; struct bbr and the socket fields BBR
 * writes out, into the same objects). The entry points the TCP stack calls through
 * {@code struct tcp_congestion_ops}; bbr_main runs the whole model update inside it as the
 * tree's C. The random PROBE_BW phase is the host's draw: when the C asks for one, the host's
 * generator answers and the C runs again on that answer ({@link CcNative#call}).
 */
final class BbrNative {
  static final int MIN_TSO_SEGS = 6;
  static final int CWND_EVENT = 14;
  static final int MAIN = 37;
  static final int INIT = 38;
  static final int SNDBUF_EXPAND = 39;
  static final int UNDO_CWND = 40;
  static final int SSTHRESH = 41;
  static final int SET_STATE = 42;
  static final List<Integer> ENTRIES = List.of(MIN_TSO_SEGS, CWND_EVENT, MAIN, INIT,
      SNDBUF_EXPAND, UNDO_CWND, SSTHRESH, SET_STATE);

  private static final long[] BBR = CubicNative.ids("min_rtt_us", "min_rtt_stamp",
      "probe_rtt_done_stamp", "bw.s[0].t", "bw.s[0].v", "bw.s[1].t", "bw.s[1].v", "bw.s[2].t",
      "bw.s[2].v", "rtt_cnt", "next_rtt_delivered", "cycle_mstamp", "mode", "prev_ca_state",
      "packet_conservation", "round_start", "idle_restart", "probe_rtt_round_done",
      "lt_is_sampling", "lt_rtt_cnt", "lt_use_bw", "lt_bw", "lt_last_delivered",
      "lt_last_stamp", "lt_last_lost", "pacing_gain", "cwnd_gain", "full_bw_reached",
      "full_bw_cnt", "cycle_idx", "has_seen_rtt", "prior_cwnd", "full_bw", "ack_epoch_mstamp",
      "extra_acked[0]", "extra_acked[1]", "ack_epoch_acked", "extra_acked_win_rtts",
      "extra_acked_win_idx");

  private final NativePort[] ports = new NativePort[BbrHarnesses.FUNCTIONS.size()];
  private final long[] in = new long[BbrHarnesses.A + BbrHarnesses.argFields(0).size()];
  /** struct bbr as the record holds it, read back into the Bbr once the record is read. */
  private final long[] state = new long[BBR.length];

  boolean runs(int kind) {
    return ports[kind] != null;
  }

  void set(int kind, NativePort c) {
    ports[kind] = c;
  }

  /**
   * Runs entry point {@code kind} as C: {@code rs} (bbr_main's) or none, {@code event}
   * (bbr_cwnd_event's event, bbr_set_state's new_state).
   *
   * @return its return value, 0 for a void function
   */
  long call(int kind, Bbr b, TcpSock sk, RateSample rs, int event) {
    NativePort c = ports[kind];
    CcNative.capture(sk, in);
    captureBbr(b, in, BbrHarnesses.B);
    int r = BbrHarnesses.R;
    if (rs != null) {
      in[r] = Integer.toUnsignedLong(rs.priorDelivered);
      in[r + 1] = rs.delivered;
      in[r + 2] = rs.intervalUs;
      in[r + 3] = rs.rttUs;
      in[r + 4] = rs.losses;
      in[r + 5] = Integer.toUnsignedLong(rs.ackedSacked);
      in[r + 6] = Integer.toUnsignedLong(rs.priorInFlight);
      in[r + 7] = rs.isAppLimited ? 1 : 0;
      in[r + 8] = rs.isAckDelayed ? 1 : 0;
    } else {
      Arrays.fill(in, r, r + BbrHarnesses.RS_FIELDS.size(), 0);
    }
    int a = BbrHarnesses.A;
    Arrays.fill(in, a, in.length, 0);
    in[a + 4] = event & 0xFF;
    NativeOut o = CcNative.call(c, in, sk, a + 5);
    long ret = 0;
    System.arraycopy(in, BbrHarnesses.B, state, 0, state.length);
    while (o.next()) {
      if (o.isField(CcNative.RET)) {
        ret = o.value();
      } else if (!readBbr(o) && !CcNative.apply(sk, o)) {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    applyBbr(b, state);
    return ret;
  }

  /** BbrHarnesses.setBbr, inverted. */
  static void captureBbr(Bbr b, long[] in, int at) {
    in[at] = Integer.toUnsignedLong(b.minRttUs);
    in[at + 1] = Integer.toUnsignedLong(b.minRttStamp);
    in[at + 2] = Integer.toUnsignedLong(b.probeRttDoneStamp);
    for (int i = 0; i < 3; i++) {
      in[at + 3 + 2 * i] = Integer.toUnsignedLong(b.bw.t(i));
      in[at + 4 + 2 * i] = Integer.toUnsignedLong(b.bw.v(i));
    }
    in[at + 9] = Integer.toUnsignedLong(b.rttCnt);
    in[at + 10] = Integer.toUnsignedLong(b.nextRttDelivered);
    in[at + 11] = b.cycleMstamp;
    in[at + 12] = b.mode;
    in[at + 13] = b.prevCaState;
    in[at + 14] = b.packetConservation ? 1 : 0;
    in[at + 15] = b.roundStart ? 1 : 0;
    in[at + 16] = b.idleRestart ? 1 : 0;
    in[at + 17] = b.probeRttRoundDone ? 1 : 0;
    in[at + 18] = b.ltIsSampling ? 1 : 0;
    in[at + 19] = b.ltRttCnt;
    in[at + 20] = b.ltUseBw ? 1 : 0;
    in[at + 21] = Integer.toUnsignedLong(b.ltBw);
    in[at + 22] = Integer.toUnsignedLong(b.ltLastDelivered);
    in[at + 23] = Integer.toUnsignedLong(b.ltLastStamp);
    in[at + 24] = Integer.toUnsignedLong(b.ltLastLost);
    in[at + 25] = b.pacingGain;
    in[at + 26] = b.cwndGain;
    in[at + 27] = b.fullBwReached ? 1 : 0;
    in[at + 28] = b.fullBwCnt;
    in[at + 29] = b.cycleIdx;
    in[at + 30] = b.hasSeenRtt ? 1 : 0;
    in[at + 31] = Integer.toUnsignedLong(b.priorCwnd);
    in[at + 32] = Integer.toUnsignedLong(b.fullBw);
    in[at + 33] = b.ackEpochMstamp;
    in[at + 34] = b.extraAcked[0];
    in[at + 35] = b.extraAcked[1];
    in[at + 36] = b.ackEpochAcked;
    in[at + 37] = b.extraAckedWinRtts;
    in[at + 38] = b.extraAckedWinIdx;
  }

  /** One struct bbr token into {@link #state}: false when the token is not struct bbr's. */
  private boolean readBbr(NativeOut o) {
    if (o.kind() != NativeOut.FIELD && o.kind() != NativeOut.UFIELD) {
      return false;
    }
    long n = o.name();
    for (int i = 0; i < BBR.length; i++) {
      if (BBR[i] == n) {
        state[i] = o.value();
        return true;
      }
    }
    return false;
  }

  /** The record's struct bbr into {@code b}: BbrHarnesses.setBbr. */
  private static void applyBbr(Bbr b, long[] s) {
    BbrHarnesses.setBbr(b, s, 0);
  }
}
