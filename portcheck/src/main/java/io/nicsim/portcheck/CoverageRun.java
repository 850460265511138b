package io.nicsim.portcheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code --coverage}: the harness's program built again with gcc's instrumentation
 * ({@code --coverage}, at {@code -O0} so that branches are the source's), run on the same input
 * records, and read back with {@code gcov -b --json-format}: the branch arcs on the ported
 * function's own lines (the {@code #line} directives keep the tree's file and line numbers).
 */
final class CoverageRun {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long GCOV_TIMEOUT_S = 60;

  private CoverageRun() {}

  /** The coverage command, from {@code NICSIM_GCOV} or {@code gcov}. */
  static String gcov() {
    String g = System.getenv("NICSIM_GCOV");
    return g == null || g.isBlank() ? "gcov" : g;
  }

  /** The instrumented program built in {@code dir}, to be run a chunk of records at a time. */
  static Build build(Path dir, String program, CDefinition root) {
    String file = root.source().path();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      return new Build(dir, root, null, "cannot create " + dir + ": " + e.getMessage());
    }
    Gcc.Compiled c = Gcc.compile(dir, "cov", program, List.of("-O0", "--coverage"));
    if (!c.ok()) {
      return new Build(dir, root, null, "the coverage build failed: " + c.error());
    }
    return new Build(dir, root, new CDriverProcess(c.binary()), "");
  }

  /**
   * The instrumented program: its counters add up over every {@link #run} (each process adds its
   * own to the counter file as it exits), {@link #finish} reads them.
   */
  static final class Build {
    private final Path dir;
    private final CDefinition root;
    private final CDriverProcess program;
    private final String failed;

    private Build(Path dir, CDefinition root, CDriverProcess program, String failed) {
      this.dir = dir;
      this.root = root;
      this.program = program;
      this.failed = failed;
    }

    void run(List<long[]> records) {
      if (program != null) {
        program.run(records);
      }
    }

    BranchCoverage finish() {
      String file = root.source().path();
      if (program == null) {
        return BranchCoverage.unavailable(file, failed);
      }
      try {
        Path gcda;
        try (Stream<Path> s = Files.list(dir)) {
          gcda = s.filter(p -> p.toString().endsWith(".gcda")).findFirst().orElse(null);
        }
        if (gcda == null) {
          return BranchCoverage.unavailable(file, "the program wrote no coverage counters");
        }
        Process p = new ProcessBuilder(gcov(), "-b", "--json-format", "--stdout",
            gcda.getFileName().toString()).directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(GCOV_TIMEOUT_S, TimeUnit.SECONDS) || p.exitValue() != 0) {
          p.destroyForcibly();
          return BranchCoverage.unavailable(file, "'" + gcov() + " -b --json-format' failed");
        }
        return read(JSON.readTree(new String(out, StandardCharsets.UTF_8)), root);
      } catch (IOException e) {
        return BranchCoverage.unavailable(file, "cannot run " + gcov() + ": " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return BranchCoverage.unavailable(file, "interrupted");
      }
    }
  }

  /** The root function's lines out of gcov's JSON. */
  static BranchCoverage read(JsonNode gcov, CDefinition root) {
    String file = root.source().path();
    int from = root.line();
    int to = root.source().lineOf(root.end() - 1);
    TreeMap<Integer, int[]> lines = new TreeMap<>(); // line -> {arcs, taken, conditions, both}
    for (JsonNode f : gcov.path("files")) {
      if (!f.path("file").asText().equals(file)) {
        continue;
      }
      for (JsonNode l : f.path("lines")) {
        int n = l.path("line_number").asInt();
        JsonNode branches = l.path("branches");
        if (n < from || n > to || branches.size() == 0) {
          continue;
        }
        String fn = l.path("function_name").asText("");
        if (!fn.isEmpty() && !fn.equals(root.name())) {
          continue; // another function's line (an inline helper's, say)
        }
        int[] acc = lines.computeIfAbsent(n, k -> new int[4]);
        List<Long> counts = new ArrayList<>();
        for (JsonNode b : branches) {
          if (b.path("throw").asBoolean(false)) {
            continue;
          }
          counts.add(b.path("count").asLong());
        }
        for (int i = 0; i < counts.size(); i++) {
          acc[0]++;
          if (counts.get(i) > 0) {
            acc[1]++;
          }
        }
        // a conditional jump is a pair of arcs; a switch's arcs count as one condition
        if (counts.size() % 2 == 0) {
          for (int i = 0; i + 1 < counts.size(); i += 2) {
            acc[2]++;
            if (counts.get(i) > 0 && counts.get(i + 1) > 0) {
              acc[3]++;
            }
          }
        } else {
          acc[2]++;
          if (counts.stream().allMatch(x -> x > 0)) {
            acc[3]++;
          }
        }
      }
    }
    int arcs = 0;
    int taken = 0;
    int conditions = 0;
    int both = 0;
    List<BranchCoverage.Line> uncovered = new ArrayList<>();
    String[] text = root.source().text().split("\n", -1);
    for (var e : lines.entrySet()) {
      int[] a = e.getValue();
      arcs += a[0];
      taken += a[1];
      conditions += a[2];
      both += a[3];
      if (a[1] < a[0]) {
        int n = e.getKey();
        String t = n - 1 < text.length ? text[n - 1].strip() : "";
        uncovered.add(new BranchCoverage.Line(n, t, a[0], a[1]));
      }
    }
    return new BranchCoverage(file, conditions, both, arcs, taken, List.copyOf(uncovered), "");
  }
}
