package io.nicsim.tcp;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.List;

/**
 * The loop the TCP bridges whose C stops run a call in ({@link TcpAckNative},
 * {@link TcpWriteXmitNative}): a TCP function's C calls back into the model (the congestion
 * module, {@code ip_queue_xmit}, the timer's retransmits) and goes on from what the model
 * did, so at such a call the harness prints {@code stop} and the socket and ends. Each run: the
 * C called on the record, its calls collected up to {@code stop} or its return, the socket it
 * printed applied to the live one ({@link #apply}); then its calls that no earlier run reached,
 * in order: the one it stopped at made on the model ({@link #stop}, which writes the model's
 * answer into the record), the others replayed ({@link #replay}). The C runs again on the record
 * with one answer more until it returns; the calls earlier runs reached come out again first
 * (the C is deterministic) and are skipped.
 *
 * <p>Every stop costs a run of the C from the call's start, so a call with n stops makes n + 1
 * runs whose outputs grow with each: quadratic in the stops. A bridge whose C goes on from the
 * live socket after a stop (tcp_write_timer_handler's resume slots) still runs from the start.
 */
abstract class StopLoop {
  private static final long STOP = NativeOut.id("stop");
  private static final long RET = NativeOut.id("ret");
  private static final long END = NativeOut.id("end");

  private final List<long[]> calls = new ArrayList<>();

  /**
   * Before each run ({@code first}: the call's first, the bridge's stop counts start at 0): the
   * answers so far into the record's counts; the record's words the C reads.
   */
  abstract int begin(boolean first);

  /**
   * The socket as the C printed it (at the stop, or on return) onto the live one; {@code o}
   * holds the output's first field when {@code current}.
   */
  abstract void apply(TcpSock sk, NativeOut o, NativePort c, boolean current);

  /** Whether the C stops at a call of this name (a call the model answers). */
  abstract boolean stops(long name);

  /**
   * The call the C stopped at, made on the live model; the model's answer written into the
   * record after those of the stops before it (a call past the record's room fails the run).
   */
  abstract void stop(TcpSock sk, long[] call, NativePort c);

  /** A call leaving TCP that the C does not stop at, made on the model as the Java makes it. */
  abstract void replay(TcpSock sk, long[] call, NativePort c);

  /**
   * Whether the output goes on with the socket's fields without a return value (a void
   * function's harness prints no {@code ret}).
   */
  boolean voidOutput() {
    return false;
  }

  /**
   * The record {@code in} run as {@code c} until it returns, the socket brought to what it
   * left; what the function returns (0 for a void one).
   */
  final long run(TcpSock sk, NativePort c, long[] in) {
    int replayed = 0;
    for (boolean first = true; ; first = false) {
      NativeOut o = c.call(in, begin(first));
      calls.clear();
      long ret = 0;
      boolean stopped = false;
      boolean ended = false;
      boolean current = false;
      while (o.next()) {
        if (o.kind() == NativeOut.CALL) {
          long[] call = new long[1 + o.args()];
          call[0] = o.name();
          for (int i = 0; i < o.args(); i++) {
            call[1 + i] = o.arg(i);
          }
          calls.add(call);
        } else if (o.isField(STOP)) {
          stopped = true;
          break;
        } else if (o.isField(RET) || o.isField(END)) {
          ret = o.value();
          ended = true;
          break;
        } else if (voidOutput()) {
          current = true; // a void function: its output goes on with the socket's fields
          ended = true;
          break;
        } else {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (!stopped && !ended) {
        throw new NativeFailure(c.function() + "'s C (" + c.file() + ") neither returned nor"
            + " stopped on " + NativeFailure.record(c, in));
      }
      apply(sk, o, c, current);
      for (int i = replayed; i < calls.size(); i++) {
        long[] call = calls.get(i);
        if (stopped && i == calls.size() - 1) {
          if (!stops(call[0])) {
            throw new NativeFailure(c.function() + "'s C stopped after a call the model does"
                + " not answer (" + i + "); input " + NativeFailure.record(c, in));
          }
          stop(sk, call, c);
        } else if (stops(call[0])) {
          throw new NativeFailure(c.function() + "'s C made a call the model answers (" + i
              + ") it was not stopped at; input " + NativeFailure.record(c, in));
        } else {
          replay(sk, call, c);
        }
      }
      replayed = calls.size();
      if (!stopped) {
        return ret;
      }
    }
  }
}
