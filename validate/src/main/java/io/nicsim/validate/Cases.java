package io.nicsim.validate;

import io.nicsim.validate.ValidateCase.Hold;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cases {@code nicsim validate} runs: the default list and the CI matrix. */
public final class Cases {
  private Cases() {}

  /**
   * Every case, in table order: no hold; each ideal completion policy with BBR and CUBIC at
   * 0.1–5 ms; stmmac's sliding timer; TSO off.
   */
  public static List<ValidateCase> all() {
    List<ValidateCase> c = new ArrayList<>();
    c.add(ValidateCase.of("bbr", true, Hold.NONE, 0));
    c.add(ValidateCase.of("cubic", true, Hold.NONE, 0));
    for (long d : new long[] {100, 500, 1000, 2000, 5000}) {
      c.add(ValidateCase.of("bbr", true, Hold.FIXED, d));
      c.add(ValidateCase.of("cubic", true, Hold.FIXED, d));
    }
    for (long d : new long[] {1000, 5000}) {
      c.add(ValidateCase.of("bbr", true, Hold.PERIOD, d));
      c.add(ValidateCase.of("cubic", true, Hold.PERIOD, d));
    }
    for (long d : new long[] {2000, 5000}) {
      c.add(ValidateCase.of("bbr", true, Hold.SLIDING, d));
      c.add(ValidateCase.of("cubic", true, Hold.SLIDING, d));
    }
    c.add(ValidateCase.of("bbr", false, Hold.FIXED, 5000));
    c.add(ValidateCase.of("cubic", false, Hold.FIXED, 5000));
    return c;
  }

  /** The cases by name. */
  public static Map<String, ValidateCase> byName() {
    Map<String, ValidateCase> m = new LinkedHashMap<>();
    for (ValidateCase c : all()) {
      m.put(c.name(), c);
    }
    return m;
  }
}
