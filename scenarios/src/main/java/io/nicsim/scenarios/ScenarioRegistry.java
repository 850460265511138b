package io.nicsim.scenarios;

import io.nicsim.core.config.BadInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The scenarios {@code nicsim reproduce} knows, in the order it runs them. */
public final class ScenarioRegistry {
  private final Map<String, Scenario> byName = new LinkedHashMap<>();

  public ScenarioRegistry(List<Scenario> scenarios) {
    for (Scenario s : scenarios) {
      if (byName.put(s.name(), s) != null) {
        throw new IllegalArgumentException("two scenarios named " + s.name());
      }
    }
  }

  public List<Scenario> all() {
    return new ArrayList<>(byName.values());
  }

  /** The named scenarios in registry order; all of them for an empty list. */
  public List<Scenario> select(List<String> names) {
    if (names == null || names.isEmpty()) {
      List<Scenario> plain = new ArrayList<>();
      for (Scenario s : byName.values()) {
        if (!s.byNameOnly()) {
          plain.add(s);
        }
      }
      return plain;
    }
    for (String n : names) {
      if (!byName.containsKey(n)) {
        throw BadInputException.field("SCENARIO", "unknown scenario '" + n + "'",
            byName.isEmpty() ? "none registered" : String.join(", ", byName.keySet()));
      }
    }
    List<Scenario> out = new ArrayList<>();
    for (Scenario s : byName.values()) {
      if (names.contains(s.name())) {
        out.add(s);
      }
    }
    return out;
  }
}
