package io.nicsim.core.port.exec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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
  /** A message stub ({@code dev_err}, {@code netdev_err}): its name and the text printed. */
  public static final int MESSAGE = 4;

  private long[] words;
  private int length;
  private int at = -1;
  private int next;
  private int index = -1;

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
    this.index = -1;
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
    index++;
    int kind = kind();
    next = at + 2 + (kind == CALL || kind == MESSAGE ? args() : 1);
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

  /** A message's text, as the C printed it (blanks at its ends dropped). */
  public String message() {
    int n = args();
    byte[] b = new byte[n * 8];
    for (int i = 0; i < n; i++) {
      long w = words[at + 2 + i];
      for (int k = 0; k < 8; k++) {
        b[i * 8 + k] = (byte) (w >>> (8 * k));
      }
    }
    int len = 0;
    while (len < b.length && b[len] != 0) {
      len++;
    }
    return new String(b, 0, len, StandardCharsets.UTF_8).strip();
  }

  /** A call's argument count (a message's text words). */
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
    index = -1;
    return this;
  }

  /** The current token's position in the record (0 for the first). */
  public int index() {
    return index;
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
      i += 2 + (kind == CALL || kind == MESSAGE ? (int) ((words[i] >>> 8) & 0xFF) : 1);
    }
    if (!found) {
      throw new IllegalStateException("the output record has no field " + Long.toHexString(id));
    }
    return v;
  }

  /**
   * The record port-check prints as text ({@code name=value}, {@code name(a,b)},
   * {@code name("message")} tokens), as the binary words the C writes in the loop: what a Java
   * port's record looks like to a bridge.
   *
   * @throws IllegalArgumentException for text that is not such a record
   */
  public static NativeOut parse(String text) {
    String[] tokens = text.isBlank() ? new String[0] : text.strip().split(" ");
    long[] w = new long[Math.max(16, tokens.length * 8)];
    int n = 0;
    for (String t : tokens) {
      int paren = t.indexOf('(');
      int eq = t.indexOf('=');
      if (paren > 0 && (eq < 0 || paren < eq) && t.endsWith(")")) {
        String name = t.substring(0, paren);
        String args = t.substring(paren + 1, t.length() - 1);
        if (args.startsWith("\"")) {
          byte[] msg = args.substring(1, args.length() - 1).replace('_', ' ')
              .getBytes(StandardCharsets.UTF_8);
          int nw = (msg.length + 7) / 8;
          w = room(w, n + 2 + nw);
          w[n++] = MESSAGE | ((long) nw << 8);
          w[n++] = id(name);
          for (int i = 0; i < nw; i++) {
            long packed = 0;
            for (int k = 0; k < 8 && i * 8 + k < msg.length; k++) {
              packed |= (msg[i * 8 + k] & 0xFFL) << (8 * k);
            }
            w[n++] = packed;
          }
          continue;
        }
        String[] a = args.isEmpty() ? new String[0] : args.split(",");
        w = room(w, n + 2 + a.length);
        w[n++] = CALL | ((long) a.length << 8);
        w[n++] = id(name);
        for (String v : a) {
          w[n++] = Long.parseLong(v);
        }
      } else if (eq > 0) {
        String v = t.substring(eq + 1);
        w = room(w, n + 3);
        boolean unsigned = !v.startsWith("-");
        w[n++] = unsigned ? UFIELD : FIELD;
        w[n++] = id(t.substring(0, eq));
        w[n++] = unsigned ? Long.parseUnsignedLong(v) : Long.parseLong(v);
      } else {
        throw new IllegalArgumentException("not an output record token: " + t);
      }
    }
    NativeOut o = new NativeOut(0);
    o.words = w;
    return o.reset(n);
  }

  private static long[] room(long[] w, int need) {
    return need <= w.length ? w : Arrays.copyOf(w, Math.max(need, w.length * 2));
  }

  /**
   * Whether this record's tokens equal {@code o}'s, field kinds aside (a non-negative value
   * printed signed or unsigned is the same number) and messages by their names (their texts'
   * blanks differ between the C's words and port-check's text).
   */
  public boolean sameAs(NativeOut o) {
    int i = 0;
    int j = 0;
    while (i < length && j < o.length) {
      long k = words[i] & 0xFF;
      long ok = o.words[j] & 0xFF;
      boolean field = k == FIELD || k == UFIELD;
      if (field != (ok == FIELD || ok == UFIELD) || (!field && k != ok)
          || words[i + 1] != o.words[j + 1]) {
        return false;
      }
      int size = size(words, i);
      int osize = size(o.words, j);
      if (k != MESSAGE) {
        if (size != osize) {
          return false;
        }
        for (int x = 2; x < size; x++) {
          if (words[i + x] != o.words[j + x]) {
            return false;
          }
        }
      }
      i += size;
      j += osize;
    }
    return i >= length && j >= o.length;
  }

  private static int size(long[] w, int at) {
    long k = w[at] & 0xFF;
    return 2 + (k == CALL || k == MESSAGE ? (int) ((w[at] >>> 8) & 0xFF) : 1);
  }

  /** A hash of the tokens (as {@link #sameAs} compares them). */
  public long digest() {
    long h = 1;
    for (int i = 0; i < length; ) {
      long k = words[i] & 0xFF;
      int size = size(words, i);
      h = h * 31 + (k == UFIELD ? FIELD : k == MESSAGE ? MESSAGE : words[i]);
      h = h * 31 + words[i + 1];
      if (k != MESSAGE) {
        for (int x = 2; x < size; x++) {
          h = h * 31 + words[i + x];
        }
      }
      i += size;
    }
    return h;
  }

}
