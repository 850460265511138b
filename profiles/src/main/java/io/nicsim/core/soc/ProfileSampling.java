package io.nicsim.core.soc;

import io.nicsim.core.soc.SocProfile.Builder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sampling a profile for an uncertainty study: every number has an input id
 * ({@code ORIGIN:section.key}), and a sample replaces each uncertain number by its draw
 * ({@link InputSample}). {@link SocProfile#sampled} and {@link SocProfile#inputs} are the entry
 * points.
 */
final class ProfileSampling {
  private ProfileSampling() {}

  /** {@code p} with sample {@code s}'s values; {@code p} itself when {@code s} is null. */
  static SocProfile sampled(SocProfile p, InputSample s) {
    if (s == null) {
      return p;
    }
    Builder b = new Builder();
    b.from(p);
    b.name = p.name();
    b.schema = p.schema();
    sample(s, b.cpu, "cpu");
    sample(s, b.kernel, "kernel");
    sample(s, b.clocks, "clocks");
    sample(s, b.params, "params");
    sample(s, b.costs, "costs");
    return new SocProfile(b);
  }

  private static void sample(InputSample s, Map<String, Quantity> m, String section) {
    m.replaceAll((k, q) -> InputSample.apply(s, inputId(q, section, k), q));
  }

  /** The name a study gives an input: {@code ORIGIN:section.key}. */
  static String inputId(Quantity q, String section, String key) {
    return q.origin() + ":" + section + "." + key;
  }

  /** Every number of {@code p} with its input id, in a stable order. */
  static Map<String, Quantity> inputs(SocProfile p) {
    Map<String, Quantity> out = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, Quantity>> sec : Map.of("cpu", p.cpu(), "kernel",
        p.kernel(), "clocks", p.clocks(), "params", p.params(), "costs", p.costs()).entrySet()
        .stream().sorted(Map.Entry.comparingByKey()).toList()) {
      sec.getValue().forEach((k, q) -> out.put(inputId(q, sec.getKey(), k), q));
    }
    return out;
  }
}
