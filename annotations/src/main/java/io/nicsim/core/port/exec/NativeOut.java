package io.nicsim.core.port.exec;

/**
 * The output record of one in-process call of a kernel function ({@link NativePort#call}), as
 * the binary words {@code nicsim_kernel.h} writes in the loop: the same tokens port-check reads
 * as text ({@code name=value} fields, {@code name(args)} stub calls, in the order made), each a
 * header word (kind, argument count), the 64-bit FNV-1a hash of its name ({@link #id}) and its
 * values. Read it token by token:
 *
 * <pre>{@code
 * NativeOut o = port.call(in);
 * while (o.next()) {
 *   if (o.isCall(HRTIMER_START)) { timer.start(o.arg(0)); }
 * }
 * }</pre>
 *
 * <p>One instance is reused by its port for every call: read it before the next call.
 */
public final class NativeOut {
  /** A {@code name=value} field (signed). */
  public static final int FIELD = 1;
  /** A {@code name=value} field printed unsigned. */
  public static final int UFIELD = 2;
  /** A stub call {@code name(args)}. */
  public static final int CALL = 3;
  /** A message stub ({@code dev_err}, {@code WARN_ON}'s text): its name only. */
  public static final int MESSAGE = 4;

  private long[] words;
  private int length;
  private int at = -1;
  private int next;

  public NativeOut(int capacity) {
    this.words = new long[capacity];
  }

  /** The buffer the native side fills. */
  public long[] words() {
    return words;
  }

  /** Starts reading {@code length} words just written. */
  public NativeOut reset(int length) {
    this.length = length;
    this.at = -1;
    this.next = 0;
    return this;
  }

  /** The hash a name travels as: FNV-1a, 64 bits, over its ASCII characters. */
  public static long id(String name) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < name.length(); i++) {
      h = (h ^ (name.charAt(i) & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }

  /** Moves to the next token; false after the last. */
  public boolean next() {
    if (next >= length) {
      at = length;
      return false;
    }
    at = next;
    int kind = kind();
    next = at + 2 + (kind == CALL ? args() : kind == MESSAGE ? 0 : 1);
    if (next > length) {
      throw new IllegalStateException("a truncated output record (" + length + " words)");
    }
    return true;
  }

  /** The current token's kind ({@link #FIELD}, {@link #UFIELD}, {@link #CALL}, {@link #MESSAGE}). */
  public int kind() {
    return (int) (words[at] & 0xFF);
  }

  /** The current token's name hash. */
  public long name() {
    return words[at + 1];
  }

  /** A call's argument count. */
  public int args() {
    return (int) ((words[at] >>> 8) & 0xFF);
  }

  /** A call's argument {@code i}. */
  public long arg(int i) {
    return words[at + 2 + i];
  }

  /** A field's value. */
  public long value() {
    return words[at + 2];
  }

  /** Whether the current token is the call {@code id}. */
  public boolean isCall(long id) {
    return kind() == CALL && name() == id;
  }

  /** Whether the current token is the field {@code id}. */
  public boolean isField(long id) {
    int k = kind();
    return (k == FIELD || k == UFIELD) && name() == id;
  }

  /** Goes back to before the first token. */
  public NativeOut rewind() {
    at = -1;
    next = 0;
    return this;
  }

  /**
   * The value of field {@code id} anywhere in the record (the last one printed).
   *
   * @throws IllegalStateException when the record has no such field
   */
  public long field(long id) {
    long v = 0;
    boolean found = false;
    for (int i = 0; i < length; ) {
      int kind = (int) (words[i] & 0xFF);
      if ((kind == FIELD || kind == UFIELD) && words[i + 1] == id) {
        v = words[i + 2];
        found = true;
      }
      i += 2 + (kind == CALL ? (int) ((words[i] >>> 8) & 0xFF) : kind == MESSAGE ? 0 : 1);
    }
    if (!found) {
      throw new IllegalStateException("the output record has no field " + Long.toHexString(id));
    }
    return v;
  }
}
