package io.nicsim.portcheck;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How {@code --execute} runs.
 *
 * @param inputs records per function ({@code --inputs})
 * @param seed the generator's seed ({@code --seed}); the same seed gives the same records
 * @param keep a directory to keep each generated program in ({@code --keep-programs}), else a
 *     temporary directory that is removed
 * @param strict {@code --strict}: a port this release has that was not executed (no harness,
 *     NOT RUN for any reason) fails the run
 * @param cache where compiled programs are kept between runs (by the SHA-256 of compiler and
 *     program), or empty to compile every program ({@code NICSIM_PORTEXEC_CACHE=off})
 * @param coverage measure gcc's branch coverage of each executed function ({@code --coverage})
 */
public record ExecOptions(int inputs, long seed, Optional<Path> keep, boolean strict,
    Optional<Path> cache, boolean coverage) {
  public static final int DEFAULT_INPUTS = 10_000;
  public static final long DEFAULT_SEED = 20_260_530L;

  public ExecOptions(int inputs, long seed, Optional<Path> keep, boolean strict,
      Optional<Path> cache) {
    this(inputs, seed, keep, strict, cache, false);
  }

  /** The same options measuring branch coverage ({@code --coverage}). */
  public ExecOptions withCoverage(boolean on) {
    return new ExecOptions(inputs, seed, keep, strict, cache, on);
  }

  public ExecOptions(int inputs, long seed, Optional<Path> keep, boolean strict) {
    this(inputs, seed, keep, strict, BinaryCache.defaultDir());
  }

  public ExecOptions(int inputs, long seed, Optional<Path> keep) {
    this(inputs, seed, keep, false);
  }

  public static ExecOptions defaults() {
    return new ExecOptions(DEFAULT_INPUTS, DEFAULT_SEED, Optional.empty());
  }
}
