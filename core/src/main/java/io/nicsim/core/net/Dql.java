package io.nicsim.core.net;

import io.nicsim.core.kernel.Jiffies;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.sim.InvariantViolation;
import java.util.function.LongSupplier;

/**
 * Dynamic queue limits (lib/dynamic_queue_limits.c): byte queue limits for one TX queue. All
 * counters are u32 in the kernel and wrap; Java ints with unsigned comparisons keep that.
 * Stall detection (stall_thrs) is off by default in the kernel and not modelled.
 */
public final class Dql {
  /** DQL_MAX_OBJECT = UINT_MAX / 16. */
  static final int MAX_OBJECT = 0x0FFF_FFFF;
  /** DQL_MAX_LIMIT = UINT_MAX / 2 - DQL_MAX_OBJECT. */
  static final int MAX_LIMIT = 0x7FFF_FFFF - MAX_OBJECT;

  private final LongSupplier jiffies;
  int numQueued;
  int adjLimit;
  int lastObjCnt;
  int limit;
  int numCompleted;
  int prevOvlimit;
  int prevNumQueued;
  int prevLastObjCnt;
  int lowestSlack;
  long slackStartTime;
  int maxLimit;
  int minLimit;
  long slackHoldTime;
  /** {@code --ports c}: the tree's C in place of {@link #queued}, {@link #completed}, {@link #reset}. */
  DqlNative.Call cQueued;
  DqlNative.Call cCompleted;
  DqlNative.Call cReset;

