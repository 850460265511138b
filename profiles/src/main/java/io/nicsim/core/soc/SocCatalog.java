package io.nicsim.core.soc;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;

/**
 * The SoC profiles on the classpath. Each module that ships profiles lists them, one name per
 * line, in {@code nicsim/socs/index.txt}; base profiles meant only for {@code inherits} start
 * with an underscore-free name but are marked {@code abstract} after the name.
 */
public final class SocCatalog {
  private SocCatalog() {}

  /** Concrete profile names, sorted. */
  public static List<String> names() {
    TreeSet<String> names = new TreeSet<>();
    try {
      Enumeration<URL> lists =
          SocCatalog.class.getClassLoader().getResources("nicsim/socs/index.txt");
      while (lists.hasMoreElements()) {
        try (InputStream in = lists.nextElement().openStream()) {
          for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .split("\n")) {
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("#") || t.endsWith(" abstract")) {
              continue;
            }
            names.add(t);
          }
        }
      }
    } catch (IOException e) {
      return List.of();
    }
    return new ArrayList<>(names);
  }
}
