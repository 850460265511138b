package io.nicsim.portcheck.execfixture;

import io.nicsim.core.port.KernelPort;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports of the acme fixture's coalescing C (test resources, new tree), the way a driver
 * maintainer writes them: u32 arithmetic kept. {@link Broken} is the same port written with
 * 64-bit arithmetic, the mistake --execute must catch.
 */
public final class AcmeCoalPorts {
  static final String FILE = "drivers/net/ethernet/acme/acme_coal.c";
  static final int TICK_NS = 256;
  static final int MAX_TICKS = 0xffff;
  static final int[] TICK_SCALE = {1, 2, 4, 8};

  /** The registers the port writes, in order: offset, value. */
  final List<long[]> writes = new ArrayList<>();
  /** netdev_err texts. */
  final List<String> errors = new ArrayList<>();
  int mode;
  int rxUsecs;
  int rxFrames;

  @KernelPort(file = FILE, function = "acme_usecs_to_ticks", versions = "v6.6..v6.18",
      source = "test fixture")
  public static int usecsToTicks(int usecs, int mode) {
    int d = TICK_NS * TICK_SCALE[mode & 3];
    long n = Integer.toUnsignedLong(usecs * 1000);
    long ticks = ((n + d - 1) & 0xFFFF_FFFFL) / d; // acme_round_up in u32
    return ticks > MAX_TICKS ? MAX_TICKS : (int) ticks;
  }

  @KernelPort(file = FILE, function = "acme_set_coalesce", versions = "v6.6..v6.18",
      source = "test fixture")
  public int setCoalesce(int usecs, int frames) {
    if (Integer.compareUnsigned(frames, 255) > 0) {
      errors.add("rx-frames " + Integer.toUnsignedString(frames) + " out of range");
      return -22;
    }
    rxUsecs = usecs;
    rxFrames = frames;
    writes.add(new long[] {0x100,
        Integer.toUnsignedLong(usecsToTicks(usecs, mode) | ((frames & 0xff) << 16))});
    return 0;
  }

  /** The same port with the product taken in 64 bits: it never wraps as the C's does. */
  public static final class Broken {
    private Broken() {}

    @KernelPort(file = FILE, function = "acme_usecs_to_ticks", versions = "v6.6..v6.18",
        source = "test fixture", notes = "deliberately broken: no u32 wrap")
    public static int usecsToTicks(int usecs, int mode) {
      long d = TICK_NS * TICK_SCALE[mode & 3];
      long ticks = (Integer.toUnsignedLong(usecs) * 1000 + d - 1) / d;
      return ticks > MAX_TICKS ? MAX_TICKS : (int) ticks;
    }
  }
}