  /** dql_init(dql, hold_time): netdev queues use hold_time = HZ (one second). */
  @KernelPort(
      file = "lib/dynamic_queue_limits.c",
      function = "dql_init",
      versions = "v3.3..v6.18",
      source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013")
  public Dql(long holdTimeJiffies, LongSupplier jiffies) {
    this.jiffies = jiffies;
    this.maxLimit = MAX_LIMIT;
    this.minLimit = 0;
    this.slackHoldTime = holdTimeJiffies;
    reset();
  }

  @KernelPort(
      file = "lib/dynamic_queue_limits.c",
      function = "dql_reset",
      versions = "v3.3..v6.18",
      source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013",
      notes = "adj_limit is not touched, as in the kernel (zero from allocation)")
  public void reset() {
    if (cReset != null) {
      cReset.reset(this);
      return;
    }
    limit = minLimit;
    numQueued = 0;
    numCompleted = 0;
    lastObjCnt = 0;
    prevNumQueued = 0;
    prevLastObjCnt = 0;
    prevOvlimit = 0;
    lowestSlack = -1; // UINT_MAX
    slackStartTime = jiffies.getAsLong();
  }

  /** dql_queued: records {@code count} bytes handed to the hardware. */
  @KernelPort(
      file = "include/linux/dynamic_queue_limits.h",
      function = "dql_queued",
      versions = "v3.3..v6.18",
      source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013")
  public void queued(int count) {
    if (cQueued != null) {
      cQueued.queued(this, count);
      return;
    }
    if (Integer.compareUnsigned(count, MAX_OBJECT) > 0) {
      throw new IllegalArgumentException("dql_queued: " + count + " > DQL_MAX_OBJECT");
    }
    lastObjCnt = count;
    numQueued += count;
  }

  /**
   * The byte_queue_limits/limit_max store (net-sysfs.c bql_set on dql.max_limit): "max" or
   * 0..DQL_MAX_LIMIT; the next dql_completed clamps the limit to it.
   */
  public void setMaxLimit(long value) {
    if (value < 0 || value > Integer.toUnsignedLong(MAX_LIMIT)) {
      throw new IllegalArgumentException("limit_max " + value + " (accepted: 0.."
          + Integer.toUnsignedLong(MAX_LIMIT) + ")");
    }
    maxLimit = (int) value;
  }

  /**
   * The byte_queue_limits/limit_min store (net-sysfs.c bql_set on dql.min_limit): "max" or
   * 0..DQL_MAX_LIMIT; the next dql_completed raises the limit to it. A device without BQL (veth)
   * behaves as one whose limit_min is DQL_MAX_LIMIT.
   */
  public void setMinLimit(long value) {
    if (value < 0 || value > Integer.toUnsignedLong(MAX_LIMIT)) {
      throw new IllegalArgumentException("limit_min " + value + " (accepted: 0.."
          + Integer.toUnsignedLong(MAX_LIMIT) + ")");
    }
    minLimit = (int) value;
  }

  /** DQL_MAX_LIMIT, the largest limit_max bql_set accepts. */
  public static long maxLimitAccepted() {
    return Integer.toUnsignedLong(MAX_LIMIT);
  }

  /** dql_avail: bytes that may still be queued (negative when over the limit). */
  public int avail() {
    return adjLimit - numQueued;
  }

  /** dql_completed: records completed bytes and adapts the limit. */
  @KernelPort(
      file = "lib/dynamic_queue_limits.c",
      function = "dql_completed",
      versions = "v3.3..v6.18",
      source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013",
      notes = "dql_check_stall omitted (stall_thrs 0)")
  public void completed(int count) {
    if (cCompleted != null) {
      cCompleted.completed(this, count);
      return;
    }
    int nq = numQueued;
    if (Integer.compareUnsigned(count, nq - numCompleted) > 0) {
      throw new InvariantViolation("bql",
          "dql_completed of " + Integer.toUnsignedString(count) + " bytes with only "
              + Integer.toUnsignedString(nq - numCompleted) + " in flight");
    }
    int completed = numCompleted + count;
    int lim = limit;
    int ovlimit = posdiff(nq - numCompleted, lim);
    int inprogress = nq - completed;
    int prevInprogress = prevNumQueued - numCompleted;
    boolean allPrevCompleted = afterEq(completed, prevNumQueued);

    if ((ovlimit != 0 && inprogress == 0) || (prevOvlimit != 0 && allPrevCompleted)) {
      // starved: grow by what was both sent and completed in the interval plus the overlimit
      lim += posdiff(completed, prevNumQueued) + prevOvlimit;
      slackStartTime = jiffies.getAsLong();
      lowestSlack = -1;
    } else if (inprogress != 0 && prevInprogress != 0 && !allPrevCompleted) {
      // busy the whole interval: shrink by the smallest slack seen over the hold time
      int slack = posdiff(lim + prevOvlimit, 2 * (completed - numCompleted));
      int slackLastObjs = prevOvlimit != 0 ? posdiff(prevLastObjCnt, prevOvlimit) : 0;
      if (Integer.compareUnsigned(slackLastObjs, slack) > 0) {
        slack = slackLastObjs;
      }
      if (Integer.compareUnsigned(slack, lowestSlack) < 0) {
        lowestSlack = slack;
      }
      long now = jiffies.getAsLong();
      // time_after(jiffies, slack_start_time + slack_hold_time), as jiffies.h writes it
      if (Jiffies.timeAfter(now, slackStartTime + slackHoldTime)) {
        lim = posdiff(lim, lowestSlack);
        slackStartTime = now;
        lowestSlack = -1;
      }
    }

    if (Integer.compareUnsigned(lim, minLimit) < 0) {
      lim = minLimit;
    }
    if (Integer.compareUnsigned(lim, maxLimit) > 0) {
      lim = maxLimit;
    }
    if (lim != limit) {
      limit = lim;
      ovlimit = 0;
    }
    adjLimit = lim + completed;
    prevOvlimit = ovlimit;
    prevLastObjCnt = lastObjCnt;
    numCompleted = completed;
    prevNumQueued = nq;
  }

  /** POSDIFF(A, B): A - B if positive as a signed int, else 0. */
  private static int posdiff(int a, int b) {
    int d = a - b;
    return d > 0 ? d : 0;
  }

  /** AFTER_EQ(A, B). */
  private static boolean afterEq(int a, int b) {
    return a - b >= 0;
  }

  /** The jiffies dql reads. */
  long jiffies() {
    return jiffies.getAsLong();
  }

  /** The current limit, bytes (u32). */
  public long limit() {
    return Integer.toUnsignedLong(limit);
  }

  /** Bytes queued and not yet completed. */
  public long inflight() {
    return Integer.toUnsignedLong(numQueued - numCompleted);
  }
}
