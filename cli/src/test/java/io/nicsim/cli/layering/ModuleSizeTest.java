package io.nicsim.cli.layering;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No module outgrows one room: core holds at most 9,000 lines of main Java and every other
 * module at most 6,000, counted as {@code wc -l} counts them (newlines) over each module's
 * {@code src/main/java}; the kernel-function harnesses ({@code src/harness/java}) and tests are
 * not main Java. The modules are the root pom's, so a new module is covered without an edit
 * here. A module near its limit is carved along a seam of its own (a driver's {@code --ports c}
 * bridges into {@code DRIVER-inloop}, as stmmac's and fec's), not granted a larger limit.
 */
class ModuleSizeTest {
  static final int CORE_LIMIT = 9_000;
  static final int MODULE_LIMIT = 6_000;

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  @Test
  void everyModuleFitsItsLimit() throws IOException {
    Map<String, Long> sizes = mainJavaLines(Path.of(".."));
    // the count reads the real tree: the carved modules are there and counted
    assertThat(sizes).containsKeys("core", "fec", "fec-inloop", "stmmac", "cli");
    assertThat(sizes.get("core")).isPositive();
    assertThat(oversized(sizes)).as("modules over their main-Java limit").isEmpty();
  }

  @Test
  void aModuleOverItsLimitBreaksTheRule(@TempDir Path root) throws IOException {
    Files.writeString(root.resolve("pom.xml"), "<project><modules>\n"
        + "  <module>core</module>\n  <module>fec</module>\n  <module>ideal</module>\n"
        + "  <module>docs-only</module>\n</modules></project>\n");
    write(root.resolve("core/src/main/java/a/Big.java"), CORE_LIMIT);
    write(root.resolve("fec/src/main/java/a/One.java"), MODULE_LIMIT - 1);
    write(root.resolve("fec/src/main/java/a/b/Two.java"), 2);
    // harnesses and tests are not main Java; a last line without its newline is not counted
    write(root.resolve("ideal/src/harness/java/a/H.java"), MODULE_LIMIT + 1);
    write(root.resolve("ideal/src/test/java/a/T.java"), MODULE_LIMIT + 1);
    Files.createDirectories(root.resolve("ideal/src/main/java"));
    Files.writeString(root.resolve("ideal/src/main/java/A.java"), "a\nb\nc"); // wc -l: 2
    Files.createDirectories(root.resolve("docs-only"));

    Map<String, Long> sizes = mainJavaLines(root);
    assertThat(sizes).containsExactly(Map.entry("core", (long) CORE_LIMIT),
        Map.entry("fec", (long) MODULE_LIMIT + 1), Map.entry("ideal", 2L),
        Map.entry("docs-only", 0L));
    assertThat(oversized(sizes)).containsExactly(
        "fec: 6001 lines of main Java, over its limit of 6000");

    write(root.resolve("core/src/main/java/a/More.java"), 1);
    assertThat(oversized(mainJavaLines(root))).containsExactly(
        "core: 9001 lines of main Java, over its limit of 9000",
        "fec: 6001 lines of main Java, over its limit of 6000");
  }

  /** Each module of {@code root}'s pom, in its order, and its lines of main Java. */
  static Map<String, Long> mainJavaLines(Path root) throws IOException {
    Map<String, Long> sizes = new LinkedHashMap<>();
    Matcher m = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
    while (m.find()) {
      String module = m.group(1).trim();
      Path sources = root.resolve(module).resolve("src/main/java");
      long lines = 0;
      if (Files.isDirectory(sources)) {
        try (Stream<Path> files = Files.walk(sources)) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
            lines += newlines(Files.readAllBytes(f));
          }
        }
      }
      sizes.put(module, lines);
    }
    return sizes;
  }

  /** The modules over their limit, one line each. */
  static List<String> oversized(Map<String, Long> sizes) {
    List<String> over = new ArrayList<>();
    sizes.forEach((module, lines) -> {
      int limit = module.equals("core") ? CORE_LIMIT : MODULE_LIMIT;
      if (lines > limit) {
        over.add(module + ": " + lines + " lines of main Java, over its limit of " + limit);
      }
    });
    return over;
  }

  private static long newlines(byte[] text) {
    long n = 0;
    for (byte b : text) {
      if (b == '\n') {
        n++;
      }
    }
    return n;
  }

  private static void write(Path file, int lines) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "x\n".repeat(lines));
  }
}
