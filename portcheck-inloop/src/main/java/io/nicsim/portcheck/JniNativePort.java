package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.port.exec.PortHarness;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** One thread's instance of a compiled function, called through {@link JniShim}. */
final class JniNativePort implements NativePort {
  private static final int OUT_WORDS = 1 << 14;

  private final PortHarness harness;
  private final long entry;
  private final int inputs;
  private final List<String> inside;
  private final String release;
  private final NativeOut out = new NativeOut(OUT_WORDS);
  private final byte[] text = new byte[1 << 16];
  /** The thread whose slot {@link #inWords} and {@link #outWords} are. */
  private Thread owner;
  private LongBuffer inWords;
  private LongBuffer outWords;

  JniNativePort(PortHarness harness, long entry, int inputs, List<String> inside,
      String release) {
    this.harness = harness;
    this.entry = entry;
    this.inputs = inputs;
    this.inside = inside;
    this.release = release;
  }

  @Override
  public String file() {
    return harness.file();
  }

  @Override
  public String function() {
    return harness.function();
  }

  @Override
  public int inputs() {
    return inputs;
  }

  @Override
  public List<InputField> fields() {
    return harness.inputs();
  }

  @Override
  public List<String> inside() {
    return inside;
  }

  @Override
  public NativeOut call(long[] in) {
    return call(in, inputs);
  }

  /**
   * The record's words copied into the thread's slot, the C called, its output words copied
   * out: two bulk copies on the Java side, and no JNI call back into the VM (an array copy
   * through JNI is a VM transition each: three a call, ~8 % of a {@code --ports c} flood).
   */
  @Override
  public NativeOut call(long[] in, int words) {
    int n = Math.min(words, in.length);
    if (n > JniShim.MAX_IN) {
      throw failure(JniShim.OVERFLOW, in);
    }
    bind();
    inWords.put(0, in, 0, n);
    long got = JniShim.callSlot(entry, OUT_WORDS);
    if (got < 0) {
      throw failure(got, in);
    }
    outWords.get(0, out.words(), 0, (int) got);
    return out.reset((int) got);
  }

  /** The calling thread's slot, asked for once per thread that calls. */
  private void bind() {
    Thread t = Thread.currentThread();
    if (owner == t) {
      return;
    }
    ByteBuffer i = JniShim.slot(0);
    ByteBuffer o = JniShim.slot(1);
    if (i == null || o == null) {
      throw new NativeFailure(function() + " (" + file() + ", the " + release + " tree's C)"
          + " cannot be called: no guard slot left for thread " + t.getName());
    }
    inWords = i.order(ByteOrder.nativeOrder()).asLongBuffer();
    outWords = o.order(ByteOrder.nativeOrder()).asLongBuffer();
    owner = t;
  }

  @Override
  public String text(long[] in) {
    // every word of the record, as a call log keeps it (cut to the words its call read): the
    // words past the fields (a ring window, tcp_ack's congestion-module answers) are part of
    // what the C got; only inputs() words would leave the previous call's tail in their place
    long n = JniShim.call(entry, in, Math.min(in.length, JniShim.MAX_IN), null, text);
    if (n < 0) {
      throw failure(n, in);
    }
    return new String(text, 0, (int) Math.min(n, text.length), StandardCharsets.UTF_8);
  }

  private NativeFailure failure(long status, long[] in) {
    String what;
    if (status == JniShim.TIMEOUT) {
      what = "did not return within " + JniShim.TIMEOUT_MS + " ms";
    } else if (status == JniShim.OVERFLOW) {
      what = "wrote more output than the loop takes (" + OUT_WORDS + " words)";
    } else {
      what = "died of " + signalName((int) -status);
    }
    return new NativeFailure(function() + " (" + file() + ", the " + release + " tree's C) "
        + what + " on input " + describe(in));
  }

  private String describe(long[] in) {
    StringBuilder b = new StringBuilder();
    List<InputField> fields = harness.inputs();
    for (int i = 0; i < Math.min(inputs, in.length); i++) {
      if (b.length() > 0) {
        b.append(' ');
      }
      InputField f = i < fields.size() ? fields.get(i) : null;
      b.append(f == null ? "in[" + i + "]" : f.name()).append('=')
          .append(f != null && f.unsigned() ? Long.toUnsignedString(in[i]) : in[i]);
    }
    return b.toString();
  }

  private static String signalName(int sig) {
    return switch (sig) {
      case 4 -> "SIGILL";
      case 7 -> "SIGBUS";
      case 8 -> "SIGFPE";
      case 11 -> "SIGSEGV";
      default -> "signal " + sig;
    };
  }
}
