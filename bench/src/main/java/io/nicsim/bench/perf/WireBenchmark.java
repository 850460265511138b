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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The transmit hardware alone ({@link WireMix}): frames per second through a TX DMA engine and
 * the wire, with the frame ends and deliveries in one queue entry ({@code paired} true) or two.
 * The figure is the {@code frames} counter; each invocation runs 100 simulated µs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
public class WireBenchmark {
  @Param({"true", "false"})
  public boolean paired;

  private WireMix mix;

  /** Frames delivered to the peer, reported by JMH per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Frames {
    public long frames;

    @Setup(Level.Iteration)
    public void reset() {
      frames = 0;
    }
  }

  @Setup(Level.Trial)
  public void setUp() {
    mix = new WireMix(paired);
    mix.advance(1_000_000L);
  }

  @Benchmark
  public long wire(Frames counter) {
    long n = mix.advance(100_000L);
    counter.frames += n;
    return n;
  }
}
