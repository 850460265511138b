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
 * Engine speed: schedule + dispatch of {@link EngineMix}'s event mix on one thread. The
 * figure is the {@code events} counter (events per second); the primary score counts
 * invocations of 100 simulated µs each.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
public class EngineBenchmark {
  private EngineMix mix;

  /** Events dispatched, reported by JMH per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Events {
    public long events;

    @Setup(Level.Iteration)
    public void reset() {
      events = 0;
    }
  }

  @Setup(Level.Trial)
  public void setUp() {
    mix = new EngineMix();
    mix.advance(1_000_000L);
  }

  @Benchmark
  public long mix(Events counter) {
    counter.events += mix.advance(100_000L);
    return mix.sink();
  }
}
