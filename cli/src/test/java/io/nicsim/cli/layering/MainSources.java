package io.nicsim.cli.layering;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The main and harness Java sources of every module (the source rules' input). */
final class MainSources {
  private MainSources() {}

  /** Every {@code .java} file under a module's {@code src/main/java} or {@code src/harness/java}. */
  static List<Path> javaFiles(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> modules = Files.newDirectoryStream(root)) {
      for (Path m : modules) {
        for (String set : List.of("src/main/java", "src/harness/java")) {
          Path sources = m.resolve(set);
          if (!Files.isDirectory(sources)) {
            continue;
          }
          try (Stream<Path> files = Files.walk(sources)) {
            out.addAll(files.filter(p -> p.toString().endsWith(".java")).sorted().toList());
          }
        }
      }
    }
    return out;
  }
}
