package io.nicsim.core.dim;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * lib/dim's net_dim as the tree's C on a driver's {@link Dim} ({@code --ports c}): the inverse
 * of its harness in {@link DimHarnesses} (struct dim, the end sample as deltas from its start
 * sample and ktime_get()'s answer in; struct dim out, {@code schedule_work} as the driver's work
 * item scheduled). The drivers' NetDim instances find it through the kernel their work items run
 * on ({@code Kernel.inLoop}); the bridge that installs it is {@code host.DimBridges}. NetDim's
 * own counters (iterations, profile changes) are kept beside the C as the Java counts them.
 */
public final class NetDimNative {
  private static final long SCHEDULE_WORK = NativeOut.id("schedule_work");
  private static final String[] NAMES = {"state", "profile_ix", "mode", "tune_state",
      "steps_right", "steps_left", "tired", "prev.ppms", "prev.bpms", "prev.epms", "prev.cpms",
      "prev.cpe_ratio", "start.time", "start.pkt_ctr", "start.byte_ctr", "start.event_ctr",
      "start.comp_ctr"};
  private static final long[] IDS = new long[NAMES.length];

  static {
    for (int i = 0; i < NAMES.length; i++) {
      IDS[i] = NativeOut.id(NAMES[i]);
    }
  }

  private final NativePort c;
  private final long[] in;
  private final long[] out = new long[NAMES.length];

  public NetDimNative(NativePort c) {
    this.c = c;
    this.in = new long[c.inputs()];
  }

  /** net_dim(dim, end) as C; {@code n} is the driver's NetDim (its clock and counters). */
  void netDim(NetDim n, Dim dim, DimSample end) {
    in[0] = dim.state;
    in[1] = dim.profileIx;
    in[2] = dim.mode;
    in[3] = dim.tuneState;
    in[4] = dim.stepsRight;
    in[5] = dim.stepsLeft;
    in[6] = dim.tired;
    DimStats p = dim.prevStats;
    in[7] = p.ppms;
    in[8] = p.bpms;
    in[9] = p.epms;
    in[10] = p.cpms;
    in[11] = p.cpeRatio;
    DimSample s = dim.startSample;
    in[12] = s.time;
    in[13] = Integer.toUnsignedLong(s.pktCtr);
    in[14] = Integer.toUnsignedLong(s.byteCtr);
    in[15] = s.eventCtr & 0xFFFF;
    in[16] = Integer.toUnsignedLong(s.compCtr);
    in[17] = end.time - s.time;
    in[18] = Integer.toUnsignedLong(end.pktCtr - s.pktCtr);
    in[19] = Integer.toUnsignedLong(end.byteCtr - s.byteCtr);
    in[20] = (end.eventCtr - s.eventCtr) & 0xFFFF;
    in[21] = Integer.toUnsignedLong(end.compCtr - s.compCtr);
    in[22] = n.clock();
    // NetDim's counters, as the Java counts them: an iteration computes stats every NEVENTS
    // events of a measurement, a profile change schedules the work
    if (dim.state == Dim.MEASURE_IN_PROGRESS
        && DimLib.bitGap(16, end.eventCtr, s.eventCtr) >= DimLib.NEVENTS) {
      n.iterations++;
    }
    NativeOut o = c.call(in);
    boolean schedule = false;
    while (o.next()) {
      if (o.isCall(SCHEDULE_WORK)) {
        schedule = true;
        continue;
      }
      int i = 0;
      while (i < IDS.length && !(o.isField(IDS[i]))) {
        i++;
      }
      if (i == IDS.length) {
        throw NativeFailure.cannotApply(c, in, o);
      }
      out[i] = o.value();
    }
    DimHarnesses.setDim(dim, out, 0);
    if (schedule) {
      n.profileChanges++;
      dim.work.schedule();
    }
  }
}
