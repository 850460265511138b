package io.nicsim.core.host;

import io.nicsim.core.config.BadInputException;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The MAC models a host can be built with, by name, each with where it came from (the jar or
 * directory of its class) so that two models claiming one name can be told apart.
 */
public final class MacModels {
  private final SortedMap<String, MacModel> byName = new TreeMap<>();
  private final Map<String, String> origin = new TreeMap<>();

  private MacModels() {}

  /** No MAC model. */
  public static MacModels empty() {
    return new MacModels();
  }

  /** Models contributed at compile time (a Dagger map); their origin is their class's. */
  public static MacModels of(Map<String, MacModel> models) {
    MacModels m = new MacModels();
    new TreeMap<>(models).forEach((name, model) -> m.add(name, model, origin(model.getClass())));
    return m;
  }

  /** This catalog and {@code other}'s models together; a name in both is refused. */
  public MacModels with(MacModels other) {
    MacModels m = new MacModels();
    byName.forEach((name, model) -> m.add(name, model, origin.get(name)));
    other.byName.forEach((name, model) -> m.add(name, model, other.origin.get(name)));
    return m;
  }

  /**
   * Adds a model; a second model of the same name is refused with one line naming both
   * origins (the user has two jars that each ship a MAC of that name). The same class twice
   * (a test host that pins a MAC the class path also has) is one model.
   */
  void add(String name, MacModel model, String from) {
    MacModel had = byName.get(name);
    if (had != null && (had.getClass() != model.getClass() || !origin.get(name).equals(from))) {
      throw new BadInputException("--mac: two MAC models are named '" + name + "': "
          + had.getClass().getName() + " from " + origin.get(name) + " and "
          + model.getClass().getName() + " from " + from
          + " (accepted: one MAC model per name; remove one of them from the class path)");
    }
    byName.put(name, model);
    origin.putIfAbsent(name, from);
  }

  /** The model called {@code name}; an unknown name is refused listing the installed ones. */
  public MacModel get(String name) {
    MacModel m = byName.get(name);
    if (m == null) {
      throw BadInputException.field("--mac", "unknown MAC model '" + name + "'",
          byName.isEmpty() ? "none installed" : String.join(", ", byName.keySet()));
    }
    return m;
  }

  /** Every model by name, sorted. */
  public SortedMap<String, MacModel> byName() {
    return Collections.unmodifiableSortedMap(byName);
  }

  /** The jar or class directory {@code name}'s model came from. */
  public String origin(String name) {
    return origin.get(name);
  }

  /** Where {@code c} was loaded from: its code source, or its class loader when it has none. */
  static String origin(Class<?> c) {
    CodeSource src = c.getProtectionDomain().getCodeSource();
    if (src == null || src.getLocation() == null) {
      return "the class loader " + c.getClassLoader();
    }
    try {
      return Path.of(src.getLocation().toURI()).toString();
    } catch (URISyntaxException | IllegalArgumentException
        | FileSystemNotFoundException e) {
      return src.getLocation().toString();
    }
  }
}
