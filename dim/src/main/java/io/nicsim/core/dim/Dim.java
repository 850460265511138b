package io.nicsim.core.dim;

import io.nicsim.core.kernel.WorkItem;

/**
 * {@code struct dim}: one queue's DIM context. The C {@code u8} fields never leave 0..10 here
 * (profile index 0..4, steps and tired at most 2 × 5), so plain ints keep their meaning.
 */
public final class Dim {
  // enum dim_state
  public static final int START_MEASURE = 0;
  public static final int MEASURE_IN_PROGRESS = 1;
  public static final int APPLY_NEW_PROFILE = 2;

  // enum dim_tune_state
  public static final int PARKING_ON_TOP = 0;
  public static final int PARKING_TIRED = 1;
  public static final int GOING_RIGHT = 2;
  public static final int GOING_LEFT = 3;

  // enum dim_cq_period_mode
  public static final int CQ_PERIOD_MODE_START_FROM_EQE = 0;
  public static final int CQ_PERIOD_MODE_START_FROM_CQE = 1;
  public static final int CQ_PERIOD_NUM_MODES = 2;

  // enum dim_stats_state
  public static final int STATS_WORSE = 0;
  public static final int STATS_SAME = 1;
  public static final int STATS_BETTER = 2;

  // enum dim_step_result
  public static final int STEPPED = 0;
  public static final int TOO_TIRED = 1;
  public static final int ON_EDGE = 2;

  public int state;
  public final DimStats prevStats = new DimStats();
  public final DimSample startSample = new DimSample();
  /** The work item net_dim schedules when the profile changes (INIT_WORK by the driver). */
  public WorkItem work;
  public int profileIx;
  public int mode;
  public int tuneState;
  public int stepsRight;
  public int stepsLeft;
  public int tired;

  /** Every field back to zero, as the drivers' memset / kzalloc leaves a struct dim. */
  public void clear() {
    state = START_MEASURE;
    prevStats.copyFrom(new DimStats());
    startSample.copyFrom(new DimSample());
    profileIx = 0;
    mode = 0;
    tuneState = PARKING_ON_TOP;
    stepsRight = 0;
    stepsLeft = 0;
    tired = 0;
  }
}
