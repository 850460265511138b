package io.nicsim.core.port.exec;

import java.util.List;

/** Tree files most harnesses add to their {@link PortHarness#sources()}. */
public final class KernelHeaders {
  private KernelHeaders() {}

  /**
   * The kernel's own arithmetic and time helpers (DIV_ROUND_UP, do_div, div_u64, BIT_ULL,
   * ktime_to_us, NSEC_PER_USEC, U32_MAX, …), so a function is compiled with the tree's
   * definitions rather than nicsim's. Files a release does not have are skipped.
   */
  public static final List<String> ARITHMETIC = List.of(
      "include/linux/math.h",
      "include/linux/math64.h",
      "include/asm-generic/div64.h",
      "include/uapi/linux/const.h",
      "include/vdso/const.h",
      "include/linux/const.h",
      "include/linux/bits.h",
      "include/vdso/bits.h",
      "include/linux/ktime.h",
      "include/vdso/ktime.h",
      "include/linux/time64.h",
      "include/vdso/time64.h",
      "include/linux/jiffies.h",
      "include/linux/typecheck.h",
      "include/linux/limits.h",
      "include/vdso/limits.h");
}
