package io.nicsim.bench.perf;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * The memory benchmark's child JVM ({@code nicsim bench memory} starts it with
 * {@code -Xmx256m}): runs the line-rate flood of {@link FloodWorkload} for SECONDS simulated
 * seconds and, after every STEP simulated seconds, forces a full GC and prints
 * {@code heap <simulated s> <bytes used after GC>}; at the end {@code frames <n>}.
 */
public final class FloodMemoryProbe {
  private FloodMemoryProbe() {}

  public static void main(String[] args) {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    int step = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    FloodWorkload flood = FloodWorkload.standard();
    for (int t = step; t <= seconds; t += step) {
      flood.advance(step * BbrUpload.SEC);
      System.gc();
      System.out.println("heap " + t + " " + mem.getHeapMemoryUsage().getUsed());
      System.out.flush();
    }
    System.out.println("frames " + flood.frames());
  }
}
