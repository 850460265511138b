package io.nicsim.runs;

import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A deliberately broken Java port of lib/dynamic_queue_limits.c's dql_completed (a test
 * fixture): a starved queue's limit grows by what was sent and completed in the interval but
 * not by the previous interval's overlimit (prev_ovlimit left out of the growth), so BQL's
 * limit climbs more slowly than the kernel's. Its harness has port-check's record layout
 * (DqlHarnesses'), so an equivalence check can put it in place of the real port; and the same
 * break inside include/linux/netdevice.h's netdev_tx_completed_queue, where a run whose BQL
 * wrappers are bridged reaches dql_completed.
 */
final class BrokenDqlCompleted {
  private BrokenDqlCompleted() {}

  static PortHarness harness() {
    List<InputField> in = List.of(u32("num_queued"), u32("adj_limit"), u32("last_obj_cnt"),
        u32("limit"), u32("num_completed"), u32("prev_ovlimit"), u32("prev_num_queued"),
        u32("prev_last_obj_cnt"), u32("lowest_slack"), u64("slack_start_time"),
        u32("max_limit"), u32("min_limit"), u32("slack_hold_time"), u64("jiffies"),
        u32("count"),
        // DqlHarnesses' last field, which only its admit reads: the same record length
        InputField.range("jiffies near slack_start_time + slack_hold_time", 0, 11));
    return PortHarness.of("lib/dynamic_queue_limits.c", "dql_completed")
        .inputs(in)
        .java(kernel -> r -> completed(r))
        .build();
  }

  private static int posdiff(int a, int b) {
    return a - b > 0 ? a - b : 0;
  }

  private static String completed(long[] r) {
    int numQueued = (int) r[0];
    int lastObjCnt = (int) r[2];
    int limit = (int) r[3];
    int numCompleted = (int) r[4];
    int prevOvlimit = (int) r[5];
    int prevNumQueued = (int) r[6];
    long slackStart = r[9];
    int lowestSlack = (int) r[8];
    int maxLimit = (int) r[10];
    int minLimit = (int) r[11];
    int count = (int) r[14];
    int completed = numCompleted + count;
    int lim = limit;
    int ovlimit = posdiff(numQueued - numCompleted, lim);
    int inprogress = numQueued - completed;
    boolean allPrevCompleted = completed - prevNumQueued >= 0;
    if ((ovlimit != 0 && inprogress == 0) || (prevOvlimit != 0 && allPrevCompleted)) {
      lim += posdiff(completed, prevNumQueued); // the broken part: "+ prev_ovlimit" left out
      slackStart = r[13];
      lowestSlack = -1;
    }
    // (the busy-interval branch that shrinks the limit is left out too: no run here holds a
    // queue busy for the whole hold time of a second)
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
    return new Out().u32("num_queued", numQueued).u32("adj_limit", lim + completed)
        .u32("last_obj_cnt", lastObjCnt).u32("limit", limit).u32("num_completed", completed)
        .u32("prev_ovlimit", ovlimit).u32("prev_num_queued", numQueued)
        .u32("prev_last_obj_cnt", lastObjCnt).u32("lowest_slack", lowestSlack)
        .u("slack_start_time", slackStart).u32("max_limit", maxLimit)
        .u32("min_limit", minLimit).u("slack_hold_time", r[12]).toString();
  }
  /** The record's dql fields in BqlHarnesses' queue record start here. */
  private static final int WRAPPER_DQL = 4;
  private static final Pattern LIMIT = Pattern.compile("(^|\\s)(adj_limit|limit)=(\\d+)");

  /**
   * netdev_tx_completed_queue's Java port (the class path's harness) with the broken growth: where
   * the limit grew on a completion after an overrun interval (prev_ovlimit in the record), it
   * grows by prev_ovlimit less, as {@link #harness()}'s dql_completed does.
   */
  static PortHarness insideCompletedQueue() {
    PortHarness real = null;
    for (PortHarnessProvider p : ServiceLoader.load(PortHarnessProvider.class)) {
      for (PortHarness h : p.harnesses()) {
        if (h.file().equals("include/linux/netdevice.h")
            && h.function().equals("netdev_tx_completed_queue")) {
          real = h;
        }
      }
    }
    if (real == null) {
      throw new IllegalStateException("no netdev_tx_completed_queue harness on the class path");
    }
    PortHarness wrapper = real;
    PortHarness.Builder b = PortHarness.of(wrapper.file(), wrapper.function())
        .sources(wrapper.sources())
        .program(wrapper.program())
        .inputs(wrapper.inputs())
        .admit(wrapper::admit)
        .java(kernel -> {
          JavaPort port = wrapper.java(kernel);
          return r -> brokenGrowth(port.run(r), r);
        });
    return b.build();
  }

  private static String brokenGrowth(String out, long[] r) {
    long limitBefore = r[WRAPPER_DQL + 3];
    long prevOvlimit = r[WRAPPER_DQL + 5];
    long minLimit = r[WRAPPER_DQL + 11];
    Matcher m = LIMIT.matcher(out);
    long limitAfter = -1;
    while (m.find()) {
      if (m.group(2).equals("limit")) {
        limitAfter = Long.parseLong(m.group(3));
      }
    }
    if (prevOvlimit == 0 || limitAfter <= limitBefore) {
      return out;
    }
    long cut = Math.min(prevOvlimit, limitAfter - Math.max(minLimit, limitBefore));
    if (cut <= 0) {
      return out;
    }
    StringBuilder sb = new StringBuilder();
    m.reset();
    while (m.find()) {
      long v = Long.parseLong(m.group(3)) - cut;
      m.appendReplacement(sb, m.group(1) + m.group(2) + "=" + v);
    }
    m.appendTail(sb);
    return sb.toString();
  }
}
