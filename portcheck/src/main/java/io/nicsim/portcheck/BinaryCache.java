package io.nicsim.portcheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Compiled harness programs kept between runs, keyed by the SHA-256 of the compiler's version,
 * its flags and the program's text: a tree, harness and header that did not change are not
 * compiled again. A program the compiler refused is kept too (its first error), so a probe the
 * compiler refuses costs one compile, once. The directory is outside the repository
 * ({@code $NICSIM_PORTEXEC_CACHE}, else {@code $XDG_CACHE_HOME/nicsim/portexec}, else
 * {@code ~/.cache/nicsim/portexec}; {@code NICSIM_PORTEXEC_CACHE=off} turns it off). Entries are
 * written to a temporary name and renamed into place, so concurrent runs never see half a
 * binary; entries unused for 30 days are removed.
 */
final class BinaryCache {
  private static final Duration UNUSED = Duration.ofDays(30);
  private static volatile boolean pruned;

  private final Path dir;

  private BinaryCache(Path dir) {
    this.dir = dir;
  }

  /** No caching: every program is compiled in the run's own directory. */
  static final BinaryCache NONE = new BinaryCache(null);

  /** The cache in {@code dir} (created on first use), or none when it cannot be created. */
  static BinaryCache at(Optional<Path> dir) {
    if (dir.isEmpty()) {
      return NONE;
    }
    try {
      Files.createDirectories(dir.get());
      if (!Files.isWritable(dir.get())) {
        return NONE;
      }
    } catch (IOException e) {
      return NONE;
    }
    BinaryCache c = new BinaryCache(dir.get());
    c.prune();
    return c;
  }

  /** The default directory, or empty when the environment turns caching off. */
  static Optional<Path> defaultDir() {
    String env = System.getenv("NICSIM_PORTEXEC_CACHE");
    if (env != null && !env.isBlank()) {
      return env.equals("off") ? Optional.empty() : Optional.of(Path.of(env));
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".cache");
    return Optional.of(base.resolve("nicsim").resolve("portexec"));
  }

  boolean enabled() {
    return dir != null;
  }

  /** A compiled program: the binary, whether it came from the cache, or the compiler's error. */
  record Result(Gcc.Compiled compiled, boolean cached) {}

  /**
   * The binary of {@code program}: from the cache, or compiled in {@code workDir} (as
   * {@code name}) and then kept.
   */
  Result compile(Path workDir, String name, String program, String compiler) {
    if (dir == null) {
      return new Result(Gcc.compile(workDir, name, program), false);
    }
    String key = key(compiler, program);
    Path shard = dir.resolve(key.substring(0, 2));
    Path binary = shard.resolve(key);
    Path failure = shard.resolve(key + ".error");
    if (Files.isRegularFile(binary) && Files.isExecutable(binary)) {
      touch(binary);
      return new Result(new Gcc.Compiled(binary, ""), true);
    }
    if (Files.isRegularFile(failure)) {
      try {
        touch(failure);
        return new Result(new Gcc.Compiled(null, Files.readString(failure,
            StandardCharsets.UTF_8)), true);
      } catch (IOException e) {
        // compile again
      }
    }
    Gcc.Compiled c = Gcc.compile(workDir, name, program);
    try {
      Files.createDirectories(shard);
      if (c.ok()) {
        Path tmp = shard.resolve(key + ".tmp" + ThreadLocalRandom.current().nextLong());
        Files.copy(c.binary(), tmp, StandardCopyOption.REPLACE_EXISTING);
        move(tmp, binary);
      } else if (!c.error().startsWith("cannot run") && !c.error().contains("longer than")) {
        Path tmp = shard.resolve(key + ".tmp" + ThreadLocalRandom.current().nextLong());
        Files.writeString(tmp, c.error(), StandardCharsets.UTF_8);
        move(tmp, failure);
      }
    } catch (IOException e) {
      // a cache that cannot be written to is no cache
    }
    return new Result(c, false);
  }

  private static void move(Path tmp, Path to) throws IOException {
    try {
      Files.move(tmp, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void touch(Path p) {
    try {
      Files.setLastModifiedTime(p, FileTime.from(Instant.now()));
    } catch (IOException e) {
      // another run may be replacing it: its time is then new anyway
    }
  }

  static String key(String compiler, String program) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update(compiler.getBytes(StandardCharsets.UTF_8));
      d.update((byte) 0);
      d.update(String.join(" ", Gcc.FLAGS).getBytes(StandardCharsets.UTF_8));
      d.update((byte) 0);
      d.update(program.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** Entries unused for {@link #UNUSED}, once per JVM. */
  private void prune() {
    if (pruned) {
      return;
    }
    pruned = true;
    Instant cutoff = Instant.now().minus(UNUSED);
    try (Stream<Path> walk = Files.walk(dir, 2)) {
      walk.filter(Files::isRegularFile).forEach(p -> {
        try {
          if (Files.getLastModifiedTime(p).toInstant().isBefore(cutoff)) {
            Files.deleteIfExists(p);
          }
        } catch (IOException e) {
          // another run removed it
        }
      });
    } catch (IOException | UncheckedIOException e) {
      // nothing to prune
    }
  }
}
