package io.nicsim.tcp;

import static io.nicsim.tcp.TcpInputRecord.CA_STATE;
import static io.nicsim.tcp.TcpInputRecord.HIGHEST_SACK;
import static io.nicsim.tcp.TcpInputRecord.LOST_OUT;
import static io.nicsim.tcp.TcpInputRecord.MSS_CACHE;
import static io.nicsim.tcp.TcpInputRecord.PACKETS_OUT;
import static io.nicsim.tcp.TcpInputRecord.RETRANS_OUT;
import static io.nicsim.tcp.TcpInputRecord.RTX_COUNT;
import static io.nicsim.tcp.TcpInputRecord.SACKED_OUT;
import static io.nicsim.tcp.TcpInputRecord.SND_NXT;
import static io.nicsim.tcp.TcpInputRecord.SND_UNA;
import static io.nicsim.tcp.TcpInputRecord.TCP_MSTAMP;
import static io.nicsim.tcp.TcpInputRecord.WRITE_SEQ;
import static io.nicsim.tcp.TcpInputRecord.a;
import static io.nicsim.tcp.TcpInputRecord.k;
import static io.nicsim.tcp.TcpInputRecord.s;

/**
 * Sender states a live socket can be in, made from a generated record (the harnesses' {@code
 * admit}): the retransmit queue contiguous from about snd_una to snd_nxt, each skb's pcount and
 * gso_size as tcp_set_skb_tso_segs() leaves them, scoreboard bits in combinations the kernel
 * produces, the counters packets_out / sacked_out / lost_out / retrans_out summed from the
 * queue, transmit times ordered as sends happen and the sent list in that order, and the ACK's
 * cumulative ACK and SACK blocks on skb or MSS boundaries of that queue (with D-SACKs below it).
 * The choices are read from the record's own low bits, so shrinking toward zero gives simpler
 * states. Every eighth record keeps its raw times and every fourth its raw sent ranks; the
 * caller picks whether counters may also stay raw.
 */
final class TcpInputStates {
  private TcpInputStates() {}

  static final int S_ACKED = TcpSkb.TCPCB_SACKED_ACKED;
  static final int S_RETRANS = TcpSkb.TCPCB_SACKED_RETRANS;
  static final int LOST = TcpSkb.TCPCB_LOST;
  static final int EVER = TcpSkb.TCPCB_EVER_RETRANS;

  private static long u32(long v) {
    return v & 0xFFFF_FFFFL;
  }

  /** v mod m with v read as unsigned (u64 fields arrive as negative longs too). */
  private static long mod(long v, long m) {
    return Long.remainderUnsigned(v, m);
  }

