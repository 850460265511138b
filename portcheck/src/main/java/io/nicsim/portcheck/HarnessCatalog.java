package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The harnesses on a class path: every {@link PortHarnessProvider} listed in
 * {@code META-INF/services/io.nicsim.core.port.exec.PortHarnessProvider}, as
 * {@link java.util.ServiceLoader} finds them.
 */
public final class HarnessCatalog {
  private HarnessCatalog() {}

  /** The harnesses this JVM's class path provides. */
  public static List<PortHarness> ofThisJvm() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return load(loader == null ? HarnessCatalog.class.getClassLoader() : loader);
  }

  public static List<PortHarness> load(ClassLoader loader) {
    List<PortHarness> out = new ArrayList<>();
    try {
      for (PortHarnessProvider p : ServiceLoader.load(PortHarnessProvider.class, loader)) {
        out.addAll(p.harnesses());
      }
    } catch (ServiceConfigurationError e) {
      throw new PortCheckException("META-INF/services/" + PortHarnessProvider.class.getName()
          + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse("unreadable")
          + " (accepted: a public class implementing PortHarnessProvider with a public"
          + " no-argument constructor)");
    } catch (LinkageError e) {
      throw new PortCheckException("a harness provider failed to load: " + e);
    }
    return out;
  }
}
