package io.nicsim.core.net;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.sim.InvariantViolation;

/**
 * lib/dynamic_queue_limits as the tree's C on a queue's {@link Dql} ({@code --ports c}): each
 * call the inverse of its harness in {@code DqlHarnesses} (the struct's fields and jiffies in,
 * the fields the C leaves out). The bridge that installs it is {@code host.DqlBridges}.
 */
public final class DqlNative {
  private static final long BUG = NativeOut.id("BUG");
  private static final long[] FIELDS = {
      NativeOut.id("num_queued"), NativeOut.id("adj_limit"), NativeOut.id("last_obj_cnt"),
      NativeOut.id("limit"), NativeOut.id("num_completed"), NativeOut.id("prev_ovlimit"),
      NativeOut.id("prev_num_queued"), NativeOut.id("prev_last_obj_cnt"),
      NativeOut.id("lowest_slack"), NativeOut.id("slack_start_time"), NativeOut.id("max_limit"),
      NativeOut.id("min_limit"), NativeOut.id("slack_hold_time")};

  private DqlNative() {
  }

  /**
   * Runs {@code function} (dql_queued, dql_completed, dql_reset) as {@code c} on {@code d} from
   * now on; dql_init runs once, at once, on the zeroed struct with d's hold time.
   */
  public static void install(Dql d, String function, NativePort c) {
    Call call = new Call(c);
    switch (function) {
      case "dql_queued" -> d.cQueued = call;
      case "dql_completed" -> d.cCompleted = call;
      case "dql_reset" -> d.cReset = call;
      default -> call.init(d, d.slackHoldTime);
    }
  }

  /**
   * struct dql as a record's 13 words from {@code at}, in DqlHarnesses' order, with
   * slack_start_time given as the record holds it ({@code slackStart}).
   */
  static void fields(Dql d, long[] in, int at, long slackStart) {
    in[at] = Integer.toUnsignedLong(d.numQueued);
    in[at + 1] = Integer.toUnsignedLong(d.adjLimit);
    in[at + 2] = Integer.toUnsignedLong(d.lastObjCnt);
    in[at + 3] = Integer.toUnsignedLong(d.limit);
    in[at + 4] = Integer.toUnsignedLong(d.numCompleted);
    in[at + 5] = Integer.toUnsignedLong(d.prevOvlimit);
    in[at + 6] = Integer.toUnsignedLong(d.prevNumQueued);
    in[at + 7] = Integer.toUnsignedLong(d.prevLastObjCnt);
    in[at + 8] = Integer.toUnsignedLong(d.lowestSlack);
    in[at + 9] = slackStart;
    in[at + 10] = Integer.toUnsignedLong(d.maxLimit);
    in[at + 11] = Integer.toUnsignedLong(d.minLimit);
    in[at + 12] = d.slackHoldTime;
  }

  /**
   * One field a C harness printed back into {@code d} (slack_start_time as the absolute
   * time): whether {@code name} is one of struct dql's.
   */
  static boolean field(Dql d, long name, long v) {
    if (name == FIELDS[0]) {
      d.numQueued = (int) v;
    } else if (name == FIELDS[1]) {
      d.adjLimit = (int) v;
    } else if (name == FIELDS[2]) {
      d.lastObjCnt = (int) v;
    } else if (name == FIELDS[3]) {
      d.limit = (int) v;
    } else if (name == FIELDS[4]) {
      d.numCompleted = (int) v;
    } else if (name == FIELDS[5]) {
      d.prevOvlimit = (int) v;
    } else if (name == FIELDS[6]) {
      d.prevNumQueued = (int) v;
    } else if (name == FIELDS[7]) {
      d.prevLastObjCnt = (int) v;
    } else if (name == FIELDS[8]) {
      d.lowestSlack = (int) v;
    } else if (name == FIELDS[9]) {
      d.slackStartTime = v;
    } else if (name == FIELDS[10]) {
      d.maxLimit = (int) v;
    } else if (name == FIELDS[11]) {
      d.minLimit = (int) v;
    } else if (name == FIELDS[12]) {
      d.slackHoldTime = v;
    } else {
      return false;
    }
    return true;
  }

  /** One function's call on a queue's struct dql. */
  static final class Call {
    private final NativePort c;
    private final long[] in;

    Call(NativePort c) {
      this.c = c;
      this.in = new long[c.inputs()];
    }

    /** DqlHarnesses.set, inverted: the struct's fields, then jiffies, then the count. */
    private void capture(Dql d) {
      fields(d, in, 0, d.slackStartTime);
      in[13] = d.jiffies();
    }

    /** DqlHarnesses.put, inverted: every field the C printed, back into the struct. */
    private void apply(Dql d, NativeOut o, String what) {
      while (o.next()) {
        if (o.isCall(BUG)) {
          throw new InvariantViolation("bql", what + ": the kernel's BUG_ON"
              + " (the tree's C) with " + Integer.toUnsignedString(d.numQueued - d.numCompleted)
              + " bytes in flight");
        }
        if (o.kind() == NativeOut.CALL || o.kind() == NativeOut.MESSAGE
            || !field(d, o.name(), o.value())) {
          throw NativeFailure.cannotApply(c, in, o);
        }
      }
    }

    /** dql_queued(dql, count). */
    void queued(Dql d, int count) {
      capture(d);
      in[14] = Integer.toUnsignedLong(count);
      apply(d, c.call(in), "dql_queued");
    }

    /** dql_completed(dql, count). */
    void completed(Dql d, int count) {
      capture(d);
      in[14] = Integer.toUnsignedLong(count);
      apply(d, c.call(in), "dql_completed");
    }

    /** dql_reset(dql). */
    void reset(Dql d) {
      capture(d);
      apply(d, c.call(in), "dql_reset");
    }

    /** dql_init(dql, hold_time) on a zeroed struct (the queue's kzalloc). */
    void init(Dql d, long holdTime) {
      in[0] = d.jiffies();
      in[1] = holdTime;
      apply(d, c.call(in), "dql_init");
    }
  }
}
