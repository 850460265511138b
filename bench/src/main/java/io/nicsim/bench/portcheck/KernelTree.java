package io.nicsim.bench.portcheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A kernel source tree on disk. Every file is read and tokenised at most once, and every
 * directory listed at most once, however many ports look into it.
 */
public final class KernelTree {
  private static final Pattern MAKEFILE_FIELD =
      Pattern.compile("^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION)\\s*=[ \\t]*(\\S*)", Pattern.MULTILINE);

  private final Path root;
  private final Map<String, Optional<CSource>> sources = new HashMap<>();
  private final Map<String, Optional<String>> latin1 = new HashMap<>();
  private final Map<String, List<String>> cSourcesUnder = new HashMap<>();

  public KernelTree(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  public Path root() {
    return root;
  }

  /** The file at {@code path} (relative, {@code /}-separated), or empty if it is not there. */
  public Optional<CSource> source(String path) {
    return sources.computeIfAbsent(path, this::read);
  }

  /**
   * Whether the file's bytes contain {@code name} (an ASCII identifier), read without decoding:
   * a directory search tests many files of which few mention the name.
   */
  public boolean fileMentions(String path, String name) {
    Optional<CSource> parsed = sources.get(path);
    if (parsed != null) {
      return parsed.map(s -> s.mentions(name)).orElse(false);
    }
    return latin1.computeIfAbsent(path, this::readLatin1).map(t -> t.contains(name)).orElse(false);
  }

  public boolean isDirectory(String path) {
    return Files.isDirectory(root.resolve(path));
  }

  /** Every {@code .c} and {@code .h} file under {@code dir}, as tree-relative paths, sorted. */
  public List<String> cSourcesUnder(String dir) {
    return cSourcesUnder.computeIfAbsent(dir, this::list);
  }

  /**
   * The version in the top-level Makefile, as {@code 6.18.0} or {@code 6.17.0-rc3}; empty when
   * the tree has no readable Makefile.
   */
  public Optional<String> kernelVersion() {
    Path makefile = root.resolve("Makefile");
    if (!Files.isRegularFile(makefile)) {
      return Optional.empty();
    }
    String head;
    try (Stream<String> lines = Files.lines(makefile, StandardCharsets.ISO_8859_1)) {
      head = String.join("\n", lines.limit(20).toList());
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
    Map<String, String> fields = new HashMap<>();
    Matcher m = MAKEFILE_FIELD.matcher(head);
    while (m.find()) {
      fields.putIfAbsent(m.group(1), m.group(2));
    }
    if (!fields.containsKey("VERSION") || !fields.containsKey("PATCHLEVEL")) {
      return Optional.empty();
    }
    return Optional.of(
        fields.get("VERSION")
            + "."
            + fields.get("PATCHLEVEL")
            + "."
            + fields.getOrDefault("SUBLEVEL", "0")
            + fields.getOrDefault("EXTRAVERSION", ""));
  }

  private Optional<CSource> read(String path) {
    // Malformed UTF-8 (rare, in comments) is replaced rather than refused.
    Optional<String> raw = latin1.remove(path);
    if (raw != null) {
      return raw.map(t -> new CSource(path, new String(t.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8)));
    }
    return readBytes(path).map(b -> new CSource(path, new String(b, StandardCharsets.UTF_8)));
  }

  /** Bytes as chars one to one: a plain copy, no decoding. */
  private Optional<String> readLatin1(String path) {
    return readBytes(path).map(b -> new String(b, StandardCharsets.ISO_8859_1));
  }

  private Optional<byte[]> readBytes(String path) {
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

  private List<String> list(String dir) {
    Path base = root.resolve(dir);
    if (!Files.isDirectory(base)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(base)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .filter(p -> p.endsWith(".c") || p.endsWith(".h"))
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new PortCheckException("cannot list " + base + ": " + e.getMessage());
    }
  }
}
