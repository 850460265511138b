package io.nicsim.validate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Cases where the model is known not to agree yet, with the numbers measured on this kind of
 * machine (kernel 6.18.44, 2 real runs of 5 s after 1 s, model seed 1). The verdict stays a
 * miss (exit 1); the table says it is known. Common cause (see validate/README.md): with a
 * completion hold of 2 ms or more the kernel's CUBIC slow start stays cwnd-limited (bytes in
 * flight = cwnd up to 300–500 segments) and reaches a state where TSQ admits 3–7 skbs of 64 KB;
 * the model's becomes TSQ-bound at about 60 % of cwnd from cwnd ≈ 60 on, so it settles where
 * TSQ admits two (5 ms: cwnd ≈ 900, never tipping) or HyStart's ACK train fires early (2 ms:
 * a 13 ms train against a 12 ms threshold, exit at cwnd 70).
 */
public final class KnownMisses {
  private KnownMisses() {}

  public static final Map<String, String> ALL = all();

  private static Map<String, String> all() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("cubic-fixed-2ms", "real 953/955, model 34.7: HyStart ACK train at cwnd 70 in the"
        + " model, at 4342 in the kernel");
    m.put("cubic-fixed-5ms", "real 695/545, model 208: model TSQ-bound at 2 skbs (cwnd 900),"
        + " kernel tips to 3-7 skbs (cwnd 2600-5200)");
    m.put("cubic-sliding-2ms", "real 916/910, model 264: as cubic-fixed-2ms, on stmmac's timer");
    m.put("cubic-sliding-5ms", "real 471/496, model 214: as cubic-fixed-5ms, on stmmac's timer");
    m.put("cubic-fixed-5ms-notso", "real 609/676, model 36.9: as cubic-fixed-5ms, and the"
        + " model's BQL ring (the real veth has none) holds segments for a period");
    return java.util.Collections.unmodifiableMap(m);
  }
}
