package io.nicsim.core.host;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.sim.Simulator;
import java.util.Arrays;
import java.util.List;

/** A host's view of a compiled function: counts (and logs, when asked) the calls it makes. */
final class CountedPort implements NativePort {
  private final NativePort c;
  private final CallLog log;
  private final Simulator sim;
  long calls;

  CountedPort(NativePort c, CallLog log, Simulator sim) {
    this.c = c;
    this.log = log;
    this.sim = sim;
  }

  @Override
  public String file() {
    return c.file();
  }

  @Override
  public String function() {
    return c.function();
  }

  @Override
  public int inputs() {
    return c.inputs();
  }

  @Override
  public NativeOut call(long[] in) {
    calls++;
    NativeOut out = c.call(in);
    if (log != null) {
      log.record(sim.now(), c.label(), in, out);
      out.rewind();
    }
    return out;
  }

  @Override
  public NativeOut call(long[] in, int words) {
    calls++;
    NativeOut out = c.call(in, words);
    if (log != null) {
      log.record(sim.now(), c.label(), Arrays.copyOf(in, words), out);
      out.rewind();
    }
    return out;
  }

  @Override
  public long reused() {
    return c.reused();
  }

  @Override
  public String text(long[] in) {
    return c.text(in);
  }

  @Override
  public List<InputField> fields() {
    return c.fields();
  }

  @Override
  public List<String> inside() {
    return c.inside();
  }
}
