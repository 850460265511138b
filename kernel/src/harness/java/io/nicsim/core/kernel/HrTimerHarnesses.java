package io.nicsim.core.kernel;

import static io.nicsim.core.port.exec.InputField.range;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for hrtimers (kernel/time/hrtimer.c); the C drivers
 * are {@code src/main/resources/nicsim/portexec/hrtimer/}.
 */
public final class HrTimerHarnesses implements PortHarnessProvider {
  private static final String HRTIMER_C = "kernel/time/hrtimer.c";
  private static final String DIR = "nicsim/portexec/hrtimer/";

  /** hrtimer_try_to_cancel's answers to hrtimer_cancel's first three calls. */
  static final List<InputField> CANCEL = List.of(
      range("try_to_cancel[0]", -1, 1), range("try_to_cancel[1]", -1, 1),
      range("try_to_cancel[2]", -1, 1));

  @Override
  public List<PortHarness> harnesses() {
    return List.of(PortHarness.of(HRTIMER_C, "hrtimer_cancel")
        .sources(HRTIMER_C, "include/linux/hrtimer.h")
        .program(PortHarness.resource(HrTimerHarnesses.class, DIR + "hrtimer_cancel.c"))
        .inputs(CANCEL)
        .admit(r -> {
          // a callback is running only while the simulation runs it, and nothing else runs
          // meanwhile: the only hrtimer_cancel that can see -1 is the callback's own, which
          // deadlocks in the kernel (HrTimer.cancel reports it); try_to_cancel answers 0 or 1
          r[0] = Math.max(r[0], 0);
          return r;
        })
        .notes("hrtimer_try_to_cancel is a recording stub answering 1 (queued) or 0 (inactive):"
            + " -1 (the callback running on another CPU) cannot happen in nicsim, where a"
            + " callback runs at one instant and the one caller that sees it running is the"
            + " callback itself (a deadlock in the kernel, an invariant violation in nicsim),"
            + " so the wait-and-retry branch is never taken")
        .java(HrTimerHarnesses::cancelSide)
        .build());
  }

  /** One timer on CPU 0 of the release's kernel. */
  private static JavaPort cancelSide(String kernel) {
    HarnessKernel hk = HarnessKernel.forRelease(kernel);
    HrTimer timer = new HrTimer(hk.kernel, "nicsim_timer", t -> HrTimer.Restart.NORESTART);
    return r -> {
      String[] result = new String[1];
      hk.inTask(() -> {
        long cancels = recordToTimer(r, timer);
        int ret = timer.cancel();
        result[0] = output(timer, cancels, ret);
      });
      return result[0];
    };
  }

  /**
   * Record → objects: the timer queued (a first answer of 1) or inactive (0), as
   * hrtimer_try_to_cancel's first answer says; returns its cancel count before the call.
   */
  static long recordToTimer(long[] r, HrTimer timer) {
    timer.tryToCancel();
    if (r[0] == 1) {
      timer.start(1_000_000L);
    }
    return timer.cancels;
  }

  /** Objects → output: each hrtimer_try_to_cancel call, then the result. */
  static String output(HrTimer timer, long cancelsBefore, int ret) {
    Out o = new Out();
    for (long i = cancelsBefore; i < timer.cancels; i++) {
      o.call("hrtimer_try_to_cancel");
    }
    return o.put("ret", ret).toString();
  }
}
