package io.nicsim.tcp.stack;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u8;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.tcp.TcpPatches;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for the receiver's delayed-ACK engine in
 * {@link TcpReceiver}: tcp_incr_quickack, tcp_enter_quickack_mode, tcp_in_quickack_mode,
 * tcp_send_delayed_ack and tcp_delack_timer_handler on one record (the icsk_ack fields, rto,
 * srtt, rcv_wnd, the compressed-ACK state). The C is
 * {@code src/main/resources/nicsim/portexec/tcp-receiver/receiver.c} (its record layout at the
 * top); {@link #receiver} builds the same receiver in Java and {@link #put} prints it. The
 * receiver's tcp_send_ack, delayed-ACK timer and compressed-ACK hrtimer are recorded calls on
 * both sides.
 */
public final class TcpReceiverHarnesses implements PortHarnessProvider {
  private static final String PROGRAM = "nicsim/portexec/tcp-receiver/receiver.c";
  static final int HZ = 250;

  static final List<InputField> FIELDS = List.of(
      u32("jiffies"),
      range("icsk_ack.timeout - jiffies", Integer.MIN_VALUE, Integer.MAX_VALUE)
          .withEdges(-1, 1, 10, 49, 50, 2, 3, 12, 13),
      range("icsk_ack.pending", 0, 31).withEdges(1, 3, 5, 7, 16),
      u8("icsk_ack.quick").withEdges(1, 2, 16),
      u32("icsk_ack.ato").withEdges(10, 11, 49, 50, 51, 125, 126, 255, 256, 5, 20),
      urange("icsk_ack.rcv_mss", 1, 65535).withEdges(536, 1448, 1460, 88),
      urange("icsk_rto", 1, 120 * HZ).withEdges(50, 51, 57, 255, 256, 128),
      u32("srtt_us").withEdges(8 * 23_000, 8 * 40_000, 8 * 196_000, 8 * 200_000, 8, 7, 8 * 4000,
          8 * 4001, 8 * 36_001),
      u32("rcv_wnd").withEdges(65_535, 3_145_728, 2896, 2895, 1072, 1071),
      u8("compressed_ack").withEdges(1, 44),
      bool("compressed-ACK hrtimer queued"),
      u32("max_quickacks").withEdges(16, 2, 1));

  /**
   * __tcp_ack_snd_check's fields after {@link #FIELDS}: the sequence state it compares (rcv_nxt
   * and the distances of rcv_wup and copied_seq behind it), the out-of-order queue, its
   * argument and the SACK-compression state.
   */
  static final List<InputField> ACK_SND_FIELDS = List.of(
      u32("rcv_nxt").withEdges(0xFFFF_FFFFL, 0x8000_0000L),
      u32("rcv_nxt - rcv_wup").withEdges(536, 537, 1448, 1449, 88, 89, 65_535, 65_536),
      bool("out_of_order_queue non-empty"),
      bool("ofo_possible"),
      u32("compressed_ack_rcv_nxt"),
      range("dup_ack_counter", 0, 3),
      u32("rcv_rtt_est.rtt_us").withEdges(8 * 23_000, 8 * 1000, 15, 16, 8 * 24_242, 8 * 160_000),
      u32("rcv_nxt - copied_seq").withEdges(1));

  /**
   * In the loop only ({@code --ports c}), after the C's fields: the receiving kernel's CONFIG_HZ,
   * at which its C was built ({@code KernelC.ports(hz)}; the far end of a path at 1000, a host at
   * its own), so that the Java port run through the same bridge ({@code JavaKernelC}, an
   * equivalence check's other half) counts jiffies at the same rate. port-check's records end
   * before it: HZ 250, the harness C's.
   */
  static final int LOOP_HZ = FIELDS.size() + ACK_SND_FIELDS.size();

  private static final String NOTES = "an established receiver that never sends data"
      + " (pingpong 0), no route metrics (no RTAX_QUICKACK, icsk_rto_min TCP_RTO_MIN,"
      + " icsk_delack_max TCP_DELACK_MAX), 64-bit jiffies from INITIAL_JIFFIES with"
      + " icsk_ack.timeout within 2^30 of them (the Java keeps their low 32 bits); tcp_mstamp"
      + " (tcp_mstamp_refresh) is not compared: the model's receiver keeps no microsecond clock;"
      + " tcp_send_ack is a recorded call (its effects are tcp_event_ack_sent's, not these"
      + " functions')";

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(harness("net/ipv4/tcp_input.c", "tcp_incr_quickack",
        (rx, r) -> rx.incrQuickack((int) r[11])));
    out.add(harness("net/ipv4/tcp_input.c", "tcp_enter_quickack_mode",
        (rx, r) -> rx.enterQuickackMode((int) r[11])));
    out.add(harness("net/ipv4/tcp_input.c", "tcp_in_quickack_mode", null));
    out.add(harness("net/ipv4/tcp_output.c", "tcp_send_delayed_ack",
        (rx, r) -> rx.sendDelayedAck()));
    out.add(harness("net/ipv4/tcp_timer.c", "tcp_delack_timer_handler",
        (rx, r) -> rx.delackTimerHandler()));
    out.add(ackSndCheck());
    return out;
  }

  @FunctionalInterface
  private interface Body {
    void run(TcpReceiver rx, long[] r);
  }

  private static PortHarness harness(String file, String function, Body body) {
    List<String> src = new ArrayList<>();
    src.add(file);
    for (String f : List.of("net/ipv4/tcp_input.c", "net/ipv4/tcp_output.c",
        "net/ipv4/tcp_timer.c", "include/net/tcp.h", "include/net/inet_connection_sock.h",
        "include/net/tcp_states.h", "include/linux/jiffies.h", "kernel/time/time.c")) {
      if (!src.contains(f)) {
        src.add(f);
      }
    }
    src.addAll(KernelHeaders.ARITHMETIC);
    return PortHarness.of(file, function)
        .sources(src)
        .program(PortHarness.resource(TcpReceiverHarnesses.class, PROGRAM)
            + "\n//@ prelude\n#define NICSIM_FN_" + function + " 1\n")
        .inputs(FIELDS)
        .admit(TcpReceiverHarnesses::admit)
        .notes(NOTES)
        .java(kernel -> {
          PatchSet patches = TcpPatches.CATALOG.select(version(kernel), List.of());
          return r -> {
            Out out = new Out();
            TcpReceiver rx = receiver(patches, r, out);
            if (body == null) {
              out.put("ret", rx.inQuickackMode());
            } else {
              body.run(rx, r);
            }
            return put(rx, out).toString();
          };
        })
        .build();
  }

  /**
   * __tcp_ack_snd_check whole, with tcp_send_delayed_ack from the tree inside it; tcp_send_ack and
   * the compressed-ACK hrtimer's start recorded.
   */
  private static PortHarness ackSndCheck() {
    String file = "net/ipv4/tcp_input.c";
    List<InputField> in = new ArrayList<>(FIELDS);
    in.addAll(ACK_SND_FIELDS);
    PortHarness base = harness(file, "__tcp_ack_snd_check", null);
    return PortHarness.of(file, "__tcp_ack_snd_check")
        .sources(base.sources())
        .program(base.program())
        .inputs(in)
        .admit(r -> {
          r = admit(r);
          long shape = r[16] >>> 1; // the low bits decide the tie below
          if ((shape & 1) == 0) {
            // half the records on the SACK-compression path: not in quickack, no ICSK_ACK_NOW,
            // at most one segment unacknowledged, out-of-order data, compressed_ack up to 44
            r[3] = 0;
            r[2] &= ~16L;
            r[13] %= r[5] + 1;
            r[14] = 1;
            r[15] = 1;
            r[9] %= 45;
          }
          if (((shape >>> 1) & 3) == 0) { // the receive RTT estimate beside srtt_us
            r[18] = (r[7] + ((shape >>> 3) & 3) - 1) & 0xFFFF_FFFFL;
          }
          if (((shape >>> 5) & 3) == 0) {
            // an RTT where the compression delay meets tcp_comp_sack_delay_ns (1 ms): 160000
            // (shifted) at 5 %, 24242 at 33 %
            long rtt = ((shape >>> 7) & 1) == 0 ? 160_000 : 24_242;
            r[7] = rtt + ((shape >>> 8) & 3) - 1;
            r[18] = r[7] + ((shape >>> 10) & 1);
          }
          // compressed_ack_rcv_nxt at rcv_nxt in half the records (a run of dup ACKs)
          if ((r[16] & 1) == 0) {
            r[16] = r[12];
          }
          return r;
        })
        .notes(NOTES + "; a SACK connection never owned by the user when the check runs,"
            + " SO_RCVLOWAT 1 and a window that never shrinks (__tcp_select_window answers"
            + " rcv_wnd), so the first test is 'more than one full segment unacknowledged';"
            + " the compression sysctls at their defaults; sock_hold's reference not compared")
        .java(kernel -> {
          PatchSet patches = TcpPatches.CATALOG.select(version(kernel), List.of());
          return r -> {
            Out out = new Out();
            TcpReceiver rx = receiver(patches, r, out);
            ackSndState(rx, r);
            rx.ackSndCheck((int) r[15]);
            out.u32("compressed_ack_rcv_nxt", (int) rx.compressedAckRcvNxt)
                .put("dup_ack_counter", rx.dupAckCounter);
            return put(rx, out).toString();
          };
        })
        .build();
  }

  /** {@link #ACK_SND_FIELDS} into the receiver (stream offsets: rcv_nxt's u32 as a long). */
  static void ackSndState(TcpReceiver rx, long[] r) {
    rx.rcvNxt = r[12];
    rx.rcvWup = r[12] - r[13];
    if (r[14] != 0) {
      rx.addOoo(r[12] + 1, r[12] + 2); // any hole will do: only its presence is read
    }
    rx.compressedAckRcvNxt = r[16];
    rx.dupAckCounter = (int) r[17];
    rx.rcvRttUs = r[18];
  }

  /**
   * The delayed-ACK timer is armed at most TCP_DELACK_MAX ahead and fires about on time:
   * icsk_ack.timeout stays within 2^30 of jiffies, so that the comparisons the functions make
   * (with jiffies + ato added) agree on the 64-bit C jiffies and the Java's 32 bits.
   */
  private static long[] admit(long[] r) {
    r[1] = r[1] % (1L << 30);
    return r;
  }

  /** The record as a receiver: fields set as the C sets its socket, the calls recorded. */
  static TcpReceiver receiver(PatchSet patches, long[] r, Out out) {
    int hz = r.length > LOOP_HZ ? (int) r[LOOP_HZ] : HZ;
    // 64-bit jiffies from INITIAL_JIFFIES at that HZ: 2^32 - 300 * HZ
    int jiffies = (int) ((1L << 32) - 300L * hz + r[0]);
    TcpReceiver.Env env = new TcpReceiver.Env() {
      @Override
      public int jiffies() {
        return jiffies;
      }

      @Override
      public void delackTimerReset(int expires) {
        out.call("delack_timer_reset", Integer.toUnsignedLong(expires));
      }

      @Override
      public void delackTimerCancel() {
        out.call("delack_timer_cancel");
      }

      @Override
      public boolean compressedAckTimerQueued() {
        return r[10] != 0;
      }

      @Override
      public void compressedAckTimerStart(long delayNs) {
        out.call("compressed_ack_timer_start", delayNs);
      }

      @Override
      public void compressedAckTimerCancel() {
        out.call("compressed_ack_timer_cancel");
      }
    };
    TcpReceiver rx = new TcpReceiver(null, env, null, patches, hz, 1448, (int) r[8], 0,
        r[7] & 0xFFFF_FFFFL, (int) r[6]);
    rx.tcpSendAck = () -> out.call("tcp_send_ack");
    rx.ackTimeout = (int) (jiffies + r[1]);
    rx.pending = (int) r[2];
    rx.quick = (int) r[3];
    rx.ato = patches.has(TcpPatches.ATO_8BIT) ? (int) r[4] & 0xFF : (int) r[4];
    rx.rcvMss = (int) r[5];
    rx.compressedAck = (int) r[9];
    return rx;
  }

  /** The fields the functions write, as the C prints them. */
  static Out put(TcpReceiver rx, Out out) {
    return out.put("pending", rx.pending).put("quick", rx.quick)
        .u32("ato", rx.ato).u32("timeout", rx.ackTimeout)
        .put("compressed_ack", rx.compressedAck);
  }

  private static KernelVersion version(String kernel) {
    try {
      return KernelVersion.parse(kernel);
    } catch (RuntimeException e) {
      throw new NotRunnable(e.getMessage());
    }
  }
}
