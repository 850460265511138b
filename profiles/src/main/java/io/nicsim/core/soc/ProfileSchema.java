package io.nicsim.core.soc;

import com.fasterxml.jackson.databind.JsonNode;
import io.nicsim.core.config.BadInputException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Schema versions as a profile is read: the schema a file states or, without a {@code schema:}
 * key, the one its numbers show; the class a schema-1 number without one is given, and the one
 * warning line per profile saying so (where the line goes is {@link SocProfile#setWarningSink}).
 * Writing those classes into the file is {@link ProfileUpgrade}'s.
 */
final class ProfileSchema {
  /** Warnings already printed (one line per profile per JVM). */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();
  private static volatile Consumer<String> warningSink =
      line -> System.err.println(line);

  private ProfileSchema() {}

  /**
   * The warning for a schema-1 profile whose numbers were given classes: {@code costs} costs and
   * {@code others} other numbers, once per profile (a file named two ways, relative and
   * absolute, is one profile).
   */
  static void warnSchema1(String label, String name, int costs, int others) {
    warn(name + "/" + costs + "/" + others, "warning: soc profile " + label + " is of schema 1"
        + " (numbers without an uncertainty class): " + classed(costs, "cost") + " given class "
        + schema1Class("costs.x").spelling() + " (±" + pct(schema1Class("costs.x")) + "), "
        + classed(others, "other number") + " class "
        + schema1Class("params.x").spelling() + "; 'nicsim profile upgrade FILE' writes them"
        + " in (schema " + SocProfile.SCHEMA + ")");
  }

  private static String classed(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  private static String pct(UncertaintyClass c) {
    return Math.round(c.defaultRange() * 100) + "%";
  }

  /**
   * {@code schema:} if given (1..SCHEMA), else inferred: 1 when no number states a class and
   * some number lacks one (a file written before classes existed), else SCHEMA (so a current
   * profile that forgot one class is refused, naming it, as before).
   */
  static int schema(String label, JsonNode root) {
    JsonNode n = root.get("schema");
    if (n == null) {
      return looksLikeSchema1(root) ? 1 : SocProfile.SCHEMA;
    }
    if (!n.isIntegralNumber() || n.asLong() < 1 || n.asLong() > SocProfile.SCHEMA) {
      throw new BadInputException("soc profile " + label + ": schema '" + n.asText() + "' is"
          + (n.isIntegralNumber() && n.asLong() > SocProfile.SCHEMA ? " newer than this nicsim reads"
          : " not a schema version") + " (accepted: 1.." + SocProfile.SCHEMA + ")");
    }
    return n.asInt();
  }

  private static boolean looksLikeSchema1(JsonNode root) {
    boolean unclassed = false;
    for (String sec : List.of("cpu", "kernel", "clocks", "params", "costs")) {
      JsonNode m = root.get(sec);
      if (m == null || !m.isObject()) {
        continue;
      }
      for (JsonNode q : m) {
        if (!q.isObject()) {
          continue;
        }
        if (q.has("class") || q.has("range")) {
          return false;
        }
        unclassed |= q.has("value") && !q.has("calibrated");
      }
    }
    return unclassed;
  }

  /**
   * The class a schema-1 number without one is given: {@code estimate} for a cost (the old
   * profiles' costs are cycle estimates), {@code exact} for everything else (core counts,
   * clocks, CONFIG_HZ, ring sizes and other settings, as those profiles stated them).
   */
  static UncertaintyClass schema1Class(String field) {
    return field.startsWith("costs.") ? UncertaintyClass.ESTIMATE : UncertaintyClass.EXACT;
  }

  /**
   * Where warnings go (one line each, once per profile per JVM): stderr unless replaced; a
   * test or an embedding tool collects them. Returns the previous sink.
   */
  static Consumer<String> setWarningSink(
      Consumer<String> sink) {
    Consumer<String> prev = warningSink;
    warningSink = sink;
    WARNED.clear();
    return prev;
  }

  private static void warn(String key, String line) {
    if (WARNED.add(key)) {
      warningSink.accept(line);
    }
  }
}
