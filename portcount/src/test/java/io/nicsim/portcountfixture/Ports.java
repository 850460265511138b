package io.nicsim.portcountfixture;

import io.nicsim.core.port.KernelPort;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/** Ports of made-up functions, one with a --ports c style hook, for the counter's test. */
public final class Ports {
  /** The hook of {@code f}: null runs f's Java body. */
  public static NativePort fC;

  private Ports() { }

  @KernelPort(file = "x.c", function = "f", versions = "v6.1")
  public static int f(int a) {
    if (fC != null) {
      fC.call(new long[] {a});
      return -1;
    }
    return a + 1;
  }

  /** Calls f twice: a Java caller of a function that may run as C. */
  @KernelPort(file = "x.c", function = "g", versions = "v6.1")
  public static int g(int a) {
    return f(a) + f(a + 1);
  }

  @KernelPort(file = "x.c", function = "h", versions = "v6.1")
  @KernelPort(file = "y.c", function = "h2", versions = "v6.1")
  public static int h() {
    throw new IllegalStateException("h");
  }

  /** A compiled function's stand-in: counts nothing itself. */
  public static final class FakeC implements NativePort {
    @Override
    public String file() {
      return "x.c";
    }

    @Override
    public String function() {
      return "f";
    }

    @Override
    public int inputs() {
      return 1;
    }

    @Override
    public NativeOut call(long[] in) {
      return null;
    }

    @Override
    public String text(long[] in) {
      return "";
    }

    @Override
    public List<io.nicsim.core.port.exec.InputField> fields() {
      return List.of();
    }

    @Override
    public List<String> inside() {
      return List.of();
    }
  }
}
