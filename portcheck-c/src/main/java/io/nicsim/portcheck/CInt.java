package io.nicsim.portcheck;

/**
 * A C integer value with its type after the integer promotions: 32 or 64 bits, signed or
 * unsigned, LP64 as the kernels nicsim ports are built. {@code v} holds the value extended to
 * 64 bits as the type says (sign-extended when signed, zero-extended when unsigned).
 */
record CInt(long v, int bits, boolean unsigned) {
  static final CInt ZERO = new CInt(0, 32, false);
  static final CInt ONE = new CInt(1, 32, false);

  /** A C integer type: 1 ({@code _Bool}), 8, 16, 32 or 64 bits. */
  record Type(int bits, boolean unsigned) {
    static final Type BOOL = new Type(1, true);
    static final Type INT = new Type(32, false);
    static final Type UINT = new Type(32, true);
    static final Type LONG = new Type(64, false);
    static final Type ULONG = new Type(64, true);
  }

  static CInt of(long v, Type t) {
    return convert(new CInt(v, 64, false), t);
  }

  static CInt ofInt(long v) {
    return new CInt((int) v, 32, false);
  }

  static CInt ofBool(boolean b) {
    return b ? ONE : ZERO;
  }

  /** {@code (t) x}, then the promotions (types narrower than int become int). */
  static CInt convert(CInt x, Type t) {
    long v = x.v;
    if (t.bits() == 1) {
      return ofBool(v != 0);
    }
    if (t.bits() < 64) {
      long mask = (1L << t.bits()) - 1;
      v &= mask;
      if (!t.unsigned() && (v & (1L << (t.bits() - 1))) != 0) {
        v |= ~mask;
      }
    }
    if (t.bits() < 32) {
      return new CInt(v, 32, false);
    }
    return new CInt(v, t.bits(), t.unsigned());
  }

  Type type() {
    return new Type(bits, unsigned);
  }

  boolean isTrue() {
    return v != 0;
  }

  /** The usual arithmetic conversions: the wider type, unsigned when equal widths disagree. */
  static Type common(CInt a, CInt b) {
    if (a.bits != b.bits) {
      return a.bits > b.bits ? a.type() : b.type();
    }
    return new Type(a.bits, a.unsigned || b.unsigned);
  }

  /** A binary operator; {@code null} when C leaves the result undefined (x/0, wide shifts). */
  static CInt binary(String op, CInt a, CInt b) {
    if (op.equals("<<") || op.equals(">>")) {
      long n = b.v;
      if ((b.unsigned && Long.compareUnsigned(n, a.bits) >= 0) || (!b.unsigned && (n < 0
          || n >= a.bits))) {
        return null;
      }
      if (op.equals("<<")) {
        return convert(new CInt(a.v << n, 64, false), a.type());
      }
      return convert(new CInt(a.unsigned ? a.v >>> n : a.v >> n, 64, false), a.type());
    }
    Type t = common(a, b);
    long x = convert(a, t).v;
    long y = convert(b, t).v;
    boolean u = t.unsigned();
    return switch (op) {
      case "+" -> of(x + y, t);
      case "-" -> of(x - y, t);
      case "*" -> of(x * y, t);
      case "/" -> y == 0 ? null : of(u ? Long.divideUnsigned(x, y) : x / y, t);
      case "%" -> y == 0 ? null : of(u ? Long.remainderUnsigned(x, y) : x % y, t);
      case "&" -> of(x & y, t);
      case "|" -> of(x | y, t);
      case "^" -> of(x ^ y, t);
      case "<" -> ofBool(u ? Long.compareUnsigned(x, y) < 0 : x < y);
      case "<=" -> ofBool(u ? Long.compareUnsigned(x, y) <= 0 : x <= y);
      case ">" -> ofBool(u ? Long.compareUnsigned(x, y) > 0 : x > y);
      case ">=" -> ofBool(u ? Long.compareUnsigned(x, y) >= 0 : x >= y);
      case "==" -> ofBool(x == y);
      case "!=" -> ofBool(x != y);
      default -> null;
    };
  }

  static CInt unary(String op, CInt a) {
    return switch (op) {
      case "-" -> of(-a.v, a.type());
      case "+" -> a;
      case "~" -> of(~a.v, a.type());
      case "!" -> ofBool(a.v == 0);
      default -> null;
    };
  }

  /**
   * An integer constant as C types it: the suffix and whether it fits int, unsigned int, long
   * (decimal: int, long; hex and octal: also the unsigned types). Null when it is not an
   * integer (a float).
   */
  static CInt literal(String text) {
    String s = text;
    int end = s.length();
    while (end > 0 && "uUlL".indexOf(s.charAt(end - 1)) >= 0) {
      end--;
    }
    String suffix = s.substring(end).toLowerCase();
    String digits = s.substring(0, end);
    boolean u = suffix.contains("u");
    boolean l = suffix.contains("l");
    long v;
    boolean decimal;
    try {
      if (digits.startsWith("0x") || digits.startsWith("0X")) {
        v = Long.parseUnsignedLong(digits.substring(2), 16);
        decimal = false;
      } else if (digits.startsWith("0b") || digits.startsWith("0B")) {
        v = Long.parseUnsignedLong(digits.substring(2), 2);
        decimal = false;
      } else if (digits.length() > 1 && digits.startsWith("0")) {
        v = Long.parseUnsignedLong(digits.substring(1), 8);
        decimal = false;
      } else {
        v = Long.parseUnsignedLong(digits, 10);
        decimal = true;
      }
    } catch (NumberFormatException e) {
      return null;
    }
    boolean fitsInt = Long.compareUnsigned(v, Integer.MAX_VALUE) <= 0;
    boolean fitsUint = Long.compareUnsigned(v, 0xFFFF_FFFFL) <= 0;
    boolean fitsLong = v >= 0;
    if (!l && !u && fitsInt) {
      return new CInt(v, 32, false);
    }
    if (!l && (u || !decimal) && fitsUint) {
      return new CInt(v, 32, true);
    }
    if (!u && fitsLong) {
      return new CInt(v, 64, false);
    }
    return new CInt(v, 64, true);
  }

  @Override
  public String toString() {
    return unsigned ? Long.toUnsignedString(v) : Long.toString(v);
  }
}
