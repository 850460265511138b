package io.nicsim.boardtrace.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /proc/stat captured before and after a recording splits each CPU's ticks as mpstat does
 * (user + nice, system, irq, softirq, idle + iowait, steal, each of the CPU's own ticks), and
 * the kernel's rows sit beside the model's CPU by context in a comparison. Captures that are not
 * /proc/stat, list other CPUs or run backwards are refused naming the option.
 */
class ProcStatTest {
  @TempDir Path dir;

  Path file(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  SortedMap<String, Double> split() throws IOException {
    ProcStat before = ProcStat.read(file("b", "cpu  1 2 3 4 5 6 7 8 0 0\n"
        + "cpu0 100 10 200 1000 5 30 40 0 0 0\ncpu1 0 0 0 0 0 0 0 0 0 0\nintr 5 1 2\n"), "b");
    ProcStat after = ProcStat.read(file("a", "cpu0 150 20 300 1300 15 50 80 5 0 0\n"
        + "cpu1 10 0 20 60 0 0 10 0 0 0\n"), "a");
    return after.percentSince(before, "a");
  }

  @Test
  void eachCpusTicksSplitAsMpstatDoes() throws IOException {
    SortedMap<String, Double> p = split();
    // cpu0: user 50 + nice 10, system 100, idle 300 + iowait 10, irq 20, softirq 40, steal 5
    double total = 60 + 100 + 310 + 20 + 40 + 5;
    assertThat(p.get("CPU %usr cpu0")).isCloseTo(100 * 60 / total, within(1e-9));
    assertThat(p.get("CPU %sys cpu0")).isCloseTo(100 * 100 / total, within(1e-9));
    assertThat(p.get("CPU %irq cpu0")).isCloseTo(100 * 20 / total, within(1e-9));
    assertThat(p.get("CPU %soft cpu0")).isCloseTo(100 * 40 / total, within(1e-9));
    assertThat(p.get("CPU %idle cpu0")).isCloseTo(100 * 310 / total, within(1e-9));
    assertThat(p.get("CPU %steal cpu0")).isCloseTo(100 * 5 / total, within(1e-9));
    assertThat(p.get("CPU %soft cpu1")).isCloseTo(10, within(1e-9));
    assertThat(p.get("CPU %idle cpu1")).isCloseTo(60, within(1e-9));
  }

  @Test
  void theKernelsRowsSitBesideTheModelsSplit() throws IOException {
    FigureSet board = ComparisonTest.set(new Figure("CPU %soft cpu1", "%", 9));
    FigureSet model = ComparisonTest.set(new Figure("CPU %soft cpu1", "%", 5),
        new Figure("CPU %sys cpu1", "%", 20));
    Comparison c = Comparison.of(board, model).withKernel(split());
    Comparison.Row soft = row(c, "kernel %soft cpu1");
    assertThat(soft.board()).isCloseTo(10, within(1e-9));
    assertThat(soft.model()).isEqualTo(5);
    assertThat(soft.ratio()).isCloseTo(0.5, within(1e-9));
    assertThat(row(c, "kernel %sys cpu1").model()).isEqualTo(20);
    // the model has no steal and no row for cpu0: they read 0
    assertThat(row(c, "kernel %steal cpu0").model()).isZero();
    assertThat(row(c, "kernel %idle cpu0").model()).isZero();
    // the trace's own rows stay first
    assertThat(c.rows().get(0).figure()).isEqualTo("CPU %soft cpu1");
  }

  static Comparison.Row row(Comparison c, String figure) {
    return c.rows().stream().filter(r -> r.figure().equals(figure)).findFirst().orElseThrow();
  }

  @Test
  void whatIsNotACaptureIsRefused() throws IOException {
    assertThatThrownBy(() -> ProcStat.read(file("x", "hello\n"), "--stat-before"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("--stat-before")
        .hasMessageContaining("no cpuN line");
    assertThatThrownBy(() -> ProcStat.read(file("y", "cpu0 1 2 x 4 5 6 7 8\n"), "--stat-after"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("line 1");
    assertThatThrownBy(() -> ProcStat.read(dir, "--stat-after"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("cannot be read");
    ProcStat one = ProcStat.read(file("one", "cpu0 1 1 1 1 1 1 1 1\n"), "b");
    ProcStat two = ProcStat.read(file("two", "cpu0 2 2 2 2 2 2 2 2\ncpu1 1 1 1 1 1 1 1 1\n"), "a");
    assertThatThrownBy(() -> two.percentSince(one, "--stat-after"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("different CPUs");
    ProcStat back = ProcStat.read(file("back", "cpu0 0 1 1 1 1 1 1 1\n"), "a");
    assertThatThrownBy(() -> back.percentSince(one, "--stat-after"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("backwards");
    assertThat(one.cpus()).isEqualTo(List.of(0));
  }
}
