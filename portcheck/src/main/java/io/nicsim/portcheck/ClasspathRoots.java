package io.nicsim.portcheck;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The directories and jars of a class path, with the jars that a jar's manifest
 * {@code Class-Path} names (launchers and test runners often hand the JVM a single jar whose
 * manifest lists the real class path).
 */
public final class ClasspathRoots {
  private ClasspathRoots() {}

  /** The roots of this JVM's class path ({@code java.class.path}). */
  public static List<Path> ofThisJvm() {
    return of(System.getProperty("java.class.path", ""));
  }

  /** The roots of a class path string, in class-path order, existing entries only. */
  public static List<Path> of(String classPath) {
    Set<Path> roots = new LinkedHashSet<>();
    List<Path> pending = new ArrayList<>();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        pending.add(Path.of(entry).toAbsolutePath().normalize());
      }
    }
    while (!pending.isEmpty()) {
      Path root = pending.remove(0);
      if (!Files.exists(root) || !roots.add(root)) {
        continue;
      }
      if (Files.isRegularFile(root)) {
        pending.addAll(0, manifestClassPath(root));
      }
    }
    return new ArrayList<>(roots);
  }

  private static List<Path> manifestClassPath(Path jar) {
    List<Path> entries = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      String classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
      if (classPath == null) {
        return entries;
      }
      URI base = jar.getParent().toUri();
      for (String item : classPath.trim().split("\\s+")) {
        if (!item.isEmpty()) {
          entries.add(Path.of(base.resolve(item)).toAbsolutePath().normalize());
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      // Not a jar (a stray file on the class path) or a manifest entry we cannot resolve:
      // the JVM ignores those too.
    }
    return entries;
  }
}
