package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * One C function that Java code ports: where it lives in the kernel tree and which Java members
 * carry its {@code @KernelPort}. Several members may port the same function; they share one lock
 * entry.
 *
 * @param file the annotation's {@code file}, relative to the tree root
 * @param function the annotation's {@code function}
 * @param ports the Java members, as {@code pkg.Class#method(ParamType, ...)}, sorted
 * @param versions the annotations' {@code versions}, sorted, duplicates removed
 * @param sources the annotations' {@code source} trees, sorted, duplicates and blanks removed
 */
public record PortedFunction(String file, String function, List<String> ports, List<String> versions,
    List<String> sources)
    implements Comparable<PortedFunction> {

  static final Comparator<PortedFunction> ORDER =
      Comparator.comparing(PortedFunction::file).thenComparing(PortedFunction::function);

  public PortedFunction {
    ports = List.copyOf(ports);
    versions = List.copyOf(versions);
    sources = List.copyOf(sources);
  }

  public PortedFunction(String file, String function, List<String> ports, List<String> versions) {
    this(file, function, ports, versions, List.of());
  }

  /** One annotation on one member. */
  public record Annotation(String file, String function, String versions, String member,
      String source) {
    public Annotation(String file, String function, String versions, String member) {
      this(file, function, versions, member, "");
    }
  }

  /** Groups annotations by C function; the result is sorted by file, then function. */
  public static List<PortedFunction> group(List<Annotation> annotations) {
    Map<String, List<Annotation>> byKey = new TreeMap<>();
    for (Annotation a : annotations) {
      byKey.computeIfAbsent(a.file() + "\0" + a.function(), k -> new ArrayList<>()).add(a);
    }
    List<PortedFunction> functions = new ArrayList<>();
    for (List<Annotation> group : byKey.values()) {
      TreeSet<String> members = new TreeSet<>();
      TreeSet<String> versions = new TreeSet<>();
      TreeSet<String> sources = new TreeSet<>();
      for (Annotation a : group) {
        members.add(a.member());
        versions.add(a.versions());
        if (!a.source().isBlank()) {
          sources.add(a.source());
        }
      }
      Annotation first = group.get(0);
      functions.add(
          new PortedFunction(first.file(), first.function(), new ArrayList<>(members),
              new ArrayList<>(versions), new ArrayList<>(sources)));
    }
    functions.sort(ORDER);
    return functions;
  }

  /**
   * Whether a class belongs to a selection: in one of the packages (or a subpackage), or one of
   * the classes (or nested in it).
   */
  public static Predicate<String> selection(List<String> packages, List<String> classes) {
    return owner -> packages.stream().anyMatch(p -> owner.startsWith(p.endsWith(".") ? p : p + "."))
        || classes.stream().anyMatch(c -> owner.equals(c) || owner.startsWith(c + "$"));
  }

  /**
   * The ported functions with at least one member in the selected classes, keeping only those
   * members. The versions stay those of all members: to drop other classes' versions too,
   * select the classes before reading the annotations ({@link ClasspathScanner#ports(Predicate)}).
   */
  public static List<PortedFunction> select(List<PortedFunction> all, Predicate<String> owners) {
    List<PortedFunction> out = new ArrayList<>();
    for (PortedFunction f : all) {
      List<String> members = new ArrayList<>();
      for (String m : f.ports()) {
        if (owners.test(m.substring(0, m.indexOf('#')))) {
          members.add(m);
        }
      }
      if (!members.isEmpty()) {
        out.add(new PortedFunction(f.file(), f.function(), members, f.versions(), f.sources()));
      }
    }
    return out;
  }

  /** {@link #select(List, Predicate)} by packages and classes. */
  public static List<PortedFunction> select(
      List<PortedFunction> all, List<String> packages, List<String> classes) {
    return select(all, selection(packages, classes));
  }

  /** {@code file function}, for messages. */
  public String label() {
    return file + " " + function;
  }

  /** The directory of {@link #file()}, or {@code ""} for a file at the tree root. */
  public String directory() {
    int slash = file.lastIndexOf('/');
    return slash < 0 ? "" : file.substring(0, slash);
  }

  @Override
  public int compareTo(PortedFunction o) {
    return ORDER.compare(this, o);
  }
}
