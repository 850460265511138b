package io.nicsim.validate;

import io.nicsim.boardtrace.figures.ContextTime;
import io.nicsim.boardtrace.figures.Figure;
import io.nicsim.boardtrace.figures.FigureRecorder;
import io.nicsim.boardtrace.figures.FigureSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The figures validate --cpu compares, from one side's trace (the real run's trace.dat, the
 * model run's own ftrace text: the same boardtrace classes read both): each CPU's time by
 * context in mpstat's terms, NET_RX softirqs a second, NAPI polls a second and packets per
 * poll over the traffic's devices.
 */
final class CpuFigures {
  /** The figures, in the table's order. */
  static final String[] NAMES = {"cpu1 %irq", "cpu1 %soft", "cpu1 %sys", "cpu0 %irq",
      "cpu0 %soft", "cpu0 %sys", "NET_RX softirqs/s", "NAPI polls/s", "packets/poll"};

  private CpuFigures() {}

  /**
   * @param rec the side's recorder after its trace
   * @param traffic which tasks are the traffic's (their comm)
   * @param device which NAPI devices are the traffic's (the real side: the veth ends and the
   *     CPU's backlog; the model: its NIC)
   */
  static Map<String, Double> of(FigureRecorder rec, Predicate<String> device,
      Predicate<String> traffic) {
    FigureSet f = rec.result();
    ContextTime t = rec.contexts();
    Map<String, Double> m = new LinkedHashMap<>();
    for (int c : new int[] {1, 0}) {
      m.put("cpu" + c + " %irq", t.percent(c, "irq"));
      m.put("cpu" + c + " %soft", t.percent(c, "soft"));
      // the traffic's own syscalls: other tasks' traced read/write are theirs, not the veth's
      m.put("cpu" + c + " %sys", t.sysOf(c, traffic));
    }
    m.put("NET_RX softirqs/s", value(f, "softirqs/s NET_RX"));
    double polls = 0;
    double work = 0;
    for (Figure x : f.rows()) {
      if (x.figure().startsWith("NAPI polls/s ")) {
        String dev = x.figure().substring("NAPI polls/s ".length());
        if (device.test(dev)) {
          polls += x.value();
          work += x.value() * value(f, "NAPI work/poll " + dev);
        }
      }
    }
    m.put("NAPI polls/s", polls);
    m.put("packets/poll", polls == 0 ? 0 : work / polls);
    return m;
  }

  private static double value(FigureSet f, String name) {
    double v = f.value(name);
    return Double.isNaN(v) ? 0 : v;
  }
}
