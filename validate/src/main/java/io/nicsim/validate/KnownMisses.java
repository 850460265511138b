package io.nicsim.validate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cases where the model is known not to agree yet, with the numbers measured on this kind of
 * machine (kernel 6.18.44, 2 real runs of 5 s after 1 s, model seed 1). The verdict stays a
 * miss (exit 1); the table says it is known. See validate/README.md: the two stmmac
 * sliding-timer cases, where the kernel and the model settle in different TSQ states.
 */
public final class KnownMisses {
  private KnownMisses() {}

  public static final Map<String, String> ALL = all();

  private static Map<String, String> all() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("bbr-sliding-2ms", "real 257/257 (227/228, 195/197/146, 196/216 in earlier pairs),"
        + " model 192: the kernel's own runs move by 30 % between sessions");
    m.put("cubic-sliding-5ms", "real 216/212 (224/218 in an earlier pair), model 551: the"
        + " model's slow start passes cwnd 1100, where pacing >> 10 admits a third skb, the"
        + " kernel's stops at 1043 with two");
    return java.util.Collections.unmodifiableMap(m);
  }
}
