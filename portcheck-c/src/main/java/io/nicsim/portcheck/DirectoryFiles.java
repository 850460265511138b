package io.nicsim.portcheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A kernel checkout on disk. */
final class DirectoryFiles implements TreeFiles {
  private final Path root;

  DirectoryFiles(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  @Override
  public Optional<byte[]> read(String path) {
    Path file = root.resolve(path);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new PortCheckException("cannot read " + file + ": " + e.getMessage());
    }
  }

  @Override
  public boolean isDirectory(String dir) {
    return Files.isDirectory(root.resolve(dir));
  }

  @Override
  public List<String> cSourcesUnder(String dir) {
    Path base = root.resolve(dir);
    if (!Files.isDirectory(base)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(base)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .filter(TarballFiles::isCSource)
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new PortCheckException("cannot list " + base + ": " + e.getMessage());
    }
  }

  @Override
  public String describe() {
    return root.toString();
  }
}