  /**
   * Shapes {@code r} in place into a coherent socket (see the class comment).
   *
   * @param rawCounters leave packets_out/sacked_out/lost_out/retrans_out as generated in one
   *     record of four (functions that only read them)
   */
  static long[] coherent(long[] r, boolean rawCounters) {
    int n = (int) r[RTX_COUNT];
    long mss = r[MSS_CACHE] != 0 ? r[MSS_CACHE] : 1448;
    long una = r[SND_UNA];
    boolean openState = r[CA_STATE] == TcpSock.TCP_CA_OPEN;
    long seq = una;
    long packets = 0;
    long sacked = 0;
    long lost = 0;
    long retrans = 0;
    int lastSacked = -1;
    for (int i = 0; i < n; i++) {
      long g = (r[k(i, "gso_size")] & 7) != 0 ? mss : 1 + mod(r[k(i, "gso_size")], 65535);
      long rawLen = r[k(i, "len")];
      long len = (rawLen & 0xF) == 0 ? g * (1 + mod(rawLen >>> 4, 8)) : 1 + mod(rawLen, g * 8);
      long pcount = len <= g ? 1 : (len + g - 1) / g;
      long flags = 0x10 | (r[k(i, "tcp_flags")] & 0x08);
      if (i == n - 1 && (r[k(i, "tcp_flags")] & 0x7) == 1) {
        flags |= 0x01; // FIN
      }
      if (i == 0 && (r[k(i, "tcp_flags")] & 0x7) == 2) {
        flags |= 0x02; // SYN
      }
      if (i == 0 && (r[k(i, "seq")] & 0xF) == 1) {
        seq = u32(una - mod((r[k(i, "seq")] >>> 4), len)); // a head partly ACKed, not yet trimmed
      }
      long end = u32(seq + len + (flags & 0x01) + ((flags & 0x02) >> 1));
      long bits = r[k(i, "sacked")] & (S_ACKED | S_RETRANS | LOST | EVER);
      if ((bits & S_ACKED) != 0) {
        bits &= ~LOST;
      }
      if ((bits & S_RETRANS) != 0) {
        bits |= EVER;
      }
      if (openState) {
        bits &= ~S_RETRANS;
      }
      r[k(i, "seq")] = seq;
      r[k(i, "end_seq")] = end;
      r[k(i, "len")] = len;
      r[k(i, "pcount")] = pcount;
      r[k(i, "gso_size")] = pcount > 1 ? g : 0;
      r[k(i, "tcp_flags")] = flags;
      r[k(i, "sacked")] = bits;
      r[k(i, "truesize")] = mod(r[k(i, "truesize")], (1 << 20));
      packets += pcount;
      if ((bits & S_ACKED) != 0) {
        sacked += pcount;
        lastSacked = i;
      }
      if ((bits & LOST) != 0) {
        lost += pcount;
      }
      if ((bits & S_RETRANS) != 0) {
        retrans += pcount;
      }
      seq = end;
    }
    if (n > 0) {
      r[SND_NXT] = seq;
    } else if ((r[SND_NXT] & 3) != 0) {
      r[SND_NXT] = una;
    }
    r[WRITE_SEQ] = (r[WRITE_SEQ] & 1) == 0 ? r[SND_NXT]
        : u32(r[SND_NXT] + mod(r[WRITE_SEQ] >>> 1, 65536));
    if (!rawCounters || (r[PACKETS_OUT] & 3) != 0) {
      r[PACKETS_OUT] = packets;
      r[SACKED_OUT] = sacked;
      r[LOST_OUT] = lost;
      r[RETRANS_OUT] = retrans;
    }
    if (sacked > 0) {
      r[HIGHEST_SACK] = lastSacked + 1 < n ? lastSacked + 1 : -1;
    }
    times(r, n);
    near(r, "high_seq");
    near(r, "undo_marker");
    near(r, "rtt_seq");
    near(r, "snd_wl1");
    near(r, "rack.end_seq");
    near(r, "snd_up");
    ack(r, n, mss);
    return r;
  }

  /** A sequence field near the queue (snd_una - 2 .. snd_nxt + 2) in three records of four. */
  private static void near(long[] r, String field) {
    int f = s(field);
    if ((r[f] & 3) == 3) {
      return;
    }
    long span = u32(r[SND_NXT] - r[SND_UNA]) + 5;
    r[f] = u32(r[SND_UNA] - 2 + mod((r[f] >>> 2), span));
  }

