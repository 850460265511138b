package io.nicsim.boardtrace.parse;

import java.util.HashMap;
import java.util.Map;

/**
 * Reads the {@code key=value} fields of one event's text (the tracepoint's TP_printk output)
 * without building substrings for numbers. A value runs to the next space; a key matches only
 * at the start of the text or after a space, so {@code len=} never matches inside
 * {@code data_len=}.
 */
final class Fields {
  private String s;
  private int from;
  /** Names seen before: each distinct device, IRQ or callback name is one String. */
  private final Map<String, String> names = new HashMap<>();

  /** Reads {@code line} from {@code from} on. */
  Fields on(String line, int fieldsFrom) {
    this.s = line;
    this.from = fieldsFrom;
    return this;
  }

  /** Where {@code key}'s value starts, or -1. {@code key} includes its separator ("irq="). */
  int find(String key) {
    int i = from;
    while (true) {
      i = s.indexOf(key, i);
      if (i < 0) {
        return -1;
      }
      if (i == from || s.charAt(i - 1) == ' ' || s.charAt(i - 1) == '[' || s.charAt(i - 1) == ',') {
        return i + key.length();
      }
      i++;
    }
  }

  /** Where the value starting at {@code at} ends (next space, ']' or ','; or the end). */
  int end(int at) {
    int n = s.length();
    int i = at;
    while (i < n) {
      char c = s.charAt(i);
      if (c == ' ' || c == ']' || c == ',' || c == ')') {
        break;
      }
      i++;
    }
    return i;
  }

  boolean has(String key) {
    return find(key) >= 0;
  }

  /** A decimal (or 0x hex) integer value. */
  long number(String key) throws FieldException {
    int at = find(key);
    if (at < 0) {
      throw new FieldException("no '" + key.replace("=", "").replace(":", "").trim() + "' field");
    }
    return number(at, end(at), key);
  }

  /** The number in [at, end): decimal, negative decimal or 0x hex. */
  long number(int at, int end, String key) throws FieldException {
    if (end - at > 2 && s.charAt(at) == '0' && (s.charAt(at + 1) == 'x' || s.charAt(at + 1) == 'X')) {
      return hex(at + 2, end, key);
    }
    boolean neg = at < end && s.charAt(at) == '-';
    int i = neg ? at + 1 : at;
    if (i >= end) {
      throw new FieldException("'" + key.replace("=", "") + "' has no value");
    }
    long v = 0;
    for (; i < end; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        throw new FieldException("'" + key.replace("=", "") + "' is not a number ('"
            + s.substring(at, end) + "')");
      }
      v = v * 10 + (c - '0');
    }
    return neg ? -v : v;
  }

  /** Hex digits in [at, end) as an unsigned 64-bit value. */
  long hex(int at, int end, String key) throws FieldException {
    if (at >= end || end - at > 16) {
      throw new FieldException("'" + key.replace("=", "") + "' is not a hex number ('"
          + s.substring(Math.max(from, at - 2), end) + "')");
    }
    long v = 0;
    for (int i = at; i < end; i++) {
      int d = Character.digit(s.charAt(i), 16);
      if (d < 0) {
        throw new FieldException("'" + key.replace("=", "") + "' is not a hex number ('"
            + s.substring(at, end) + "')");
      }
      v = (v << 4) | d;
    }
    return v;
  }

  /**
   * A pointer: {@code 0xffff...}, a hashed {@code %p} ({@code 00000000b7099b1b}) or
   * {@code (nil)}.
   */
  long pointer(String key) throws FieldException {
    int at = find(key);
    if (at < 0) {
      throw new FieldException("no '" + key.replace("=", "") + "' field");
    }
    int end = end(at);
    if (s.startsWith("(nil)", at)) {
      return 0;
    }
    if (end - at > 2 && s.charAt(at) == '0' && s.charAt(at + 1) == 'x') {
      return hex(at + 2, end, key);
    }
    return hex(at, end, key);
  }

  /** A name value (a device, a symbol without its +offset/size), or null without the key. */
  String name(String key) {
    int at = find(key);
    if (at < 0) {
      return null;
    }
    int end = end(at);
    return intern(at, symbolEnd(at, end));
  }

  /** Where a symbol's name ends inside [at, end): before "+0x..." or "/0x...". */
  int symbolEnd(int at, int end) {
    for (int i = at; i < end; i++) {
      char c = s.charAt(i);
      if ((c == '+' || c == '/') && i + 2 < end && s.charAt(i + 1) == '0' && s.charAt(i + 2) == 'x') {
        return i;
      }
    }
    return end;
  }

  /** The text in [at, end) as a shared String. */
  String intern(int at, int end) {
    String k = s.substring(at, end);
    String v = names.putIfAbsent(k, k);
    return v == null ? k : v;
  }

  /** {@code k} as a shared String. */
  String internName(String k) {
    String v = names.putIfAbsent(k, k);
    return v == null ? k : v;
  }

  String text() {
    return s;
  }

  int from() {
    return from;
  }

  /** A field that is missing or malformed: the parser names the line and the event. */
  static final class FieldException extends Exception {
    private static final long serialVersionUID = 1L;

    FieldException(String message) {
      super(message, null, false, false);
    }
  }
}
