package io.nicsim.tcp.stack;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.List;

/**
 * The receiver's ACK decisions as the tree's C on a host's live receiver ({@code --ports c}):
 * tcp_input.c's {@code tcp_incr_quickack}, {@code tcp_enter_quickack_mode},
 * {@code tcp_in_quickack_mode} and {@code __tcp_ack_snd_check} (with {@code tcp_send_delayed_ack}
 * and {@code tcp_sack_compress_send_ack} from the tree inside it), tcp_output.c's
 * {@code tcp_send_delayed_ack} and tcp_timer.c's {@code tcp_delack_timer_handler}: each its
 * {@link TcpReceiverHarnesses} harness inverted.
 *
 * <p>In: the receiver's fields as the harness's record ({@link TcpReceiverHarnesses#FIELDS},
 * {@code ACK_SND_FIELDS}): the host's 32-bit jiffies as the C's 64-bit ones from
 * INITIAL_JIFFIES with the same low 32 bits, the delayed-ACK timeout as its distance from them,
 * the sequence state in its low 32 bits (the model keeps stream offsets), the compressed-ACK
 * hrtimer's state and the bytes the reader has not copied ({@code rcv_nxt - copied_seq}).
 * Out: the fields the C prints set on the receiver, then its calls replayed in the C's order on
 * the receiver's environment: {@code tcp_send_ack} as the receiver's own ACK (its
 * {@code tcp_event_ack_sent}), the delayed-ACK timer's reset, the compressed-ACK hrtimer's start
 * and cancel. Each function ends at its last call, so the fields the C printed are the ones the
 * calls see.
 *
 * <p>A state the record cannot hold runs the Java port, counted by reason in the run header: a
 * delayed-ACK timeout 2^30 jiffies or more from now (the harness's bound), or a compressed-ACK
 * sequence that the 32-bit field would confuse with rcv_nxt.
 */
final class ReceiverNative {
  static final String INPUT_C = "net/ipv4/tcp_input.c";
  static final String INCR_QUICKACK = INPUT_C + " tcp_incr_quickack";
  static final String ENTER_QUICKACK = INPUT_C + " tcp_enter_quickack_mode";
  static final String IN_QUICKACK = INPUT_C + " tcp_in_quickack_mode";
  static final String ACK_SND_CHECK = INPUT_C + " __tcp_ack_snd_check";
  static final String SEND_DELAYED_ACK = "net/ipv4/tcp_output.c tcp_send_delayed_ack";
  static final String DELACK_TIMER = "net/ipv4/tcp_timer.c tcp_delack_timer_handler";
  /** Every bridged function of the receiver, by label. */
  static final List<String> LABELS = List.of(INCR_QUICKACK, ENTER_QUICKACK,
      IN_QUICKACK, ACK_SND_CHECK, SEND_DELAYED_ACK, DELACK_TIMER);

  private static final long RET = NativeOut.id("ret");
  private static final long PENDING = NativeOut.id("pending");
  private static final long QUICK = NativeOut.id("quick");
  private static final long ATO = NativeOut.id("ato");
  private static final long TIMEOUT = NativeOut.id("timeout");
  private static final long COMPRESSED_ACK = NativeOut.id("compressed_ack");
  private static final long COMPRESSED_ACK_RCV_NXT = NativeOut.id("compressed_ack_rcv_nxt");
  private static final long DUP_ACK_COUNTER = NativeOut.id("dup_ack_counter");
  private static final long SEND_ACK = NativeOut.id("tcp_send_ack");
  private static final long DELACK_RESET = NativeOut.id("delack_timer_reset");
  private static final long CACK_CANCEL = NativeOut.id("compressed_ack_timer_cancel");
  private static final long CACK_START = NativeOut.id("compressed_ack_timer_start");

  private final InLoopPorts ports;
  final NativePort incrQuickack;
  final NativePort enterQuickack;
  final NativePort inQuickack;
  final NativePort ackSndCheck;
  final NativePort sendDelayedAck;
  final NativePort delackTimer;
  private final long[] in = new long[TcpReceiverHarnesses.LOOP_HZ + 1];
  /** The calls of the last C run, in order: name, argument. */
  private long[] calls = new long[16];
  private int ncalls;

  private ReceiverNative(InLoopPorts ports) {
    this.ports = ports;
    this.incrQuickack = ports.port(INCR_QUICKACK);
    this.enterQuickack = ports.port(ENTER_QUICKACK);
    this.inQuickack = ports.port(IN_QUICKACK);
    this.ackSndCheck = ports.port(ACK_SND_CHECK);
    this.sendDelayedAck = ports.port(SEND_DELAYED_ACK);
    this.delackTimer = ports.port(DELACK_TIMER);
  }

  /** The host's compiled receiver functions, or null when {@code --ports c} is off. */
  static ReceiverNative of(InLoopPorts ports) {
    if (!ports.active()) {
      return null;
    }
    ReceiverNative n = new ReceiverNative(ports);
    return n.incrQuickack == null && n.enterQuickack == null && n.inQuickack == null
        && n.ackSndCheck == null && n.sendDelayedAck == null && n.delackTimer == null ? null : n;
  }

  /**
   * Runs {@code c} on the receiver with {@code arg} (max_quickacks or ofo_possible); false when
   * this call is the Java port's (no C, or a state outside the record).
   */
  boolean run(NativePort c, TcpReceiver rx, long arg) {
    if (c == null) {
      return false;
    }
    String why = capture(rx, arg, c == ackSndCheck);
    if (why != null) {
      ports.ranAsJava(c.label(), why);
      return false;
    }
    NativeOut o = c.call(in);
    apply(c, rx, o);
    return true;
  }