  /**
   * Transmit times: first sends in sequence order, retransmissions after them, all before
   * tcp_mstamp; the sent list in transmit order without SACKed skbs and lost ones not yet
   * retransmitted (RACK and SACK tagging take those off it); RACK's and the rate sampler's
   * clocks around the same times.
   */
  private static void times(long[] r, int n) {
    long now = r[TCP_MSTAMP] & ((1L << 52) - 1);
    if ((r[TCP_MSTAMP] & 7) == 7) {
      return; // raw times
    }
    if (now < (1L << 32)) {
      now += 1L << 32;
    }
    r[TCP_MSTAMP] = now;
    long gap = 1 + (r[k(0, "skb_mstamp_ns")] & 0x3FFF);
    long[] us = new long[n];
    for (int i = 0; i < n; i++) {
      long sacked = r[k(i, "sacked")];
      boolean resent = (sacked & (S_RETRANS | EVER)) != 0;
      long age = resent ? mod((r[k(i, "skb_mstamp_ns")] >>> 3), (gap + 1))
          : gap * (n - i + 1) + mod((r[k(i, "skb_mstamp_ns")] >>> 3), 16);
      us[i] = now - age;
      r[k(i, "skb_mstamp_ns")] = us[i] * 1000 + (r[k(i, "skb_mstamp_ns")] & 7) * 125;
      r[k(i, "tx.first_tx_mstamp")] = now - mod(r[k(i, "tx.first_tx_mstamp")], gap * 8 + 1);
      r[k(i, "tx.delivered_mstamp")] =
          now - mod(r[k(i, "tx.delivered_mstamp")], gap * 8 + 1);
    }
    if ((r[k(0, "sent rank")] & 3) != 3) {
      int rank = 0;
      boolean[] placed = new boolean[n];
      for (int round = 0; round < n; round++) {
        int best = -1;
        for (int i = 0; i < n; i++) {
          long sacked = r[k(i, "sacked")];
          boolean off = (sacked & S_ACKED) != 0 || ((sacked & LOST) != 0
              && (sacked & S_RETRANS) == 0);
          if (placed[i] || off) {
            continue;
          }
          if (best < 0 || us[i] < us[best]) {
            best = i;
          }
        }
        if (best < 0) {
          break;
        }
        placed[best] = true;
        r[k(best, "sent rank")] = ++rank;
      }
      for (int i = 0; i < n; i++) {
        if (!placed[i]) {
          r[k(i, "sent rank")] = 0;
        }
      }
    }
    long span = gap * (n + 2) + 1;
    r[s("rack.mstamp")] = now - mod(r[s("rack.mstamp")], span);
    r[s("first_tx_mstamp")] = now - mod(r[s("first_tx_mstamp")], span);
    r[s("delivered_mstamp")] = now - mod(r[s("delivered_mstamp")], span);
    r[s("tcp_clock_cache")] = now * 1000 + mod(r[s("tcp_clock_cache")], 1000);
    if ((r[s("tcp_wstamp_ns")] & 1) == 0) {
      r[s("tcp_wstamp_ns")] = r[s("tcp_clock_cache")] + mod((r[s("tcp_wstamp_ns")] >>> 1), 40_000_000
          - 4_000_000);
    }
    if ((r[s("rack.rtt_us")] & 1) == 0) {
      r[s("rack.rtt_us")] = mod((r[s("rack.rtt_us")] >>> 1), span);
    }
  }

  /** Sequence numbers the ACK can name: skb edges, MSS steps inside skbs, and around them. */
  private static long boundary(long[] r, int n, long mss, long pick) {
    long una = r[SND_UNA];
    if (n == 0) {
      return u32(una + (mod(pick, 3)) - 1);
    }
    int choice = (int) (mod(pick, (2 * n + 3)));
    if (choice <= n) {
      return choice == 0 ? r[k(0, "seq")] : r[k(choice - 1, "end_seq")];
    }
    if (choice < 2 * n + 1) {
      int i = choice - n - 1;
      long len = r[k(i, "len")];
      long steps = Math.max(1, len / mss);
      return u32(r[k(i, "seq")] + mss * (mod((pick >>> 8), steps)));
    }
    return choice == 2 * n + 1 ? u32(una - 1 - mod((pick >>> 8), 4096)) : u32(r[SND_NXT] + 1);
  }

  /** The cumulative ACK and the SACK blocks of the record's ACK segment. */
  private static void ack(long[] r, int n, long mss) {
    int ackSeq = a("ack_seq");
    if ((r[ackSeq] & 7) != 7) {
      r[ackSeq] = boundary(r, n, mss, r[ackSeq]);
    }
    int num = a("num_sacks");
    if (r[num] == 0 && (r[a("sack[0].start")] & 3) != 3) {
      r[num] = 1 + (r[a("sack[0].end")] & 1); // SACK blocks in most records
    }
    int blocks = (int) r[num];
    for (int b = 0; b < blocks; b++) {
      int st = TcpInputRecord.ACK_SACK_START[b];
      int en = TcpInputRecord.ACK_SACK_END[b];
      if ((r[st] & 7) == 7) {
        continue; // raw block
      }
      long x = boundary(r, n, mss, r[st]);
      long y = boundary(r, n, mss, r[en]);
      if ((r[en] & 3) == 3) {
        y = u32(x + mss * (1 + mod((r[en] >>> 2), 4))); // a block of whole segments
      }
      boolean ordered = u32(y - x) < (1L << 31);
      r[st] = ordered ? x : y;
      r[en] = ordered ? y : x;
    }
    if ((r[a("end_seq")] & 3) != 3) {
      r[a("end_seq")] = r[a("seq")]; // a pure ACK
    }
    r[a("flag")] = (r[a("flag")] & 3) != 3 ? r[a("flag")] & 0x4100 : r[a("flag")];
  }
}
