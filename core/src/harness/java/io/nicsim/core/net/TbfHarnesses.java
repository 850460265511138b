package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s64;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harness for net/sched/sch_tbf.c's tbf_dequeue
 * ({@link TbfBucket#tbfDequeue}); the C driver is
 * {@code src/main/resources/nicsim/portexec/tbf/tbf_dequeue.c}.
 */
public final class TbfHarnesses implements PortHarnessProvider {
  private static final String SCH_TBF_C = "net/sched/sch_tbf.c";

  /** The head skb's length, the clock, then q->t_c, tokens, buffer and the rate's mult/shift. */
  static final List<InputField> FIELDS = List.of(
      u32("len").withEdges(60, 1514, 65226),
      s64("now").withEdges(1_000_000_000L),
      s64("t_c"),
      s64("tokens").withEdges(12_112, 12_111, 12_113),
      range("buffer", 0, Long.MAX_VALUE).withEdges(12_112, 2_097_152, 2_097_152L * 1000),
      u32("rate.mult").withEdges(1L << 31, 2_684_354_560L, 0xFFFF_FFFFL),
      range("rate.shift", 0, 63).withEdges(25, 28, 31, 32));

  @Override
  public List<PortHarness> harnesses() {
    List<String> sources = new ArrayList<>(List.of(SCH_TBF_C, "include/net/sch_generic.h",
        "include/uapi/linux/pkt_sched.h"));
    sources.addAll(KernelHeaders.ARITHMETIC);
    return List.of(PortHarness.of(SCH_TBF_C, "tbf_dequeue")
        .sources(sources)
        .program(PortHarness.resource(TbfHarnesses.class, "nicsim/portexec/tbf/tbf_dequeue.c"))
        .inputs(FIELDS)
        .notes("no peak rate (tbf_peak_present false), no overhead, mpu or ATM link layer; the"
            + " child qdisc holds a head skb (nicsim asks the bucket about the frame at the"
            + " head), so the empty-queue and failed dequeue_peeked branches are not reached")
        .java(kernel -> r -> {
          TbfBucket b = bucket(r);
          Out o = new Out();
          boolean sent = b.tbfDequeue(r[1], (int) r[0]);
          return put(o, b, sent).toString();
        })
        .build());
  }

  /** Record → objects: the bucket's fields as the record has them. */
  static TbfBucket bucket(long[] r) {
    TbfBucket b = new TbfBucket(r[4], (int) r[5], (int) r[6], r[3], r[2]);
    b.ptokens = -1; // as the C's struct is left before the call: written on a dequeue only
    return b;
  }

  /** Objects → output: the call made, whether the skb left, the fields. */
  static Out put(Out o, TbfBucket b, boolean sent) {
    if (sent) {
      o.call("qdisc_dequeue_peeked");
    } else {
      o.call("qdisc_watchdog_schedule_ns", b.watchdogNs);
    }
    return o.put("skb", sent).put("t_c", b.tC).put("tokens", b.tokens).put("ptokens", b.ptokens);
  }
}
