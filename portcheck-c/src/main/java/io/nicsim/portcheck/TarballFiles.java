package io.nicsim.portcheck;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.tukaani.xz.CorruptedInputException;
import org.tukaani.xz.XZFormatException;

/**
 * A kernel source tarball ({@code linux-source-6.12.tar.xz} as Debian's package installs it, a
 * kernel.org {@code linux-6.12.tar.gz}, or {@code .tar.bz2}), read in one streaming pass that
 * keeps only what port-check asks for: the named files, the {@code .c}/{@code .h} files under the
 * named directories, and the top-level Makefile. Nothing is unpacked to disk.
 *
 * <p>The archive's top directory ({@code linux-source-6.12/}) is found from where the kernel's
 * top-level Makefile sits; archives made inside the tree (no top directory) work too.
 */
final class TarballFiles implements TreeFiles {
  private static final List<String> SUFFIXES =
      List.of(".tar.xz", ".txz", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar");

  private final Path archive;
  private final Map<String, byte[]> files;
  private final Set<String> directories;

  private TarballFiles(Path archive, Map<String, byte[]> files, Set<String> directories) {
    this.archive = archive;
    this.files = files;
    this.directories = directories;
  }

  /** Whether the path names an archive this class reads (by its suffix). */
  static boolean isArchive(Path path) {
    String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
    return SUFFIXES.stream().anyMatch(name::endsWith);
  }

  static boolean isCSource(String path) {
    return path.endsWith(".c") || path.endsWith(".h");
  }

  /**
   * Streams the archive once.
   *
   * @param wantedFiles tree-relative files to keep
   * @param wantedDirs directories whose {@code .c}/{@code .h} files (recursively) to keep
   */
  static TarballFiles read(Path archive, Set<String> wantedFiles, Set<String> wantedDirs) {
    Set<String> want = new TreeSet<>(wantedFiles);
    want.add("Makefile");
    // Entries are kept under two keys until the top directory is known: as named, and with
    // their first component dropped.
    Map<String, byte[]> asNamed = new HashMap<>();
    Map<String, byte[]> stripped = new HashMap<>();
    Set<String> dirsAsNamed = new TreeSet<>();
    Set<String> dirsStripped = new TreeSet<>();
    if (!NativeXz.unpack(archive, tar -> scan(tar, want, wantedDirs, asNamed, stripped,
        dirsAsNamed, dirsStripped))) {
      // no xz command, or it failed: Java's decoder, whose errors say what is wrong
      asNamed.clear();
      stripped.clear();
      dirsAsNamed.clear();
      dirsStripped.clear();
      try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
          InputStream unpacked = decompress(archive, raw)) {
        scan(unpacked, want, wantedDirs, asNamed, stripped, dirsAsNamed, dirsStripped);
      } catch (IOException e) {
        throw new PortCheckException("cannot read " + archive + ": " + reason(archive, e));
      }
    }
    boolean topDirectory = !isKernelMakefile(asNamed.get("Makefile"))
        && isKernelMakefile(stripped.get("Makefile"));
    if (!topDirectory && !isKernelMakefile(asNamed.get("Makefile"))) {
      throw new PortCheckException(
          archive + " holds no kernel tree (no top-level Makefile with VERSION/PATCHLEVEL)");
    }
    return topDirectory
        ? new TarballFiles(archive, stripped, dirsStripped)
        : new TarballFiles(archive, asNamed, dirsAsNamed);
  }

  /** One pass over the tar stream {@code unpacked}, keeping what is wanted under both keys. */
  private static void scan(InputStream unpacked, Set<String> want, Set<String> wantedDirs,
      Map<String, byte[]> asNamed, Map<String, byte[]> stripped, Set<String> dirsAsNamed,
      Set<String> dirsStripped) throws IOException {
    TarArchiveInputStream tar = new TarArchiveInputStream(unpacked);
    TarArchiveEntry e;
    while ((e = tar.getNextEntry()) != null) {
      String name = e.getName();
      while (name.startsWith("./")) {
        name = name.substring(2);
      }
      int slash = name.indexOf('/');
      String rest = slash < 0 ? null : name.substring(slash + 1);
      if (e.isDirectory()) {
        dirsAsNamed.add(trimSlash(name));
        if (rest != null && !rest.isEmpty()) {
          dirsStripped.add(trimSlash(rest));
        }
        continue;
      }
      if (!e.isFile()) {
        continue;
      }
      boolean keepNamed = wanted(name, want, wantedDirs);
      boolean keepStripped = rest != null && wanted(rest, want, wantedDirs);
      if (!keepNamed && !keepStripped) {
        continue;
      }
      byte[] bytes = tar.readAllBytes();
      if (keepNamed) {
        asNamed.put(name, bytes);
      }
      if (keepStripped) {
        stripped.put(rest, bytes);
      }
    }
  }

