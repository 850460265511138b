package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * Kathleen Nichols' windowed min/max tracker ({@code struct minmax}, lib/win_minmax.c): the best,
 * second and third best samples with non-decreasing times. Times and values are u32 held in ints
 * and compared unsigned, as in C.
 */
public final class MinMax {
  private static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  private final int[] t = new int[3];
  private final int[] v = new int[3];

  /** Sample {@code i}'s time (the --execute harness reads and sets the window). */
  int t(int i) {
    return t[i];
  }

  /** Sample {@code i}'s value. */
  int v(int i) {
    return v[i];
  }

  /** Sets sample {@code i}, as a struct assignment would. */
  void set(int i, int time, int value) {
    t[i] = time;
    v[i] = value;
  }

  /** {@code minmax_get}: the current best value. */
  public int get() {
    return v[0];
  }

  /** {@code minmax_reset}: forget everything, start again from one sample. */
  @KernelPort(file = "include/linux/win_minmax.h", function = "minmax_reset",
      versions = "v4.10..v6.18", source = SRC)
  public int reset(int time, int meas) {
    t[0] = t[1] = t[2] = time;
    v[0] = v[1] = v[2] = meas;
    return meas;
  }

  @KernelPort(file = "lib/win_minmax.c", function = "minmax_subwin_update",
      versions = "v4.10..v6.18", source = SRC)
  int subwinUpdate(int win, int valT, int valV) {
    int dt = valT - t[0];

    if (Integer.compareUnsigned(dt, win) > 0) {
      // the whole window passed without a new best: promote 2nd and 3rd, maybe twice
      shiftIn(valT, valV);
      if (Integer.compareUnsigned(valT - t[0], win) > 0) {
        shiftIn(valT, valV);
      }
    } else if (t[1] == t[0] && Integer.compareUnsigned(dt, win >>> 2) > 0) {
      // a quarter window without a new 2nd choice: take one from the 2nd quarter
      t[2] = t[1] = valT;
      v[2] = v[1] = valV;
    } else if (t[2] == t[1] && Integer.compareUnsigned(dt, win >>> 1) > 0) {
      // half the window without a new 3rd choice: take one from the last half
      t[2] = valT;
      v[2] = valV;
    }
    return v[0];
  }

  private void shiftIn(int valT, int valV) {
    t[0] = t[1];
    v[0] = v[1];
    t[1] = t[2];
    v[1] = v[2];
    t[2] = valT;
    v[2] = valV;
  }

  /** {@code minmax_running_max(m, win, t, meas)}. */
  @KernelPort(file = "lib/win_minmax.c", function = "minmax_running_max",
      versions = "v4.10..v6.18", source = SRC)
  public int runningMax(int win, int time, int meas) {
    if (Integer.compareUnsigned(meas, v[0]) >= 0
        || Integer.compareUnsigned(time - t[2], win) > 0) {
      return reset(time, meas);
    }
    if (Integer.compareUnsigned(meas, v[1]) >= 0) {
      t[2] = t[1] = time;
      v[2] = v[1] = meas;
    } else if (Integer.compareUnsigned(meas, v[2]) >= 0) {
      t[2] = time;
      v[2] = meas;
    }
    return subwinUpdate(win, time, meas);
  }

  /** {@code minmax_running_min(m, win, t, meas)}. */
  @KernelPort(file = "lib/win_minmax.c", function = "minmax_running_min",
      versions = "v4.10..v6.18", source = SRC)
  public int runningMin(int win, int time, int meas) {
    if (Integer.compareUnsigned(meas, v[0]) <= 0
        || Integer.compareUnsigned(time - t[2], win) > 0) {
      return reset(time, meas);
    }
    if (Integer.compareUnsigned(meas, v[1]) <= 0) {
      t[2] = t[1] = time;
      v[2] = v[1] = meas;
    } else if (Integer.compareUnsigned(meas, v[2]) <= 0) {
      t[2] = time;
      v[2] = meas;
    }
    return subwinUpdate(win, time, meas);
  }
}
