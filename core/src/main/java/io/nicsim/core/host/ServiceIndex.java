package io.nicsim.core.host;

import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Which class-path entries hold each of nicsim's service files
 * ({@code META-INF/services/io.nicsim.*}) and lists ({@code META-INF/nicsim/*}), so that a
 * {@link java.util.ServiceLoader} scan of the class path need not open every jar on it. A scan asks the class loader for every copy of the
 * file, and the application class loader answers by opening each of the ~60 jars of the
 * {@code nicsim} command's class path (reading their central directories, 11,477 entries) to
 * find the five that hold a MAC model provider: about 30 ms of CPU in a fresh command whose
 * classes all come from the AppCDS archive and would otherwise open no jar at all.
 *
 * <p>The launcher's class-data training run writes the index ({@link #write}) beside the archive,
 * from the same class path, and the launcher passes it as {@code -Dnicsim.services=FILE} with the
 * archive. The index names the class path it was made from: a JVM on any other class path
 * (extra jars in {@code NICSIM_CLASSPATH}, a test) ignores it, as it ignores a missing or
 * unreadable file, and scans as before. Only nicsim's own service files are answered from it;
 * any other resource is looked up by the class path as usual.
 */
public final class ServiceIndex {
  /** The system property naming the index file. */
  public static final String PROPERTY = "nicsim.services";

  private static final String PREFIX = "META-INF/services/io.nicsim.";
  /** nicsim's other class-path lists ({@code META-INF/nicsim/cost-ops}), answered the same way. */
  private static final String LISTS = "META-INF/nicsim/";
  private static final String CLASS_PATH = "class-path ";

  private static volatile ClassLoader view;

  private ServiceIndex() {}

  /**
   * {@code loader}, or, when it is the system class loader and the index of its class path is
   * given, a loader that answers nicsim's service files from the index and delegates everything
   * else (every class, every other resource) to it.
   */
  public static ClassLoader view(ClassLoader loader) {
    if (loader != ClassLoader.getSystemClassLoader()) {
      return loader;
    }
    ClassLoader v = view;
    if (v == null) {
      v = load(loader, System.getProperty(PROPERTY), System.getProperty("java.class.path"));
      view = v;
    }
    return v;
  }

  /** The view of {@code loader} from the index in {@code file}; {@code loader} if it does not apply. */
  static ClassLoader load(ClassLoader loader, String file, String classPath) {
    if (file == null || file.isEmpty()) {
      return loader;
    }
    Map<String, List<URL>> services = new LinkedHashMap<>();
    try {
      List<String> lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
      if (lines.isEmpty() || !lines.get(0).equals(CLASS_PATH + classPath)) {
        return loader; // made for another class path
      }
      for (String l : lines.subList(1, lines.size())) {
        int sp = l.indexOf(' ');
        String name = l.substring(0, sp);
        List<URL> urls = services.get(name);
        if (urls == null) {
          urls = new ArrayList<>();
          services.put(name, urls); // no lambda: one class fewer outside the archive
        }
        urls.add(new URL(l.substring(sp + 1)));
      }
    } catch (IOException | RuntimeException e) {
      return loader; // no usable index: scan the class path
    }
    return new Indexed(loader, services);
  }

  /**
   * Writes the index of {@code classPath} (entries separated by the path separator, jars and
   * directories) to {@code out}: its nicsim service files, in class-path order.
   */
  public static void write(Path out, String classPath) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      w.write(CLASS_PATH + classPath);
      w.newLine();
      for (String entry : classPath.split(File.pathSeparator)) {
        File f = new File(entry);
        for (String line : entryServices(f)) {
          w.write(line);
          w.newLine();
        }
      }
    }
  }

  private static List<String> entryServices(File f) throws IOException {
    List<String> out = new ArrayList<>();
    if (f.isDirectory()) {
      List<String> names = new ArrayList<>();
      for (String dir : List.of("META-INF/services/", LISTS)) {
        File[] files = new File(f, dir).listFiles();
        for (File s : files == null ? new File[0] : files) {
          if (s.isFile() && indexed(dir + s.getName())) {
            names.add(dir + s.getName());
          }
        }
      }
      Collections.sort(names);
      for (String name : names) {
        out.add(name + " " + new File(f, name).toURI().toURL());
      }
    } else if (f.isFile()) {
      try (JarFile jar = new JarFile(f, false)) {
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
          JarEntry je = e.nextElement();
          if (!je.isDirectory() && indexed(je.getName())) {
            out.add(je.getName() + " jar:" + f.toURI().toURL() + "!/" + je.getName());
          }
        }
      }
    }
    return out;
  }

  /** Whether the index answers for the resource {@code name}. */
  private static boolean indexed(String name) {
    return name.startsWith(PREFIX)
        || (name.startsWith(LISTS) && name.indexOf('/', LISTS.length()) < 0);
  }

  /** The system class loader with nicsim's service files answered from the index. */
  private static final class Indexed extends ClassLoader {
    static {
      registerAsParallelCapable();
    }

    private final Map<String, List<URL>> services;

    Indexed(ClassLoader parent, Map<String, List<URL>> services) {
      super("nicsim-services", parent);
      this.services = services;
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
      if (indexed(name)) {
        return Collections.enumeration(services.getOrDefault(name, List.of()));
      }
      return super.getResources(name);
    }

    @Override
    public URL getResource(String name) {
      if (indexed(name)) {
        List<URL> urls = services.get(name);
        return urls == null ? null : urls.get(0);
      }
      return super.getResource(name);
    }
  }
}