  /** tcp_in_quickack_mode as the tree's C: 1 or 0, or -1 when it is the Java port's. */
  int inQuickackMode(TcpReceiver rx) {
    if (inQuickack == null) {
      return -1;
    }
    String why = capture(rx, 0, false);
    if (why != null) {
      ports.ranAsJava(inQuickack.label(), why);
      return -1;
    }
    NativeOut o = inQuickack.call(in);
    long ret = -1;
    while (o.next()) {
      if (o.isField(RET)) {
        ret = o.value();
      } else if (!o.isField(PENDING) && !o.isField(QUICK) && !o.isField(ATO)
          && !o.isField(TIMEOUT) && !o.isField(COMPRESSED_ACK)) {
        throw NativeFailure.cannotApply(inQuickack, in, o);
      }
    }
    if (ret < 0) {
      throw new NativeFailure("tcp_in_quickack_mode's C returned nothing on "
          + NativeFailure.record(inQuickack, in));
    }
    return ret != 0 ? 1 : 0;
  }

  private String capture(TcpReceiver rx, long arg, boolean ackSnd) {
    int j = rx.env().jiffies();
    int dist = rx.ackTimeout - j; // as an s32: how far the C's timeout is from its jiffies
    if (dist >= (1 << 30) || dist <= -(1 << 30)) {
      return "the delayed-ACK timeout 2^30 jiffies or more from now";
    }
    in[0] = Integer.toUnsignedLong(j + 300 * rx.hz());
    in[TcpReceiverHarnesses.LOOP_HZ] = rx.hz(); // the Java port's HZ through this bridge
    in[1] = dist;
    in[2] = rx.pending;
    in[3] = rx.quick;
    in[4] = Integer.toUnsignedLong(rx.ato);
    in[5] = rx.rcvMss & 0xFFFF;
    in[6] = Integer.toUnsignedLong(rx.icskRto);
    in[7] = rx.srttUs & 0xFFFF_FFFFL;
    in[8] = Integer.toUnsignedLong(rx.rcvWnd());
    in[9] = rx.compressedAck;
    in[10] = rx.env().compressedAckTimerQueued() ? 1 : 0;
    in[11] = arg;
    if (ackSnd) {
      if (rx.compressedAckRcvNxt != rx.rcvNxt
          && (rx.compressedAckRcvNxt & 0xFFFF_FFFFL) == (rx.rcvNxt & 0xFFFF_FFFFL)) {
        return "compressed_ack_rcv_nxt 2^32 bytes from rcv_nxt";
      }
      in[11] = 0;
      in[12] = rx.rcvNxt & 0xFFFF_FFFFL;
      in[13] = (rx.rcvNxt - rx.rcvWup) & 0xFFFF_FFFFL;
      in[14] = rx.hasOoo() ? 1 : 0;
      in[15] = arg;
      in[16] = rx.compressedAckRcvNxt & 0xFFFF_FFFFL;
      in[17] = rx.dupAckCounter;
      in[18] = rx.rcvRttUs & 0xFFFF_FFFFL;
      in[19] = rx.env().unread() & 0xFFFF_FFFFL;
    }
    return null;
  }

  private void apply(NativePort c, TcpReceiver rx, NativeOut o) {
    ncalls = 0;
    while (o.next()) {
      if (o.kind() == NativeOut.CALL) {
        long name = o.name();
        if (name != SEND_ACK && name != DELACK_RESET && name != CACK_CANCEL
            && name != CACK_START) {
          throw NativeFailure.cannotApply(c, in, o);
        }
        if (2 * ncalls + 2 > calls.length) {
          calls = Arrays.copyOf(calls, calls.length * 2);
        }
        calls[2 * ncalls] = name;
        calls[2 * ncalls + 1] = o.args() > 0 ? o.arg(0) : 0;
        ncalls++;
      } else if (o.isField(PENDING)) {
        rx.pending = (int) o.value();
      } else if (o.isField(QUICK)) {
        rx.quick = (int) o.value();
      } else if (o.isField(ATO)) {
        rx.ato = (int) o.value();
      } else if (o.isField(TIMEOUT)) {
        rx.ackTimeout = (int) o.value();
      } else if (o.isField(COMPRESSED_ACK)) {
        rx.compressedAck = (int) o.value();
      } else if (o.isField(COMPRESSED_ACK_RCV_NXT)) {
        if (o.value() != (rx.compressedAckRcvNxt & 0xFFFF_FFFFL)) {
          // __tcp_ack_snd_check sets it to rcv_nxt only
          rx.compressedAckRcvNxt = rx.rcvNxt;
        }
      } else if (o.isField(DUP_ACK_COUNTER)) {
        rx.dupAckCounter = (int) o.value();
      } else if (!o.isField(RET)) {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    for (int i = 0; i < ncalls; i++) {
      long name = calls[2 * i];
      if (name == SEND_ACK) {
        rx.tcpSendAck.run();
      } else if (name == DELACK_RESET) {
        rx.env().delackTimerReset((int) calls[2 * i + 1]);
      } else if (name == CACK_CANCEL) {
        rx.env().compressedAckTimerCancel();
      } else {
        rx.env().compressedAckTimerStart(calls[2 * i + 1]);
      }
    }
  }
}
