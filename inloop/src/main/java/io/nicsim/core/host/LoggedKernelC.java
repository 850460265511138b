package io.nicsim.core.host;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;
import java.util.Map;

/** A {@link KernelC} whose calls a host logs into {@link #log()}. */
public record LoggedKernelC(KernelC inner, CallLog log) implements KernelC {

  @Override
  public String describe() {
    return inner.describe();
  }

  @Override
  public String release() {
    return inner.release();
  }

  @Override
  public Map<String, NativePort> ports() {
    return inner.ports();
  }

  @Override
  public Map<String, NativePort> ports(int hz) {
    return inner.ports(hz);
  }

  @Override
  public Map<String, String> notCompiled() {
    return inner.notCompiled();
  }

  @Override
  public List<String> notes() {
    return inner.notes();
  }

  @Override
  public List<Touched> touched() {
    return inner.touched();
  }
}
