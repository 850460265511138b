package io.nicsim.core.host;

import io.nicsim.core.config.BadInputException;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Driver module parameters a run loads the MAC's driver with ({@code --module-param
 * stmmac.watchdog=100}, {@code modprobe stmmac watchdog=100}): read by the driver at probe only
 * ({@link HostContext#moduleParam}); a parameter no driver of the host reads is refused.
 *
 * @param values {@code module.param} → value as typed
 */
public record ModuleParams(Map<String, String> values) {

  public ModuleParams {
    values = Collections.unmodifiableMap(new TreeMap<>(values));
  }

  public static ModuleParams none() {
    return new ModuleParams(Map.of());
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  /**
   * {@code module.param=value} words (one or more a string, blank-separated), refused in one
   * line naming {@code field} when one has another form or names a parameter twice.
   */
  public static ModuleParams parse(String field, Iterable<String> words) {
    Map<String, String> m = new TreeMap<>();
    for (String w : words) {
      for (String kv : w.trim().split("\\s+")) {
        if (kv.isEmpty()) {
          continue;
        }
        if (!kv.matches("[a-z0-9_]+\\.[a-z0-9_]+=\\S+")) {
          throw BadInputException.field(field, "'" + kv + "' is not MODULE.PARAM=VALUE",
              "e.g. stmmac.watchdog=100");
        }
        int eq = kv.indexOf('=');
        if (m.put(kv.substring(0, eq), kv.substring(eq + 1)) != null) {
          throw BadInputException.field(field, kv.substring(0, eq) + " given twice",
              "each parameter once");
        }
      }
    }
    return new ModuleParams(m);
  }

  /** The parameters not in {@code read}, in order. */
  Set<String> unread(Set<String> read) {
    Set<String> s = new TreeSet<>(values.keySet());
    s.removeAll(read);
    return s;
  }

  /** As {@code --module-param} takes them. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    values.forEach((k, v) -> b.append(b.length() > 0 ? " " : "").append(k).append('=').append(v));
    return b.toString();
  }
}
