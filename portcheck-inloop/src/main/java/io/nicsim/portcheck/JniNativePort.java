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
import java.util.Arrays;
import java.util.List;

/** One thread's instance of a compiled function, called through {@link JniShim}. */
final class JniNativePort implements NativePort {
  private static final int OUT_WORDS = 1 << 14;
  /**
   * The longest record whose output a call keeps for the next call on the same words: the
   * records of the functions called per packet (a ring window past it is a record that moves
   * every call).
   */
  static final int MEMO_WORDS = 512;
  /**
   * {@code NICSIM_PORTS_C_MEMO}: {@code off} calls the C on every record; {@code check} calls
   * it on a repeated record too and fails the call when the output differs from the kept one
   * (a harness or tree C whose output is not a function of its record alone).
   */
  private static final String MEMO = System.getenv().getOrDefault("NICSIM_PORTS_C_MEMO", "on");
  private static final boolean MEMO_ON = !MEMO.equals("off");
  private static final boolean MEMO_CHECK = MEMO.equals("check");

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
  /** The last binary call's record ({@link #lastWords} long, -1: none kept) and output length. */
  private final long[] lastIn = new long[MEMO_WORDS];
  private int lastWords = -1;
  private int lastGot;
  private long reused;

  /**
   * Whether a repeated record may take the last output ({@link #MEMO_ON}, and the object
   * holds no static storage of the tree's: {@link InLoopLibrary#statics()}).
   */
  private final boolean memo;

  JniNativePort(PortHarness harness, long entry, int inputs, List<String> inside,
      String release) {
    this(harness, entry, inputs, inside, release, true);
  }

  JniNativePort(PortHarness harness, long entry, int inputs, List<String> inside,
      String release, boolean memoAllowed) {
    this.memo = MEMO_ON && memoAllowed;
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
   *
   * <p>A record equal, word for word, to the one this port's last call ran on gives that call's
   * output again without crossing to the C: a harness sets up all the state its function
   * reads from the record (what it keeps between calls only spares clearing what the last
   * call left), so the C, deterministic, would print the same tokens. The output words are
   * still this port's own ({@link #out} is written by no one else), so the call only rewinds
   * them. In a flood the same records come back packet after packet (a qdisc found stopped, a
   * NAPI scheduled from the same state), each an output taken with one array compare instead
   * of a JNI transition and the C. {@link #reused} counts them.
   */
  @Override
  public NativeOut call(long[] in, int words) {
    int n = Math.min(words, in.length);
    if (n > JniShim.MAX_IN) {
      throw failure(JniShim.OVERFLOW, in);
    }
    if (memo && n == lastWords && Arrays.equals(in, 0, n, lastIn, 0, n)) {
      reused++;
      if (MEMO_CHECK) {
        check(in, n);
      }
      return out.reset(lastGot);
    }
    lastWords = -1; // a call that fails keeps nothing: the next one runs the C
    int got = callC(in, n);
    outWords.get(0, out.words(), 0, got);
    if (memo && n <= MEMO_WORDS) {
      System.arraycopy(in, 0, lastIn, 0, n);
      lastWords = n;
      lastGot = got;
    }
    return out.reset(got);
  }

  /** The C run on the record's first {@code n} words: the output words left in the slot. */
  private int callC(long[] in, int n) {
    bind();
    inWords.put(0, in, 0, n);
    long got = JniShim.callSlot(entry, OUT_WORDS);
    if (got < 0) {
      throw failure(got, in);
    }
    return (int) got;
  }

  /** {@code NICSIM_PORTS_C_MEMO=check}: the C run on a repeated record gives the kept output. */
  private void check(long[] in, int n) {
    int got = callC(in, n);
    long[] fresh = new long[got];
    outWords.get(0, fresh, 0, got);
    if (got != lastGot || !Arrays.equals(fresh, 0, got, out.words(), 0, got)) {
      throw new NativeFailure(function() + " (" + file() + ", the " + release + " tree's C)"
          + " printed another output on the same record as its last call: its output is not a"
          + " function of its record; input " + describe(in));
    }
  }

  @Override
  public long reused() {
    return reused;
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
