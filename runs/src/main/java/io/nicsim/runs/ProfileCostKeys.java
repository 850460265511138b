package io.nicsim.runs;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.ServiceIndex;
import io.nicsim.core.soc.SocProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Set;
import java.util.SortedSet;
import java.util.WeakHashMap;

/**
 * A SoC profile's cost keys against the operations code charges: a key no component charges
 * (a typo such as {@code stmmac_frobnicate}) would otherwise be read and silently never used,
 * leaving the real operation at its inherited cost.
 *
 * <p>An operation is declared when the class holding its {@link CostOp} is initialised. The
 * classes that declare nicsim's own operations are listed, one per line, in each module's
 * {@code META-INF/nicsim/cost-ops}, and initialised here so that operations of a path this run
 * does not take (TCP costs in a UDP run, net_dim without adaptive coalescing) are known too; a
 * library MAC's own operations are declared by building its driver, which the host has done
 * before this check. The command's runs check (they have every module on the class path); a
 * driver module's own tests, without TCP, build hosts from the same profiles unchecked.
 */
public final class ProfileCostKeys {
  static final String LIST = "META-INF/nicsim/cost-ops";

  private ProfileCostKeys() {}

  /**
   * Refuses the first cost key of {@code host}'s profile that no code charges, naming the
   * accepted ones; the profile is named as the user named it (a file by its path).
   */
  public static void refuseUndeclared(Host host) {
    String soc = host.config().soc();
    refuseUndeclared(host.soc(), soc != null && soc.startsWith(SocProfile.FILE_PREFIX)
        ? soc.substring(SocProfile.FILE_PREFIX.length()) : host.soc().name());
  }

  static void refuseUndeclared(SocProfile soc, String label) {
    SortedSet<String> accepted = null;
    for (String key : soc.costs().keySet()) {
      if (accepted == null) {
        accepted = accepted(ProfileCostKeys.class.getClassLoader());
      }
      if (!accepted.contains(key)) {
        throw new BadInputException("soc profile " + label + ": costs." + key
            + " is not an operation nicsim charges (accepted: " + String.join(", ", accepted)
            + ")");
      }
    }
  }

  /** Every operation declared once the listed classes are initialised. */
  static SortedSet<String> accepted(ClassLoader cl) {
    synchronized (LOADED) {
      if (LOADED.add(cl)) {
        initialiseListed(cl);
      }
    }
    return CostOp.declared();
  }

  /** Class loaders whose lists were read (a sweep checks every point: read them once). */
  private static final Set<ClassLoader> LOADED =
      Collections.newSetFromMap(new WeakHashMap<>());

  private static void initialiseListed(ClassLoader cl) {
    try {
      Enumeration<URL> lists = ServiceIndex.view(cl).getResources(LIST); // see ServiceIndex
      while (lists.hasMoreElements()) {
        URL u = lists.nextElement();
        try (BufferedReader r = new BufferedReader(
            new InputStreamReader(u.openStream(), StandardCharsets.UTF_8))) {
          for (String line; (line = r.readLine()) != null; ) {
            String cls = line.strip();
            if (cls.isEmpty() || cls.startsWith("#")) {
              continue;
            }
            Class.forName(cls, true, cl);
          }
        }
      }
    } catch (IOException | ClassNotFoundException e) {
      // a broken build, not bad input: the listed classes ship in the same jar as the list
      throw new IllegalStateException("cannot read " + LIST + ": " + e, e);
    }
  }
}
