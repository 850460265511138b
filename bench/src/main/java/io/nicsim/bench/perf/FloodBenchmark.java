package io.nicsim.bench.perf;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The stmmac UDP flood at line rate ({@link FloodWorkload}): the {@code packets} counter is
 * simulated frames on the wire per wall second; each invocation runs 1 simulated ms.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
public class FloodBenchmark {
  private FloodWorkload flood;

  /** Frames put on the wire, reported by JMH per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Packets {
    public long packets;

    @Setup(Level.Iteration)
    public void reset() {
      packets = 0;
    }
  }

  @Setup(Level.Trial)
  public void setUp() {
    flood = FloodWorkload.standard();
    flood.advance(10_000_000L);
  }

  @Benchmark
  public long flood(Packets counter) {
    long n = flood.advance(1_000_000L);
    counter.packets += n;
    return n;
  }
}
