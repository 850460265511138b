package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.u8;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for include/net/tcp.h's inline helpers that
 * {@link TcpSock} ports ({@code tcp_in_slow_start}, {@code tcp_packets_in_flight},
 * {@code tcp_skb_sent_after}...), each run as the tree's C on a socket of its own
 * ({@code nicsim/portexec/tcp/tcp_h.c}, record layout at its top) beside the Java method.
 */
public final class TcpHelperHarnesses implements PortHarnessProvider {
  private static final String H = "include/net/tcp.h";

  /** The helpers in NICSIM_KIND order (tcp_h.c's driver). */
  static final List<String> FUNCTIONS = List.of("tcp_ca_event", "tcp_current_ssthresh",
      "tcp_highest_sack_seq", "tcp_in_cwnd_reduction", "tcp_in_slow_start",
      "tcp_is_cwnd_limited", "tcp_left_out", "tcp_min_rtt", "tcp_needs_internal_pacing",
      "tcp_packets_in_flight", "tcp_skb_sent_after", "tcp_stamp_us_delta", "tcp_wnd_end");

  /**
   * The record: the socket fields the helpers read, the module's .cwnd_event and the event, the
   * arguments of the two helpers that take no socket, and a shape. icsk_ca_state is the kernel's
   * 5-bit field (the kernel stores only enum tcp_ca_state in it; every value is accepted here);
   * sk_pacing_status is a u8 holding enum sk_pacing.
   */
  static final List<InputField> FIELDS = List.of(
      u32("snd_cwnd").withEdges(2, 10, 0x7fff_ffffL, 0x8000_0000L),
      u32("snd_ssthresh").withEdges(0x7fff_ffffL, 2, 10),
      range("icsk_ca_state", 0, 31).withEdges(TcpSock.TCP_CA_CWR, TcpSock.TCP_CA_RECOVERY),
      bool("is_cwnd_limited"),
      u32("max_packets_out").withEdges(5, 0x7fff_ffffL, 0x8000_0000L),
      u32("packets_out"), u32("sacked_out"), u32("lost_out"), u32("retrans_out"),
      u32("snd_una"), u32("snd_nxt"), u32("snd_wnd").withEdges(65_535, 1 << 30),
      bool("highest_sack"), u32("highest_sack.seq"),
      u32("rtt_min").withEdges(0xFFFF_FFFFL),
      u8("sk_pacing_status").withEdges(TcpSock.SK_PACING_NEEDED, TcpSock.SK_PACING_FQ),
      bool("ca has cwnd_event"),
      range("event", 0, 5),
      u64("t1").withEdges(Long.MIN_VALUE, Long.MAX_VALUE, 0x1_0000_0000L, 0xFFFF_FFFFL),
      u64("t2").withEdges(Long.MIN_VALUE, Long.MAX_VALUE, 0x1_0000_0000L, 0xFFFF_FFFFL),
      u32("seq1").withEdges(0x8000_0000L, 0x7fff_ffffL), u32("seq2"),
      u64("shape"));

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    for (int kind = 0; kind < FUNCTIONS.size(); kind++) {
      out.add(helper(kind));
    }
    return out;
  }

  private static PortHarness helper(int kind) {
    List<String> src = new ArrayList<>(List.of(H, "include/linux/tcp.h",
        "include/linux/win_minmax.h", "include/net/inet_connection_sock.h",
        "include/net/sock.h", "include/uapi/linux/tcp.h"));
    return PortHarness.of(H, FUNCTIONS.get(kind)).sources(src)
        .program(PortHarness.resource(TcpHelperHarnesses.class, "nicsim/portexec/tcp/tcp_h.c")
            + "\n//@ prelude\n#define NICSIM_KIND " + kind + "\n")
        .inputs(FIELDS)
        .admit(TcpHelperHarnesses::shape)
        .notes(kind == 0 ? "event one of enum tcp_ca_event (CA_EVENT_TX_START..CA_EVENT_ECN_IS_CE);"
            + " the module's .cwnd_event recorded with the event, or absent" : "")
        .java(kernel -> {
          PatchSet patches = TcpHarnesses.patches(kernel);
          return (JavaPort) r -> run(kind, patches, r);
        })
        .build();
  }

  /** Record → objects → output: the socket as the record gives it, the helper, its answer. */
  static String run(int kind, PatchSet patches, long[] r) {
    Out out = new Out();
    RecordingCa ca = new RecordingCa(r[16] != 0, out);
    TcpSock sk = new TcpSock(null, new TcpSysctl(), patches, ca);
    sk.sndCwnd = (int) r[0];
    sk.sndSsthresh = (int) r[1];
    sk.icskCaState = (int) r[2];
    sk.isCwndLimited = r[3] != 0;
    sk.maxPacketsOut = (int) r[4];
    sk.packetsOut = (int) r[5];
    sk.sackedOut = (int) r[6];
    sk.lostOut = (int) r[7];
    sk.retransOut = (int) r[8];
    sk.sndUna = (int) r[9];
    sk.sndNxt = (int) r[10];
    sk.sndWnd = (int) r[11];
    if (r[12] != 0) {
      sk.highestSack = new TcpSkb();
      sk.highestSack.seq = (int) r[13];
    }
    sk.rttMin.set(0, 0, (int) r[14]);
    sk.skPacingStatus = (int) r[15];
    long t1 = r[18];
    long t2 = r[19];
    int seq1 = (int) r[20];
    int seq2 = (int) r[21];
    switch (kind) {
      case 0 -> sk.caEvent((int) r[17]);
      case 1 -> out.u32("ret", sk.currentSsthresh());
      case 2 -> out.u32("ret", sk.highestSackSeq());
      case 3 -> out.put("ret", sk.inCwndReduction());
      case 4 -> out.put("ret", sk.inSlowStart());
      case 5 -> out.put("ret", sk.isCwndLimited());
      case 6 -> out.u32("ret", sk.leftOut());
      case 7 -> out.u32("ret", sk.minRtt());
      case 8 -> out.put("ret", sk.needsInternalPacing());
      case 9 -> out.u32("ret", sk.packetsInFlight());
      case 10 -> out.put("ret", TcpSock.skbSentAfter(t1, t2, seq1, seq2));
      case 11 -> out.u("ret", TcpSock.stampUsDelta(t1, t2));
      default -> out.u32("ret", sk.wndEnd());
    }
    return out.toString();
  }

  /**
   * Ties the comparisons' operands in part of the records: cwnd beside ssthresh and beside
   * 2 * max_packets_out, the two stamps equal or one apart, seq1 beside seq2, ssthresh beside
   * 3/4 of cwnd (tcp_current_ssthresh's max).
   */
  static long[] shape(long[] r) {
    RecordShape s = new RecordShape(r[22]);
    if (s.oneIn(4)) {
      r[0] = RecordShape.u32(r[1] + s.offset(1));
    }
    if (s.oneIn(4)) {
      r[0] = RecordShape.u32(2 * r[4] + s.offset(1));
    }
    if (s.oneIn(4)) {
      long c = r[0];
      r[1] = RecordShape.u32((c >>> 1) + (c >>> 2) + s.offset(1));
    }
    if (s.oneIn(3)) {
      r[18] = r[19] + s.offset(1);
    }
    if (s.oneIn(3)) {
      r[20] = RecordShape.u32(r[21] + s.offset(1));
    }
    return r;
  }

  /** A module whose .cwnd_event (when it has one) is recorded as tcp_h.c's stub records it. */
  private static final class RecordingCa implements CongestionOps {
    private final boolean hasCwndEvent;
    private final Out calls;

    RecordingCa(boolean hasCwndEvent, Out calls) {
      this.hasCwndEvent = hasCwndEvent;
      this.calls = calls;
    }

    @Override public void cwndEvent(TcpSock sk, int event) {
      if (hasCwndEvent) {
        calls.call("cwnd_event", event);
      }
    }

    @Override public String name() {
      return "recording";
    }

    @Override public void init(TcpSock sk) {}

    @Override public int ssthresh(TcpSock sk) {
      return 0;
    }

    @Override public int undoCwnd(TcpSock sk) {
      return 0;
    }
  }
}
