package io.nicsim.portcheck.execfixture;

import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import java.util.List;

/**
 * Harnesses of the acme hold fixture, faithful and broken. The fields carry no edges of their
 * own: whatever finds the broken ports' mistakes comes from reading the C's comparisons.
 */
public final class AcmeHoldHarnesses {
  private AcmeHoldHarnesses() {}

  static final List<InputField> INPUTS = List.of(u64("start"), u32("hold"), u32("credit"),
      u64("now"), u32("amount"));

  private static PortHarness.Builder of(String function, int kind) {
    return PortHarness.of(AcmeHoldPorts.FILE, function)
        .sources(AcmeHoldPorts.FILE, "drivers/net/ethernet/acme/acme_regs.h")
        .program(PortHarness.resource(AcmeHoldHarnesses.class, "portexec/acme/acme_hold.c")
            + "\n//@ prelude\n#define NICSIM_KIND " + kind + "\n")
        .inputs(INPUTS);
  }

  private static AcmeHoldPorts set(long[] r) {
    AcmeHoldPorts p = new AcmeHoldPorts();
    p.start = r[0];
    p.hold = (int) r[1];
    p.credit = (int) r[2];
    return p;
  }

  public static PortHarness holdExpired(boolean broken) {
    return of("acme_hold_expired", 0).java(k -> r -> {
      AcmeHoldPorts p = set(r);
      boolean e = broken ? AcmeHoldPorts.Broken.holdExpired(p, r[3]) : p.holdExpired(r[3]);
      return new Out().put("ret", e).toString();
    }).build();
  }

  /** acme_credit_ticks: the C dies of SIGFPE on a zero rate, the Java throws alike. */
  public static PortHarness creditTicks() {
    return of("acme_credit_ticks", 2).java(k -> r -> new Out()
        .u32("ret", Integer.divideUnsigned((int) r[2], (int) r[4])).toString()).build();
  }

  /** acme_credit_odd: the C never returns on an even credit; the Java side stops at once. */
  public static PortHarness creditOdd() {
    return of("acme_credit_odd", 3).java(k -> r -> {
      long c = r[2];
      if ((c & 1) == 0) {
        return "ret=never";
      }
      while (c % 1000 != 999) {
        c = (c + 2) & 0xFFFF_FFFFL;
      }
      return new Out().u("ret", c).toString();
    }).build();
  }

  public static PortHarness takeCredit(boolean broken) {
    return of("acme_take_credit", 1).java(k -> r -> {
      AcmeHoldPorts p = set(r);
      int ret = broken ? AcmeHoldPorts.Broken.takeCredit(p, (int) r[4]) : p.takeCredit((int) r[4]);
      return new Out().u32("ret", ret).u32("credit", p.credit).toString();
    }).build();
  }
}
