package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for lib/dynamic_queue_limits.c and its header: a struct
 * dql travels as {@link #DQL_FIELDS} plus jiffies; the C drivers are
 * {@code src/main/resources/nicsim/portexec/dql/}.
 */
public final class DqlHarnesses implements PortHarnessProvider {

  private static final String DIR = "nicsim/portexec/dql/";
  private static final String C = "lib/dynamic_queue_limits.c";
  private static final String H = "include/linux/dynamic_queue_limits.h";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(C, H));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  private static final String NOTE = "stall detection off (stall_thrs 0, as netdev queues have it"
      + " unless sysfs sets it); its fields are not compared";

  /** struct dql's fields nicsim models, then jiffies. */
  static final List<InputField> DQL_FIELDS = List.of(
      u32("num_queued"), u32("adj_limit"), u32("last_obj_cnt"), u32("limit"),
      u32("num_completed"), u32("prev_ovlimit"), u32("prev_num_queued"),
      u32("prev_last_obj_cnt"), u32("lowest_slack"), u64("slack_start_time"),
      u32("max_limit").withEdges(Integer.toUnsignedLong(Dql.MAX_LIMIT)), u32("min_limit"),
      u32("slack_hold_time").withEdges(100, 250, 1000), u64("jiffies"));

  /** jiffies minus (slack_start_time + slack_hold_time) at time_after's edges. */
  private static final long[] HOLD_END_OFFSETS = {-1, 0, 1, Long.MAX_VALUE, Long.MIN_VALUE,
      Long.MIN_VALUE + 1};

  @Override
  public List<PortHarness> harnesses() {
    return all();
  }

  public static List<PortHarness> all() {
    return List.of(completed(), reset(), queued(), init());
  }

  private static String program(String driver) {
    return PortHarness.resource(DqlHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(DqlHarnesses.class, DIR + driver);
  }

  private static PortHarness completed() {
    List<InputField> in = new ArrayList<>(DQL_FIELDS);
    in.add(u32("count"));
    // not read by the C: which of HOLD_END_OFFSETS puts jiffies beside the end of the hold time
    in.add(InputField.range("jiffies near slack_start_time + slack_hold_time", 0,
        2 * HOLD_END_OFFSETS.length - 1));
    return PortHarness.of(C, "dql_completed")
        .sources(SOURCES)
        .program(program("dql_completed.c"))
        .inputs(in)
        .admit(r -> {
          // the caller never completes more than is in flight (BUG_ON in the kernel)
          long inflight = (r[0] - r[4]) & 0xFFFF_FFFFL;
          r[14] = Long.remainderUnsigned(r[14], inflight + 1);
          // half the records keep the counters near each other, as a running queue does
          if ((r[14] & 1) == 0) {
            r[6] = (r[0] - (r[6] & 0xFFFF)) & 0xFFFF_FFFFL;
          }
          // half the records put jiffies at time_after's edges: the end of the hold time and
          // half the counter's range past it
          if (r[15] < HOLD_END_OFFSETS.length) {
            r[13] = r[9] + r[12] + HOLD_END_OFFSETS[(int) r[15]];
          }
          return r;
        })
        .notes(NOTE)
        .java(kernel -> {
          long[] jiffies = new long[1];
          Dql dql = new Dql(0, () -> jiffies[0]);
          return r -> {
            jiffies[0] = r[13];
            set(dql, r);
            dql.completed((int) r[14]);
            return put(new Out(), dql).toString();
          };
        })
        .build();
  }

  private static PortHarness reset() {
    return PortHarness.of(C, "dql_reset")
        .sources(SOURCES)
        .program(program("dql_reset.c"))
        .inputs(DQL_FIELDS)
        .notes(NOTE)
        .java(kernel -> {
          long[] jiffies = new long[1];
          Dql dql = new Dql(0, () -> jiffies[0]);
          return r -> {
            jiffies[0] = r[13];
            set(dql, r);
            dql.reset();
            return put(new Out(), dql).toString();
          };
        })
        .build();
  }

  private static PortHarness queued() {
    List<InputField> in = new ArrayList<>(DQL_FIELDS);
    in.add(urange("count", 0, Integer.toUnsignedLong(Dql.MAX_OBJECT)));
    return PortHarness.of(H, "dql_queued")
        .sources(SOURCES)
        .program(program("dql_queued.c"))
        .inputs(in)
        .notes(NOTE + "; count within DQL_MAX_OBJECT (the kernel warns and drops more)")
        .java(kernel -> {
          long[] jiffies = new long[1];
          Dql dql = new Dql(0, () -> jiffies[0]);
          return r -> {
            jiffies[0] = r[13];
            set(dql, r);
            dql.queued((int) r[14]);
            return put(new Out(), dql).toString();
          };
        })
        .build();
  }

  private static PortHarness init() {
    return PortHarness.of(C, "dql_init")
        .sources(SOURCES)
        .program(program("dql_init.c"))
        .inputs(List.of(u64("jiffies"), u32("hold_time").withEdges(100, 250, 1000)))
        .notes(NOTE + "; the struct zeroed first (kzalloc)")
        .java(kernel -> r -> {
          long jiffies = r[0];
          Dql dql = new Dql(r[1], () -> jiffies);
          return put(new Out(), dql).toString();
        })
        .build();
  }

  static void set(Dql d, long[] r) {
    d.numQueued = (int) r[0];
    d.adjLimit = (int) r[1];
    d.lastObjCnt = (int) r[2];
    d.limit = (int) r[3];
    d.numCompleted = (int) r[4];
    d.prevOvlimit = (int) r[5];
    d.prevNumQueued = (int) r[6];
    d.prevLastObjCnt = (int) r[7];
    d.lowestSlack = (int) r[8];
    d.slackStartTime = r[9];
    d.maxLimit = (int) r[10];
    d.minLimit = (int) r[11];
    d.slackHoldTime = r[12];
  }

  static Out put(Out o, Dql d) {
    return o.u32("num_queued", d.numQueued).u32("adj_limit", d.adjLimit)
        .u32("last_obj_cnt", d.lastObjCnt).u32("limit", d.limit)
        .u32("num_completed", d.numCompleted).u32("prev_ovlimit", d.prevOvlimit)
        .u32("prev_num_queued", d.prevNumQueued).u32("prev_last_obj_cnt", d.prevLastObjCnt)
        .u32("lowest_slack", d.lowestSlack).u("slack_start_time", d.slackStartTime)
        .u32("max_limit", d.maxLimit).u32("min_limit", d.minLimit)
        .u("slack_hold_time", d.slackHoldTime);
  }
}
