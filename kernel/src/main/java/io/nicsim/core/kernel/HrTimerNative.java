package io.nicsim.core.kernel;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.sim.InvariantViolation;

/**
 * kernel/time/hrtimer.c's hrtimer_cancel as the tree's C on a live {@link HrTimer} ({@code
 * --ports c}): the inverse of its harness in {@code HrTimerHarnesses}. The C reads nothing of
 * the timer itself: its only input is what hrtimer_try_to_cancel answers (1 queued and now
 * removed, 0 inactive, -1 its callback running), which the record holds for its first three
 * calls; each call the C makes is the model's {@link HrTimer#tryToCancel} (its charges, the
 * base's queue, the expiry event), run where the C makes it, its answer first guessed from the
 * timer's state (another reruns the C, the calls made skipped). A host's timers find it through
 * their kernel ({@code Kernel.inLoop}); the bridge that installs it is {@code host.NapiBridges}.
 */
public final class HrTimerNative {
  private static final long RET = NativeOut.id("ret");
  private static final long TRY_TO_CANCEL = NativeOut.id("hrtimer_try_to_cancel");

  private final NativePort c;
  private final long[] in;

  public HrTimerNative(NativePort c) {
    this.c = c;
    this.in = new long[c.inputs()];
  }

  /** hrtimer_cancel on {@code t}: what the C returns. */
  int cancel(HrTimer t) {
    in[0] = t.active() ? (t.callbackRunning() ? -1 : 1) : 0;
    in[1] = 0;
    in[2] = 0;
    int applied = 0;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in);
      int token = 0;
      int tries = 0;
      boolean rerun = false;
      long ret = Long.MIN_VALUE;
      while (o.next()) {
        if (o.isCall(TRY_TO_CANCEL)) {
          int slot = tries++;
          if (token++ < applied) {
            continue; // made by an earlier run
          }
          applied = token;
          if (slot >= in.length) {
            throw NativeFailure.cannotApply(c, in, o);
          }
          int model = t.tryToCancel();
          if (model < 0) {
            // the C would wait for a callback that, in nicsim, is the caller itself
            throw new InvariantViolation("hrtimer " + t.name(),
                "hrtimer_cancel from its own callback: deadlock in the kernel");
          }
          if (in[slot] != model) {
            in[slot] = model;
            rerun = true;
            break;
          }
        } else if (o.isField(RET)) {
          ret = o.value();
        } else {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
      if (!rerun) {
        if (ret == Long.MIN_VALUE) {
          throw new NativeFailure(c.label() + ": the C returned nothing; "
              + NativeFailure.record(c, in));
        }
        return (int) ret;
      }
      if (runs >= 10) {
        throw new NativeFailure(c.label() + ": the model's answers did not settle; "
            + NativeFailure.record(c, in));
      }
    }
  }
}
