package io.nicsim.portcheck;

import io.nicsim.portcheck.CExpr.Node;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a {@link CExpr} on one input record with C's integer semantics: fields from the
 * record (typed by their domain), enumerators and other constants, values the program computed
 * for expressions Java cannot ({@code probes}: a call of a tree function with constant
 * arguments), and the comparing macros nicsim's header and the tree define ({@code min},
 * {@code time_after}, ...). Anything else is {@link Unknown}.
 */
final class CEval {
  /** The expression cannot be evaluated here. */
  static final class Unknown extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final Unknown INSTANCE = new Unknown();

    private Unknown() {
      super(null, null, false, false);
    }
  }

  private final FieldMap fields;
  private final Map<String, CInt> constants;
  private final Map<String, CInt> probes;

  CEval(FieldMap fields, Map<String, CInt> constants, Map<String, CInt> probes) {
    this.fields = fields;
    this.constants = constants;
    this.probes = probes;
  }

  /** The field an identifier or member access stands for, or -1. */
  int fieldOf(Node n) {
    if (n instanceof CExpr.Id id) {
      return constants.containsKey(id.name()) ? -1 : fields.identifier(id.name());
    }
    if (n instanceof CExpr.Member m) {
      return fields.member(m.name(), m.base());
    }
    return -1;
  }

  CInt eval(Node n, long[] r) {
    if (n instanceof CExpr.Num x) {
      return x.value();
    }
    int f = fieldOf(n);
    if (f >= 0) {
      return CInt.of(r[f], fields.type(f));
    }
    if (n instanceof CExpr.Id x) {
      CInt c = constants.get(x.name());
      if (c != null) {
        return c;
      }
      return probed(n);
    }
    if (n instanceof CExpr.Binary x) {
      if (x.op().equals("&&")) {
        return CInt.ofBool(eval(x.a(), r).isTrue() && eval(x.b(), r).isTrue());
      }
      if (x.op().equals("||")) {
        return CInt.ofBool(eval(x.a(), r).isTrue() || eval(x.b(), r).isTrue());
      }
      return defined(CInt.binary(x.op(), eval(x.a(), r), eval(x.b(), r)));
    }
    if (n instanceof CExpr.Unary x) {
      return defined(CInt.unary(x.op(), eval(x.x(), r)));
    }
    if (n instanceof CExpr.Cond x) {
      return eval(x.c(), r).isTrue() ? eval(x.a(), r) : eval(x.b(), r);
    }
    if (n instanceof CExpr.Cast x) {
      CInt v = eval(x.x(), r);
      return x.type() == null ? v : CInt.convert(v, x.type());
    }
    if (n instanceof CExpr.Call x) {
      return call(x, r);
    }
    return probed(n);
  }

  private CInt probed(Node n) {
    String text = CExpr.render(n);
    CInt v = text == null ? null : probes.get(text);
    if (v == null) {
      throw Unknown.INSTANCE;
    }
    return v;
  }

  private static CInt defined(CInt v) {
    if (v == null) {
      throw Unknown.INSTANCE;
    }
    return v;
  }

  private CInt arg(CExpr.Call c, int k, long[] r) {
    if (k >= c.args().size()) {
      throw Unknown.INSTANCE;
    }
    return eval(c.args().get(k), r);
  }

  /** A typed argument ({@code min_t(u32, a, b)}): the value converted to the type. */
  private CInt typed(CExpr.Call c, int k, long[] r) {
    Node t = c.args().get(0);
    CInt v = arg(c, k, r);
    return t instanceof CExpr.Cast cast && cast.type() != null ? CInt.convert(v, cast.type()) : v;
  }

  private CInt call(CExpr.Call c, long[] r) {
    List<Node> a = c.args();
    switch (c.name()) {
      case "READ_ONCE", "data_race", "likely", "unlikely" -> {
        return arg(c, 0, r);
      }
      case "WARN_ON", "WARN_ON_ONCE", "WARN", "WARN_ONCE" -> {
        return CInt.ofBool(arg(c, 0, r).isTrue());
      }
      case "typecheck" -> {
        return CInt.ONE;
      }
      case "min", "umin" -> {
        return pick(arg(c, 0, r), arg(c, 1, r), true);
      }
      case "max", "umax" -> {
        return pick(arg(c, 0, r), arg(c, 1, r), false);
      }
      case "min_t" -> {
        return pick(typed(c, 1, r), typed(c, 2, r), true);
      }
      case "max_t" -> {
        return pick(typed(c, 1, r), typed(c, 2, r), false);
      }
      case "min3" -> {
        return pick(pick(arg(c, 0, r), arg(c, 1, r), true), arg(c, 2, r), true);
      }
      case "max3" -> {
        return pick(pick(arg(c, 0, r), arg(c, 1, r), false), arg(c, 2, r), false);
      }
      case "clamp", "clamp_val" -> {
        return pick(pick(arg(c, 0, r), arg(c, 1, r), false), arg(c, 2, r), true);
      }
      case "clamp_t" -> {
        return pick(pick(typed(c, 1, r), typed(c, 2, r), false), typed(c, 3, r), true);
      }
      case "time_after", "time_before", "time_after_eq", "time_before_eq" -> {
        return time(c.name(), arg(c, 0, r), arg(c, 1, r), CInt.Type.LONG);
      }
      case "time_after32", "time_before32", "time_after_eq32", "time_before_eq32" -> {
        return time(c.name().substring(0, c.name().length() - 2), arg(c, 0, r), arg(c, 1, r),
            CInt.Type.INT);
      }
      case "BIT" -> {
        return defined(CInt.binary("<<", new CInt(1, 64, true), arg(c, 0, r)));
      }
      case "BIT_ULL" -> {
        return defined(CInt.binary("<<", new CInt(1, 64, true), arg(c, 0, r)));
      }
      case "DIV_ROUND_UP" -> {
        CInt n = arg(c, 0, r);
        CInt d = arg(c, 1, r);
        return defined(CInt.binary("/", defined(CInt.binary("-", defined(CInt.binary("+", n, d)),
            CInt.ONE)), d));
      }
      case "abs" -> {
        CInt v = arg(c, 0, r);
        return !v.unsigned() && v.v() < 0 ? defined(CInt.unary("-", v)) : v;
      }
      default -> {
        if (a.isEmpty() && c.name().isEmpty()) {
          throw Unknown.INSTANCE;
        }
        return probed(c);
      }
    }
  }

  /** min (or max) of two values in their common type, as the kernel's macros compare them. */
  private static CInt pick(CInt x, CInt y, boolean min) {
    CInt.Type t = CInt.common(x, y);
    CInt a = CInt.convert(x, t);
    CInt b = CInt.convert(y, t);
    boolean less = CInt.binary("<", a, b).isTrue();
    return less == min ? a : b;
  }

  /** The jiffies comparisons: the signed difference of the two times. */
  private static CInt time(String name, CInt a, CInt b, CInt.Type signed) {
    return switch (name) {
      case "time_after" -> CInt.ofBool(CInt.convert(defined(CInt.binary("-", b, a)), signed).v() < 0);
      case "time_before" -> CInt.ofBool(CInt.convert(defined(CInt.binary("-", a, b)), signed).v() < 0);
      case "time_after_eq" -> CInt.ofBool(CInt.convert(defined(CInt.binary("-", a, b)), signed).v() >= 0);
      default -> CInt.ofBool(CInt.convert(defined(CInt.binary("-", b, a)), signed).v() >= 0);
    };
  }
}
