package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.port.KernelPort;
import java.util.ArrayDeque;

/**
 * net_rx_action on one CPU, as a state machine that polls one NAPI per step so that hard
 * interrupts are taken between polls. Budget {@code netdev_budget} packets and
 * {@code netdev_budget_usecs} (in jiffies) per invocation; a NAPI that used its whole weight is
 * polled again after the others; what is left re-raises NET_RX.
 */
final class NetRxAction {
  private final Kernel kernel;
  private final ArrayDeque<Napi> list = new ArrayDeque<>();
  private final ArrayDeque<Napi> repoll = new ArrayDeque<>();
  private final ArrayDeque<Napi> arrivals = new ArrayDeque<>();
  private boolean active;
  private int budget;
  private long timeLimit;

  NetRxAction(Kernel kernel) {
    this.kernel = kernel;
  }

  @KernelPort(
      file = "net/core/dev.c",
      function = "net_rx_action",
      versions = "v4.19..v6.18",
      commits = {"8b43fd3d1d7d"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "one napi_poll per step (hard interrupts run between polls); RPS, busy polling"
          + " and skb_defer_free_flush are not modelled")
  boolean step(Core core) {
    Softnet sd = kernel.softnet(core);
    boolean inNetRx = kernel.inNetRxActionEra(); // netCore().has(IN_NET_RX_ACTION)
    if (!active) {
      active = true;
      budget = kernel.config().netdevBudget();
      timeLimit =
          kernel.cpu().jiffiesAt(core.cursor())
              + kernel.cpu().usecsToJiffies(kernel.config().netdevBudgetUsecs());
      start(sd, inNetRx);
    }
    if (list.isEmpty()) {
      if (repoll.isEmpty()) {
        if (inNetRx) {
          sd.inNetRxAction = false;
          if (!sd.pollList.isEmpty()) {
            start(sd, true); // goto start: what was scheduled meanwhile, in this run
            return true;
          }
        }
        active = false; // goto end: nothing to put back, NET_RX not raised
        return false;
      }
      finish(core, sd, inNetRx);
      return false;
    }
    Napi n = list.peekFirst(); // list_first_entry
    budget -= napiPoll(core, n);
    if (budget <= 0 || Jiffies.timeAfterEq(kernel.cpu().jiffiesAt(core.cursor()), timeLimit)) {
      sd.timeSqueeze++;
      finish(core, sd, inNetRx);
      return false;
    }
    return true;
  }

  /** start: (in_net_rx_action from 8b43fd3d1d7d) and the poll list spliced onto {@code list}. */
  private void start(Softnet sd, boolean inNetRx) {
    if (inNetRx) {
      sd.inNetRxAction = true;
    }
    while (!sd.pollList.isEmpty()) {
      Napi n = sd.pollList.pollFirst();
      n.onList = false;
      list.addLast(n);
    }
  }

  /**
   * Whether the next step polls a NAPI that {@linkplain Napi#isTxOnly() delivers nothing
   * to the stack} (or only finishes): such a step takes no socket lock, so it may run inside
   * another CPU's catch-up.
   */
  boolean nextPollIsTxOnly(Core core) {
    Napi next = active ? list.peekFirst() : kernel.softnet(core).pollList.peekFirst();
    return next == null || next.isTxOnly();
  }

  /** Empties the action's lists (a harness, between records). */
  void clear() {
    list.clear();
    repoll.clear();
    arrivals.clear();
    active = false;
  }

  /** Puts {@code n} on the list this action polls (a harness's net_rx_action list). */
  void hold(Napi n) {
    list.addLast(n);
  }

  /** Takes {@code n} off the repoll list; whether it was there. */
  boolean takeRepoll(Napi n) {
    return repoll.remove(n);
  }

  /** Whether {@code n} sits on this action's private lists (taken off the poll list). */
  boolean holds(Napi n) {
    return list.contains(n) || repoll.contains(n) || arrivals.contains(n);
  }

  /** The end of net_rx_action: leftovers, new arrivals, then repolls go back on the list. */
  private void finish(Core core, Softnet sd, boolean inNetRx) {
    // moved by poll/add rather than iterated: no iterator per softirq on the hot path
    while (!sd.pollList.isEmpty()) {
      arrivals.addLast(sd.pollList.pollFirst());
    }
    while (!list.isEmpty()) {
      sd.pollList.addLast(list.pollFirst());
    }
    while (!arrivals.isEmpty()) {
      sd.pollList.addLast(arrivals.pollFirst());
    }
    while (!repoll.isEmpty()) {
      sd.pollList.addLast(repoll.pollFirst());
    }
    for (int i = sd.pollList.size(); i > 0; i--) {
      Napi n = sd.pollList.pollFirst();
      n.onList = true;
      n.listCore = core;
      sd.pollList.addLast(n);
    }
    active = false;
    if (!sd.pollList.isEmpty()) {
      core.raiseSoftirq(Softirq.NET_RX);
    } else if (inNetRx) {
      sd.inNetRxAction = false;
    }
  }

  /** napi_poll: off the list, __napi_poll, onto the repoll list if it asked. */
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_poll",
      versions = "v5.12..v6.18",
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  int napiPoll(Core core, Napi n) {
    list.remove(n); // list_del_init
    int work = n.napiPoll(core, true);
    if (n.repollRequested) {
      repoll.addLast(n);
    }
    return work;
  }
}
