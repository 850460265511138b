package io.nicsim.portcheck;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kernel source tree: a checkout on disk or a source tarball ({@link TarballFiles}). Every
 * file is read and tokenised at most once, and every directory listed at most once, however many
 * ports look into it.
 */
public final class KernelTree {
  private static final Pattern MAKEFILE_FIELD =
      Pattern.compile("^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION)\\s*=[ \\t]*(\\S*)", Pattern.MULTILINE);

  private final Path root;
  private final TreeFiles files;
  private final Map<String, Optional<CSource>> sources = new HashMap<>();
  private final Map<String, Optional<String>> latin1 = new HashMap<>();
  private final Map<String, List<String>> cSourcesUnder = new HashMap<>();

  /** A checkout on disk. */
  public KernelTree(Path root) {
    this(root, new DirectoryFiles(root));
  }

  private KernelTree(Path root, TreeFiles files) {
    this.root = root.toAbsolutePath().normalize();
    this.files = files;
  }

  /**
   * The tree at {@code path}: a directory, or a tarball read once for what {@code ports} need
   * (their files, and the C sources under their files' directories for functions that moved).
   */
  public static KernelTree open(Path path, List<PortedFunction> ports) {
    return open(path, ports, List.of());
  }

  /**
   * As {@link #open(Path, List)}, a tarball's pass also keeping {@code moreFiles} (the sources
   * of {@code --execute}'s harnesses).
   */
  public static KernelTree open(Path path, List<PortedFunction> ports, List<String> moreFiles) {
    if (Files.isDirectory(path) || !TarballFiles.isArchive(path)) {
      return new KernelTree(path);
    }
    Set<String> wantedFiles = new HashSet<>(moreFiles);
    Set<String> wantedDirs = new HashSet<>();
    for (PortedFunction p : ports) {
      if (PortLocator.isTreeRelative(p.file())) {
        wantedFiles.add(p.file());
        if (!p.directory().isEmpty()) {
          wantedDirs.add(p.directory());
        }
      }
    }
    return new KernelTree(path, TarballFiles.read(path, wantedFiles, wantedDirs));
  }

  /**
   * This tree with the files in {@code replaced} given those bytes (null: deleted), in memory:
   * the scratch view a patch is applied to. {@code what} says so in reports.
   */
  KernelTree withFiles(Map<String, byte[]> replaced, String what) {
    return new KernelTree(root, new OverlayFiles(files, replaced, what));
  }

  /** Whether the path names a source tarball port-check reads directly. */
  public static boolean isArchive(Path path) {
    return TarballFiles.isArchive(path);
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
    return files.isDirectory(path);
  }

  /** Every {@code .c} and {@code .h} file under {@code dir}, as tree-relative paths, sorted. */
  public List<String> cSourcesUnder(String dir) {
    return cSourcesUnder.computeIfAbsent(dir, files::cSourcesUnder);
  }

  /**
   * The version in the top-level Makefile, as {@code 6.18.0} or {@code 6.17.0-rc3}; empty when
   * the tree has no readable Makefile.
   */
  public Optional<String> kernelVersion() {
    Optional<byte[]> makefile = files.read("Makefile");
    if (makefile.isEmpty()) {
      return Optional.empty();
    }
    String head = String.join("\n", new String(makefile.get(), StandardCharsets.ISO_8859_1)
        .lines().limit(20).toList());
    Map<String, String> fields = new HashMap<>();
    Matcher m = MAKEFILE_FIELD.matcher(head);
    while (m.find()) {
      fields.putIfAbsent(m.group(1), m.group(2));
    }
    if (!fields.containsKey("VERSION") || !fields.containsKey("PATCHLEVEL")) {
      return Optional.empty();
    }
    for (String f : List.of("VERSION", "PATCHLEVEL", "SUBLEVEL")) {
      String v = fields.get(f);
      if (v != null && !v.matches("[0-9]{1,4}")) {
        // the release is read from these numbers: a tree that states none has no release
        throw PortCheckException.field("--kernel-tree", "its Makefile says " + f + " = " + v,
            "a kernel tree whose Makefile gives VERSION, PATCHLEVEL and SUBLEVEL as numbers");
      }
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
    return files.read(path);
  }
}
