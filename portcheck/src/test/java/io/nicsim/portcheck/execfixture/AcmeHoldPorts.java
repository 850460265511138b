package io.nicsim.portcheck.execfixture;

import io.nicsim.core.port.KernelPort;

/**
 * Ports of the acme hold fixture (test resources, new tree). {@link Broken} holds the two
 * mistakes only an input on the C's own edge shows: a time comparison written as
 * {@code now - (start + hold + grace) > 0} (it differs from the C's {@code (long)(start + hold
 * + grace - now) < 0} only when the times lie exactly 2^63 apart) and a limit taken with {@code >=}.
 */
public final class AcmeHoldPorts {
  static final String FILE = "drivers/net/ethernet/acme/acme_hold.c";
  /** acme_credit_limit(1): 0xffffffff / 2 - 977. */
  static final long CREDIT_LIMIT = 0xFFFF_FFFFL / 2 - 977;

  /** ACME_HOLD_GRACE. */
  static final long GRACE = 7;

  long start;
  int hold;
  int credit;

  @KernelPort(file = FILE, function = "acme_hold_expired", versions = "v6.6..v6.18",
      source = "test fixture")
  public boolean holdExpired(long now) {
    return start + Integer.toUnsignedLong(hold) + GRACE - now < 0;
  }

  @KernelPort(file = FILE, function = "acme_take_credit", versions = "v6.6..v6.18",
      source = "test fixture")
  public int takeCredit(int amount) {
    if (Integer.toUnsignedLong(amount) > CREDIT_LIMIT) {
      return 0;
    }
    credit += amount;
    return amount;
  }

  @KernelPort(file = FILE, function = "acme_credit_ticks", versions = "v6.6..v6.18",
      source = "test fixture")
  public static int creditTicks(int credit, int rate) {
    return Integer.divideUnsigned(credit, rate);
  }

  @KernelPort(file = FILE, function = "acme_credit_odd", versions = "v6.6..v6.18",
      source = "test fixture", notes = "never returns on an even credit, as the C")
  public static int creditOdd(int credit) {
    int c = credit;
    while (Integer.remainderUnsigned(c, 1000) != 999) {
      c += 2;
    }
    return c;
  }

  /** The same ports with the two mistakes. */
  public static final class Broken {
    private Broken() {}

    public static boolean holdExpired(AcmeHoldPorts p, long now) {
      return now - (p.start + Integer.toUnsignedLong(p.hold) + GRACE) > 0;
    }

    public static int takeCredit(AcmeHoldPorts p, int amount) {
      if (Integer.toUnsignedLong(amount) >= CREDIT_LIMIT) {
        return 0;
      }
      p.credit += amount;
      return amount;
    }
  }
}
