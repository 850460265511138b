package io.nicsim.core.host;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The MAC models a host can be built with: those a Dagger component wires, plus every
 * {@link MacModelProvider} on the class path (a wired name wins over a discovered one).
 */
public final class MacModelProviders {
  private MacModelProviders() {}

  /** The wired models plus the discovered ones, by name. */
  public static SortedMap<String, MacModel> withDiscovered(Map<String, MacModel> wired) {
    SortedMap<String, MacModel> all = new TreeMap<>();
    for (MacModelProvider p : ServiceLoader.load(MacModelProvider.class,
        MacModelProviders.class.getClassLoader())) {
      MacModel m = p.macModel();
      all.put(m.name(), m);
    }
    all.putAll(wired);
    return all;
  }
}
