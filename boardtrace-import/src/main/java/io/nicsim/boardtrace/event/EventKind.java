package io.nicsim.boardtrace.event;

import java.util.HashMap;
import java.util.Map;

/**
 * The kernel trace events nicsim reads: the tracepoints its model has (include/trace/events/
 * irq.h, timer.h, napi.h, net.h, skb.h, sched.h and the syscalls' enter/exit events). Every
 * other event of a trace is skipped and counted by name.
 */
public enum EventKind {
  IRQ_HANDLER_ENTRY("irq_handler_entry"),
  IRQ_HANDLER_EXIT("irq_handler_exit"),
  SOFTIRQ_RAISE("softirq_raise"),
  SOFTIRQ_ENTRY("softirq_entry"),
  SOFTIRQ_EXIT("softirq_exit"),
  HRTIMER_START("hrtimer_start"),
  HRTIMER_CANCEL("hrtimer_cancel"),
  HRTIMER_EXPIRE_ENTRY("hrtimer_expire_entry"),
  HRTIMER_EXPIRE_EXIT("hrtimer_expire_exit"),
  NAPI_POLL("napi_poll"),
  NET_DEV_QUEUE("net_dev_queue"),
  NET_DEV_START_XMIT("net_dev_start_xmit"),
  NET_DEV_XMIT("net_dev_xmit"),
  NETIF_RECEIVE_SKB("netif_receive_skb"),
  CONSUME_SKB("consume_skb"),
  KFREE_SKB("kfree_skb"),
  SCHED_SWITCH("sched_switch"),
  /** {@code sys_enter_NAME}: the syscall's name is the event's {@code name}. */
  SYS_ENTER("sys_enter_"),
  /** {@code sys_exit_NAME}. */
  SYS_EXIT("sys_exit_");

  private final String ftraceName;

  EventKind(String ftraceName) {
    this.ftraceName = ftraceName;
  }

  /** The event's name in a trace ({@code sys_enter_}/{@code sys_exit_} are prefixes). */
  public String ftraceName() {
    return ftraceName;
  }

  private static final Map<String, EventKind> BY_NAME = new HashMap<>();

  static {
    for (EventKind k : values()) {
      if (k != SYS_ENTER && k != SYS_EXIT) {
        BY_NAME.put(k.ftraceName, k);
      }
    }
  }

  /** The kind of the event named {@code name} in a trace, or null when nicsim does not read it. */
  public static EventKind of(String name) {
    EventKind k = BY_NAME.get(name);
    if (k != null) {
      return k;
    }
    if (name.startsWith("sys_enter_") && name.length() > 10) {
      return SYS_ENTER;
    }
    if (name.startsWith("sys_exit_") && name.length() > 9) {
      return SYS_EXIT;
    }
    return null;
  }
}
