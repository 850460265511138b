package io.nicsim.boardtrace.event;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * How a board's names meet the model's: the user's {@code --map BOARD=MODEL} pairs (an IRQ
 * line, a device, a timer callback), and the kernel's own renames (the tick's hrtimer callback
 * tick_sched_timer became tick_nohz_handler in the 6.10 series; nicsim calls it
 * tick_sched_timer).
 */
public final class Names {
  private Names() {}

  /** A name as nicsim spells it. */
  public static String canonical(String name) {
    return name.equals("tick_nohz_handler") ? "tick_sched_timer" : name;
  }

  /** The user's map, then the kernel's renames. */
  public static UnaryOperator<String> mapping(Map<String, String> map) {
    return n -> {
      String m = map.get(n);
      return m != null ? m : canonical(n);
    };
  }

  /** The kernel's renames only. */
  public static UnaryOperator<String> canonical() {
    return Names::canonical;
  }
}
