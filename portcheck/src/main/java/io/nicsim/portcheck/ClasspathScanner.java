package io.nicsim.portcheck;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Finds, in class-path directories and jars, every class whose class file mentions the port
 * annotation, and loads those classes without initialising them.
 *
 * <p>A class that carries {@code @KernelPort} names the annotation's type in its constant pool,
 * so a byte search on the class file picks the few candidates without loading the thousands of
 * library classes around them.
 */
public final class ClasspathScanner {
  /** Matches both {@code Lio/nicsim/core/port/KernelPort;} and {@code .../KernelPorts;}. */
  private static final byte[] MARKER =
      "Lio/nicsim/core/port/KernelPort".getBytes(StandardCharsets.US_ASCII);

  private final List<Path> roots;
  private final ClassLoader loader;

  /**
   * @param roots directories and jars to scan
   * @param loader the loader that sees those roots (and {@code io.nicsim.core.port})
   */
  public ClasspathScanner(List<Path> roots, ClassLoader loader) {
    this.roots = List.copyOf(roots);
    this.loader = loader;
  }

  /** Scans this JVM's class path with the application class loader. */
  public static ClasspathScanner ofThisJvm() {
    return new ClasspathScanner(ClasspathRoots.ofThisJvm(), ClasspathScanner.class.getClassLoader());
  }

  /** Every ported function on the roots, sorted by file and function. */
  public List<PortedFunction> ports() {
    return ports(name -> true);
  }

  /** The ported functions of the classes whose names pass the filter (only theirs are loaded). */
  public List<PortedFunction> ports(Predicate<String> classNames) {
    List<Class<?>> classes = new ArrayList<>();
    for (String name : candidateClassNames()) {
      if (classNames.test(name)) {
        classes.add(load(name));
      }
    }
    return KernelPortReader.read(classes);
  }

  /** Names of classes whose class file mentions the annotation, first occurrence of each. */
  public Set<String> candidateClassNames() {
    Set<String> names = new LinkedHashSet<>();
    for (Path root : roots) {
      if (Files.isDirectory(root)) {
        scanDirectory(root, names);
      } else if (Files.isRegularFile(root)) {
        scanJar(root, names);
      }
    }
    return names;
  }

  private void scanDirectory(Path root, Set<String> names) {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : (Iterable<Path>) walk.filter(ClasspathScanner::isClassFile)::iterator) {
        if (mentionsMarker(Files.readAllBytes(file))) {
          names.add(className(root.relativize(file).toString().replace('\\', '/')));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw new PortCheckException("cannot scan class directory " + root + ": " + e.getMessage());
    }
  }

  private void scanJar(Path jar, Set<String> names) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        String name = entry.getName();
        if (entry.isDirectory() || !isClassEntry(name)) {
          continue;
        }
        try (InputStream in = zip.getInputStream(entry)) {
          if (mentionsMarker(in.readAllBytes())) {
            names.add(className(name));
          }
        }
      }
    } catch (ZipException e) {
      // Not a jar: the JVM ignores such class-path entries too.
    } catch (IOException e) {
      throw new PortCheckException("cannot scan jar " + jar + ": " + e.getMessage());
    }
  }

  private static boolean isClassFile(Path p) {
    return Files.isRegularFile(p) && isClassEntry(p.getFileName().toString());
  }

  /** Skips module and package descriptors and multi-release copies (the base copy is scanned). */
  private static boolean isClassEntry(String name) {
    return name.endsWith(".class")
        && !name.endsWith("module-info.class")
        && !name.endsWith("package-info.class")
        && !name.startsWith("META-INF/");
  }

  private static String className(String relativeClassFile) {
    return relativeClassFile.substring(0, relativeClassFile.length() - ".class".length())
        .replace('/', '.');
  }

  static boolean mentionsMarker(byte[] classFile) {
    byte first = MARKER[0];
    int last = classFile.length - MARKER.length;
    outer:
    for (int i = 0; i <= last; i++) {
      if (classFile[i] != first) {
        continue;
      }
      for (int j = 1; j < MARKER.length; j++) {
        if (classFile[i + j] != MARKER[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private Class<?> load(String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new PortCheckException(
          "cannot load " + name + " (it mentions @KernelPort): " + e.getClass().getSimpleName()
              + " " + e.getMessage());
    }
  }
}
