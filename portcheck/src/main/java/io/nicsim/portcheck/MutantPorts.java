package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The harnesses of a world in which one seeded mutant of {@code port-mutants.json} replaces its
 * ported Java: a deliberately broken Java port that whole-run equivalence
 * ({@code --ports c}) must catch. A harness of a function that calls the mutated method (CUBIC's
 * cubictcp_cong_avoid around a mutated bictcp_update) runs the mutant inside it.
 */
public final class MutantPorts {
  private MutantPorts() {}

  /**
   * @param sourceRoot the repository (where the mutant's {@code file} is)
   * @param id the mutant's id in {@code sourceRoot/port-mutants.json}
   * @param labels the harnesses wanted, as {@code file function}
   */
  public static List<PortHarness> harnesses(Path sourceRoot, String id, Set<String> labels) {
    Mutant m = MutantFile.read(sourceRoot.resolve("port-mutants.json")).stream()
        .filter(x -> x.id().equals(id)).findFirst()
        .orElseThrow(() -> new PortCheckException("no mutant " + id + " in port-mutants.json"));
    String mutated;
    try {
      mutated = MutantSource.apply(Files.readString(sourceRoot.resolve(m.file())), m);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String classPath = ClasspathRoots.ofThisJvm().stream().map(Path::toString)
        .collect(Collectors.joining(File.pathSeparator));
    ClassLoader parent = Thread.currentThread().getContextClassLoader() != null
        ? Thread.currentThread().getContextClassLoader() : MutantPorts.class.getClassLoader();
    MutantClasses.Loader loader = new MutantClasses.Loader(
        MutantClasses.compile(MutationRun.unitName(m.file()), mutated, classPath), parent);
    return HarnessCatalog.load(loader).stream()
        .filter(h -> labels.contains(h.file() + " " + h.function())).toList();
  }
}
