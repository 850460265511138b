package io.nicsim.core.host;

import dagger.Provides;
import io.nicsim.core.config.BadInputException;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.WeakHashMap;

/**
 * The MAC models on the class path, found with {@link ServiceLoader} through
 * {@link MacModelProvider} (a jar lists its provider in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}). A host component that
 * includes {@link ClassPathModule} builds hosts with any of them; nothing lists drivers. The
 * launcher's {@link ServiceIndex} tells the scan which jars hold the file.
 */
public final class MacDiscovery {
  private static final Map<ClassLoader, MacModels> CACHE = new WeakHashMap<>();

  private MacDiscovery() {}

  /** The models visible to nicsim's class loader (the {@code nicsim} command's class path). */
  public static MacModels classPath() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return load(loader == null ? MacDiscovery.class.getClassLoader() : loader);
  }

  /**
   * The models {@code loader} can see. A broken provider (a missing class, a constructor that
   * throws) and two models of one name are refused with one line naming the jar.
   */
  public static MacModels load(ClassLoader loader) {
    synchronized (CACHE) {
      MacModels cached = CACHE.get(loader);
      if (cached != null) {
        return cached;
      }
    }
    MacModels found = MacModels.empty();
    try {
      for (ServiceLoader.Provider<MacModelProvider> p :
          (Iterable<ServiceLoader.Provider<MacModelProvider>>)
              ServiceLoader.load(MacModelProvider.class, ServiceIndex.view(loader))
                  .stream()::iterator) {
        MacModel m = p.get().macModel();
        if (m == null) {
          throw new BadInputException("MAC model provider " + p.type().getName() + " from "
              + MacModels.origin(p.type()) + " returned no model (accepted: a MacModel)");
        }
        found.add(m.name(), m, MacModels.origin(p.type()));
      }
    } catch (ServiceConfigurationError e) {
      throw new BadInputException("META-INF/services/" + MacModelProvider.class.getName() + ": "
          + firstLine(e.getMessage()) + " (accepted: a public class implementing "
          + MacModelProvider.class.getSimpleName() + " with a public no-argument constructor)");
    }
    synchronized (CACHE) {
      CACHE.put(loader, found);
    }
    return found;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** Binds the class path's MAC models into a host component (see {@link HostModule}). */
  @dagger.Module
  public abstract static class ClassPathModule {
    private ClassPathModule() {}

    @Provides
    static MacDiscovery.Found found() {
      return new Found(classPath());
    }
  }

  /** What discovery found, as a Dagger binding. */
  public record Found(MacModels models) {}
}
