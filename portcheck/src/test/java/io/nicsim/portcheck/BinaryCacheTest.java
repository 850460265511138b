package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiled programs are kept by the hash of compiler and program: the second build of the same
 * text is the cache's, a changed text is compiled again, a refused program keeps its error, and
 * two runs building the same program at once both get a whole binary.
 */
class BinaryCacheTest {
  @TempDir Path dir;

  private static final String OK = "int main(void) { return 0; }\n";

  @Test
  void theSameProgramIsCompiledOnceAndAChangedOneAgain() throws Exception {
    assumeTrue(Gcc.version().isPresent(), "no gcc");
    BinaryCache cache = BinaryCache.at(Optional.of(dir.resolve("cache")));
    Path work = Files.createDirectories(dir.resolve("work"));
    BinaryCache.Result first = cache.compile(work, "p", OK, "gcc 12");
    assertThat(first.compiled().ok()).isTrue();
    assertThat(first.cached()).isFalse();
    BinaryCache.Result second = cache.compile(work, "p", OK, "gcc 12");
    assertThat(second.cached()).isTrue();
    assertThat(second.compiled().binary()).isExecutable();
    assertThat(cache.compile(work, "p", OK + "\n", "gcc 12").cached()).isFalse();
    assertThat(cache.compile(work, "p", OK, "gcc 13").cached()).isFalse();
    BinaryCache.Result bad = cache.compile(work, "q", "int main(void) { return x; }\n", "gcc 12");
    assertThat(bad.compiled().ok()).isFalse();
    BinaryCache.Result badAgain = cache.compile(work, "q", "int main(void) { return x; }\n",
        "gcc 12");
    assertThat(badAgain.cached()).isTrue();
    assertThat(badAgain.compiled().error()).isEqualTo(bad.compiled().error()).contains("error:");
  }

  @Test
  void concurrentBuildsOfOneProgramBothGetAWholeBinary() throws Exception {
    assumeTrue(Gcc.version().isPresent(), "no gcc");
    Path cacheDir = dir.resolve("cache");
    String program = "int main(void) { return 3; }\n";
    CompletableFuture<BinaryCache.Result> a = CompletableFuture.supplyAsync(() ->
        BinaryCache.at(Optional.of(cacheDir)).compile(mk("a"), "p", program, "gcc"));
    CompletableFuture<BinaryCache.Result> b = CompletableFuture.supplyAsync(() ->
        BinaryCache.at(Optional.of(cacheDir)).compile(mk("b"), "p", program, "gcc"));
    for (BinaryCache.Result r : new BinaryCache.Result[] {a.get(), b.get()}) {
      Process p = new ProcessBuilder(r.compiled().binary().toString()).start();
      assertThat(p.waitFor()).isEqualTo(3);
    }
    try (var files = Files.walk(cacheDir)) {
      assertThat(files.filter(f -> f.getFileName().toString().contains(".tmp"))).isEmpty();
    }
  }

  private Path mk(String name) {
    try {
      return Files.createDirectories(dir.resolve(name));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
