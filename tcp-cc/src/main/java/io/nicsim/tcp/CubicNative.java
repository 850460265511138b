package io.nicsim.tcp;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * net/ipv4/tcp_cubic.c as the tree's C on a live socket's {@link Cubic} ({@code --ports c}):
 * each call the inverse of its harness in {@link CubicHarnesses} (the socket, {@code struct
 * bictcp} from the Cubic's fields, the module parameters and the arguments in; struct bictcp and
 * the socket fields CUBIC writes out, into the same objects). The entry points the TCP stack
 * calls through {@code struct tcp_congestion_ops}; bictcp_update, HyStart and tcp_cong.c's
 * helpers run inside them as the tree's C.
 */
final class CubicNative {
  /** The entry points, by their {@link CubicHarnesses#FUNCTIONS} kind. */
  static final int INIT = 6;
  static final int CWND_EVENT = 7;
  static final int CONG_AVOID = 8;
  static final int SSTHRESH = 9;
  static final int STATE = 10;
  static final int ACKED = 11;
  static final List<Integer> ENTRIES = List.of(INIT, CWND_EVENT, CONG_AVOID, SSTHRESH, STATE,
      ACKED);

  private static final long[] CA = ids("cnt", "last_max_cwnd", "last_cwnd", "last_time",
      "bic_origin_point", "bic_K", "delay_min", "epoch_start", "ack_cnt", "tcp_cwnd",
      "sample_cnt", "found", "round_start", "end_seq", "last_ack", "curr_rtt");

  private final NativePort[] ports = new NativePort[CubicHarnesses.FUNCTIONS.size()];
  private final long[] in = new long[CubicHarnesses.A + CubicHarnesses.argFields(0).size()];

  static long[] ids(String... names) {
    long[] out = new long[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = NativeOut.id(names[i]);
    }
    return out;
  }

  /** Whether {@code kind} runs as C. */
  boolean runs(int kind) {
    return ports[kind] != null;
  }

  void set(int kind, NativePort c) {
    ports[kind] = c;
  }

  /**
   * Runs entry point {@code kind} as C with its arguments at the record's argument slots
   * (cwnd acked delay event pkts_acked rtt_us in_flight), applies what it wrote.
   *
   * @return its return value (cubictcp_recalc_ssthresh), 0 for the others
   */
  long call(int kind, Cubic ca, TcpSock sk, long acked, long event, long pktsAcked,
      long rttUs) {
    NativePort c = ports[kind];
    CcNative.capture(sk, in);
    captureCubic(ca, in, CubicHarnesses.CA);
    int p = CubicHarnesses.P;
    in[p] = ca.fastConvergence;
    in[p + 1] = ca.beta;
    in[p + 2] = ca.initialSsthresh;
    in[p + 3] = ca.tcpFriendliness;
    in[p + 4] = ca.hystart;
    in[p + 5] = ca.hystartDetect;
    in[p + 6] = ca.hystartLowWindow;
    in[p + 7] = ca.hystartAckDeltaUs;
    int a = CubicHarnesses.A;
    in[a] = 0; // bictcp_update's cwnd: only its own harness passes it
    in[a + 1] = acked;
    in[a + 2] = 0;
    in[a + 3] = event;
    in[a + 4] = pktsAcked;
    in[a + 5] = rttUs;
    in[a + 6] = 0;
    in[a + 7] = 0;
    NativeOut o = CcNative.call(c, in, sk, -1);
    long ret = 0;
    while (o.next()) {
      if (o.isField(CcNative.RET)) {
        ret = o.value();
      } else if (!applyCubic(ca, o) && !CcNative.apply(sk, o)) {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    return ret;
  }

  /** CubicHarnesses.setCubic, inverted. */
  static void captureCubic(Cubic ca, long[] in, int at) {
    in[at] = Integer.toUnsignedLong(ca.cnt);
    in[at + 1] = Integer.toUnsignedLong(ca.lastMaxCwnd);
    in[at + 2] = Integer.toUnsignedLong(ca.lastCwnd);
    in[at + 3] = Integer.toUnsignedLong(ca.lastTime);
    in[at + 4] = Integer.toUnsignedLong(ca.bicOriginPoint);
    in[at + 5] = Integer.toUnsignedLong(ca.bicK);
    in[at + 6] = Integer.toUnsignedLong(ca.delayMin);
    in[at + 7] = Integer.toUnsignedLong(ca.epochStart);
    in[at + 8] = Integer.toUnsignedLong(ca.ackCnt);
    in[at + 9] = Integer.toUnsignedLong(ca.tcpCwnd);
    in[at + 10] = ca.sampleCnt & 0xFF;
    in[at + 11] = ca.found ? 1 : 0;
    in[at + 12] = Integer.toUnsignedLong(ca.roundStart);
    in[at + 13] = Integer.toUnsignedLong(ca.endSeq);
    in[at + 14] = Integer.toUnsignedLong(ca.lastAck);
    in[at + 15] = Integer.toUnsignedLong(ca.currRtt);
  }

  /** CubicHarnesses.putCubic, inverted: false when the token is not struct bictcp's. */
  static boolean applyCubic(Cubic ca, NativeOut o) {
    if (o.kind() != NativeOut.FIELD && o.kind() != NativeOut.UFIELD) {
      return false;
    }
    long n = o.name();
    int v = (int) o.value();
    int i = 0;
    while (i < CA.length && CA[i] != n) {
      i++;
    }
    switch (i) {
      case 0 -> ca.cnt = v;
      case 1 -> ca.lastMaxCwnd = v;
      case 2 -> ca.lastCwnd = v;
      case 3 -> ca.lastTime = v;
      case 4 -> ca.bicOriginPoint = v;
      case 5 -> ca.bicK = v;
      case 6 -> ca.delayMin = v;
      case 7 -> ca.epochStart = v;
      case 8 -> ca.ackCnt = v;
      case 9 -> ca.tcpCwnd = v;
      case 10 -> ca.sampleCnt = v;
      case 11 -> ca.found = v != 0;
      case 12 -> ca.roundStart = v;
      case 13 -> ca.endSeq = v;
      case 14 -> ca.lastAck = v;
      case 15 -> ca.currRtt = v;
      default -> {
        return false;
      }
    }
    return true;
  }
}