  /**
   * Why an archive could not be read, in words: a decompressor or tar reader that hits the end
   * of a cut-short file says so with an exception and no message.
   */
  static String reason(Path archive, IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof EOFException
        || e instanceof CorruptedInputException
        || e instanceof XZFormatException
        || endsEarly(e.getMessage())) {
      String kind = e instanceof XZFormatException ? "it is not xz data"
          : e instanceof CorruptedInputException ? "its compressed data is corrupt"
          : "it ends early";
      return kind + " (a truncated or damaged download?"
          + " accepted: a complete .tar.xz, .tar.gz, .tar.bz2 or .tar kernel source archive)";
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return "not a readable " + suffix(archive) + " archive (accepted: a complete .tar.xz,"
          + " .tar.gz, .tar.bz2 or .tar kernel source archive)";
    }
    return m.strip().replaceAll("\\s*\\R\\s*", " ") + " (accepted: a complete .tar.xz,"
        + " .tar.gz, .tar.bz2 or .tar kernel source archive)";
  }

  /** A reader's words for a stream that stopped before its end. */
  private static boolean endsEarly(String message) {
    String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
    return m.contains("trunc") || m.contains("end of stream") || m.contains("unexpected end")
        || m.contains("premature end") || m.contains("eof");
  }

  private static String suffix(Path archive) {
    String name = archive.getFileName().toString().toLowerCase(Locale.ROOT);
    return SUFFIXES.stream().filter(name::endsWith).findFirst().orElse(".tar");
  }

  private static boolean wanted(String path, Set<String> files, Set<String> dirs) {
    if (files.contains(path)) {
      return true;
    }
    if (!isCSource(path)) {
      return false;
    }
    for (String dir = parent(path); !dir.isEmpty(); dir = parent(dir)) {
      if (dirs.contains(dir)) {
        return true;
      }
    }
    return false;
  }

  private static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "" : path.substring(0, slash);
  }

  private static String trimSlash(String dir) {
    return dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
  }

  private static boolean isKernelMakefile(byte[] makefile) {
    if (makefile == null) {
      return false;
    }
    String head = new String(makefile, 0, Math.min(makefile.length, 2048),
        StandardCharsets.ISO_8859_1);
    return head.contains("VERSION =") && head.contains("PATCHLEVEL =");
  }

  private static InputStream decompress(Path archive, InputStream in) throws IOException {
    String name = archive.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".tar.xz") || name.endsWith(".txz")) {
      return new XZCompressorInputStream(in);
    }
    if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) {
      return new GzipCompressorInputStream(in);
    }
    if (name.endsWith(".tar.bz2") || name.endsWith(".tbz2")) {
      return new BZip2CompressorInputStream(in);
    }
    return in;
  }

  @Override
  public Optional<byte[]> read(String path) {
    return Optional.ofNullable(files.get(path));
  }

  @Override
  public boolean isDirectory(String dir) {
    if (directories.contains(dir)) {
      return true;
    }
    // archives may omit directory entries: a kept file under it is proof enough
    String prefix = dir + "/";
    return files.keySet().stream().anyMatch(p -> p.startsWith(prefix));
  }

  @Override
  public List<String> cSourcesUnder(String dir) {
    String prefix = dir + "/";
    List<String> out = new ArrayList<>();
    for (String p : files.keySet()) {
      if (p.startsWith(prefix) && isCSource(p)) {
        out.add(p);
      }
    }
    out.sort(null);
    return out;
  }

  @Override
  public String describe() {
    return archive.toAbsolutePath().normalize().toString();
  }
}
