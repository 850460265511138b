package io.nicsim.tcp;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.host.ServiceIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.SortedMap;
import java.util.TreeMap;

/** The congestion controls on the class path, by name (the kernel's tcp_cong_list). */
public final class CongestionControls {
  private static final SortedMap<String, CongestionControlProvider> BY_NAME = load();

  private CongestionControls() {}

  private static SortedMap<String, CongestionControlProvider> load() {
    SortedMap<String, CongestionControlProvider> m = new TreeMap<>();
    for (CongestionControlProvider p : ServiceLoader.load(CongestionControlProvider.class,
        ServiceIndex.view(CongestionControls.class.getClassLoader()))) { // see ServiceIndex
      CongestionControlProvider had = m.putIfAbsent(p.name(), p);
      if (had != null && had.getClass() != p.getClass()) {
        // tcp_register_congestion_control refuses a second module of one name (-EEXIST)
        throw new BadInputException("congestion control '" + p.name() + "' is registered by "
            + had.getClass().getName() + " and " + p.getClass().getName()
            + " (accepted: one provider per name)");
      }
    }
    return m;
  }

  /** The names, sorted. */
  public static List<String> names() {
    return new ArrayList<>(BY_NAME.keySet());
  }

  /** Whether an algorithm of that name is on the class path. */
  public static boolean exists(String name) {
    return BY_NAME.containsKey(name);
  }

  /** Refuses an unknown name, naming {@code field} and the algorithms there are. */
  public static void require(String field, String name) {
    if (!BY_NAME.containsKey(name)) {
      throw BadInputException.field(field, "'" + name + "' is not modelled",
          String.join(" or ", BY_NAME.keySet()));
    }
  }

  /** A new instance of {@code name} (refused as {@link #require} does when unknown). */
  public static CongestionOps create(String field, String name) {
    require(field, name);
    return BY_NAME.get(name).create();
  }
}
