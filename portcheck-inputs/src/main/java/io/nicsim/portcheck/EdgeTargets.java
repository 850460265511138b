package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.portcheck.CExpr.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The inputs a function's own comparisons ask for. Every decision of the ported function and of
 * the tree functions it calls ({@link CFunctionReader}) is rewritten in terms of the input
 * fields: parameters and struct members by name ({@link FieldMap}), local variables by the value
 * last assigned to them, a callee's parameters by the caller's arguments, one-line helpers
 * inline. Each decision then gives quantities to steer: for {@code a < b} the difference
 * {@code a - b} (made 0, 1 or -1: equal and off by one on either side), for a value tested for
 * zero the value itself, for {@code time_after} and a signed cast of a difference also the
 * wrap points (the difference at 2^(w-1) and beside it). A target solves one quantity for one
 * field: the field's value that gives the quantity the wanted value with the record's other
 * fields as they are (exact for a field that enters with slope ±1, checked by evaluating again).
 * A quantity of a single field gives that field fixed edge values instead; the constants the
 * function compares with (and HZ's multiples) form a dictionary every field may draw from.
 */
final class EdgeTargets {
  private static final int MAX_DECISIONS = 600;
  private static final int CALL_DEPTH = 3;
  private static final int SUBST_DEPTH = 24;

  /** A quantity to steer: {@code node}'s value made each of {@code targets}. */
  record Quantity(Node node, long[] targets, int[] fields) {}

  /** One quantity, one field, one wanted value. */
  record Target(Quantity quantity, int field, long value) {}

  private final FieldMap fields;
  private final Map<String, CInt> constants;
  private final Map<String, CInt> probes = new HashMap<>();
  private final List<Quantity> quantities = new ArrayList<>();
  private final List<Node> compared = new ArrayList<>();
  private final Set<String> probeTexts = new LinkedHashSet<>();
  private final Set<String> quantityKeys = new HashSet<>();
  private List<Target> targets = List.of();
  private long[][] fieldEdges;
  private long[] dictionary = new long[0];
  private CEval eval;

  private EdgeTargets(FieldMap fields, Map<String, CInt> constants) {
    this.fields = fields;
    this.constants = constants;
  }

  /** No C to read: no targets (the generator falls back to the fields' own edges). */
  static EdgeTargets none(List<InputField> fields) {
    EdgeTargets t = new EdgeTargets(new FieldMap(fields), Map.of());
    t.finish(Map.of());
    return t;
  }

  /**
   * Reads the decisions of {@code taken}'s function.
   *
   * @param provided the harness's and nicsim's header's definitions (their macros win over the
   *     tree's, as in the program)
   */
  static EdgeTargets of(CExtraction.Result taken, List<CDefinitions> provided,
      List<InputField> inputs) {
    CMacros macros = new CMacros();
    List<CDefinition> typedefs = new ArrayList<>();
    for (CDefinitions p : provided) {
      for (String name : p.ordinaryNames()) {
        for (CDefinition d : p.ordinary(name)) {
          if (d.kind() == CDefinition.Kind.MACRO) {
            macros.add(List.of(d));
          } else if (d.kind() == CDefinition.Kind.TYPE) {
            typedefs.add(d);
          }
        }
      }
    }
    macros.add(taken.macros());
    typedefs.addAll(taken.types());
    TypeNames types = new TypeNames(typedefs);
    FieldMap fields = new FieldMap(inputs);
    Map<String, CInt> constants = new HashMap<>();
    EdgeTargets t = new EdgeTargets(fields, constants);
    t.eval = new CEval(fields, constants, t.probes);
    t.enumerators(taken.types(), macros, types);
    if (macros.defines("HZ")) {
      t.constant("HZ", macros, types);
    }
    Map<String, CFunctionReader.Body> bodies = new HashMap<>();
    for (CDefinition f : taken.functions()) {
      bodies.putIfAbsent(f.name(), CFunctionReader.read(f, macros, types));
    }
    taken.root().ifPresent(root -> {
      CFunctionReader.Body body = bodies.get(root.name());
      if (body != null) {
        t.collect(new Scope(body, null), bodies, 0, new HashSet<>());
      }
    });
    for (Quantity q : t.quantities) {
      t.findProbes(q.node());
    }
    for (Node n : t.compared) {
      t.findProbes(n);
    }
    return t;
  }

  /** C expressions whose values the program should print (closed, but beyond this evaluator). */
  List<String> probes() {
    return List.copyOf(probeTexts);
  }

  /** The program's values for {@link #probes()}; then the targets and edges are final. */
  EdgeTargets finish(Map<String, CInt> probed) {
    probes.putAll(probed);
    if (eval == null) {
      eval = new CEval(fields, constants, probes);
    }
    List<Target> out = new ArrayList<>();
    Map<Integer, Set<Long>> edges = new HashMap<>();
    Set<Long> dict = new LinkedHashSet<>();
    for (Quantity q : quantities) {
      if (q.fields().length == 1) {
        absolute(q, q.fields()[0], edges);
      }
      for (int f : q.fields()) {
        for (long v : q.targets()) {
          out.add(new Target(q, f, v));
        }
      }
    }
    long[] zero = zeroRecord();
    for (Node n : compared) {
      try {
        CInt c = eval.eval(n, zero);
        if (!dependsOnFields(n)) {
          dict.add(c.v() - 1);
          dict.add(c.v());
          dict.add(c.v() + 1);
        }
      } catch (CEval.Unknown e) {
        // a side that depends on something unknown
      }
    }
    CInt hz = constants.get("HZ");
    if (hz != null && hz.v() > 0) {
      for (long k : new long[] {1, 2, 3, 4, 5, 8, 10, 16, 32, 60, 100, 1000, 3600}) {
        dict.add(hz.v() * k);
        dict.add(hz.v() * k - 1);
        dict.add(hz.v() * k + 1);
        dict.add(hz.v() / k);
      }
    }
    targets = List.copyOf(out);
    fieldEdges = new long[fields.size()][];
    for (int f = 0; f < fields.size(); f++) {
      InputField field = fields.field(f);
      fieldEdges[f] = edges.getOrDefault(f, Set.of()).stream().filter(field::contains)
          .mapToLong(Long::longValue).toArray();
    }
    dictionary = dict.stream().mapToLong(Long::longValue).toArray();
    return this;
  }

  List<Target> targets() {
    return targets;
  }

  /** The fields some decision of the function reads. */
  int[] relevant() {
    Set<Integer> out = new TreeSet<>();
    for (Quantity q : quantities) {
      for (int f : q.fields()) {
        out.add(f);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Values of field {@code f} that put one of the function's comparisons on its edge. */
  long[] edges(int f) {
    return fieldEdges[f];
  }

  /** Constants the function compares with (and beside them), for any field. */
  long[] dictionary() {
    return dictionary;
  }

  /**
   * Sets {@code r}'s target field so that the quantity takes the target value given the other
   * fields; false (and {@code r} unchanged) when that value cannot be found or lies outside the
   * field's domain.
   */
  boolean apply(Target t, long[] r) {
    return apply(t.quantity(), t.field(), t.value(), r);
  }

  /** The function's quantities (each with at least one field). */
  List<Quantity> quantities() {
    return quantities;
  }

  /** {@link #apply(Target, long[])} for any wanted value of a quantity. */
  boolean apply(Quantity q, int f, long value, long[] r) {
    Target t = new Target(q, f, value);
    long old = r[f];
    try {
      CInt d0 = eval.eval(t.quantity().node(), r);
      int w = d0.bits();
      long mask = w == 64 ? -1L : (1L << w) - 1;
      r[f] = old + 1;
      CInt d1 = eval.eval(t.quantity().node(), r);
      long slope = (d1.v() - d0.v()) & mask;
      long need = (t.value() - d0.v()) & mask;
      if (w < 64 && (need & (1L << (w - 1))) != 0) {
        need |= ~mask; // the nearest way round
      }
      long v;
      if (slope == 1) {
        v = old + need;
      } else if (slope == mask) {
        v = old - need;
      } else {
        r[f] = old;
        return crossing(q, f, value, w, r);
      }
      InputField field = fields.field(f);
      for (long candidate : new long[] {v, wrap(v, field)}) {
        if (!field.contains(candidate)) {
          continue;
        }
        r[f] = candidate;
        CInt got = eval.eval(t.quantity().node(), r);
        if (((got.v() - t.value()) & mask) == 0) {
          return true;
        }
      }
    } catch (CEval.Unknown e) {
      // not evaluable on this record
    }
    r[f] = old;
    return false;
  }

  /**
   * A quantity whose field does not enter with slope ±1 ({@code us * k / 1000 > 0xFFFF},
   * {@code rtt >> log < 32}): the first place, scanning the field's domain upwards through its
   * powers of two, where the quantity passes the wanted value, found by bisection; true (and
   * {@code r} set) when a value there gives the wanted value exactly. A quantity and field that
   * never give it stop being tried after a few records.
   */
  private boolean crossing(Quantity q, int f, long value, int w, long[] r) {
    Long key = ((long) System.identityHashCode(q) << 32) ^ f;
    int[] tries = crossingTries.computeIfAbsent(key, k -> new int[2]);
    if (tries[1] == 0 && tries[0] >= CROSSING_TRIES) {
      return false;
    }
    tries[0]++;
    InputField field = fields.field(f);
    long old = r[f];
    try {
      long[] points = scanPoints(field);
      long prev = points[0];
      boolean prevBelow = below(q, f, prev, value, w, r);
      for (int i = 1; i < points.length; i++) {
        long x = points[i];
        boolean xBelow = below(q, f, x, value, w, r);
        if (xBelow != prevBelow) {
          long lo = prev;
          long hi = x;
          for (int step = 0; step < 70 && !sameOrNext(lo, hi, field); step++) {
            long mid = middle(lo, hi, field);
            if (below(q, f, mid, value, w, r) == prevBelow) {
              lo = mid;
            } else {
              hi = mid;
            }
          }
          for (long c : new long[] {hi, lo}) {
            r[f] = c;
            if (((eval.eval(q.node(), r).v() - value) & mask(w)) == 0) {
              tries[1]++;
              return true;
            }
          }
          break;
        }
        prev = x;
      }
    } catch (CEval.Unknown e) {
      // not evaluable on this record
    }
    r[f] = old;
    return false;
  }

  private static final int CROSSING_TRIES = 24;
  private final Map<Long, int[]> crossingTries = new HashMap<>();

  /** Whether the quantity with field {@code f} at {@code x} is below {@code value} (w-bit signed). */
  private boolean below(Quantity q, int f, long x, long value, int w, long[] r) {
    r[f] = x;
    long d = (eval.eval(q.node(), r).v() - value) & mask(w);
    return w == 64 ? d < 0 : (d & (1L << (w - 1))) != 0;
  }

  private static long mask(int w) {
    return w == 64 ? -1L : (1L << w) - 1;
  }

  /** The domain's ends, 0 and the powers of two between, ascending. */
  private static long[] scanPoints(InputField field) {
    TreeSet<Long> pts = new TreeSet<>(field.unsigned()
        ? Long::compareUnsigned : Long::compare);
    pts.add(field.min());
    pts.add(field.max());
    if (field.contains(0)) {
      pts.add(0L);
    }
    for (int k = 0; k < 64; k++) {
      long p = 1L << k;
      if (field.contains(p)) {
        pts.add(p);
      }
      if (field.contains(p - 1)) {
        pts.add(p - 1);
      }
    }
    return pts.stream().mapToLong(Long::longValue).toArray();
  }

  /** {@code v} wrapped into an unsigned field's width (a u32 field given a 64-bit solution). */
  private static long wrap(long v, InputField f) {
    if (f.unsigned() && f.min() == 0 && f.max() != -1L && Long.bitCount(f.max() + 1) == 1) {
      return v & f.max();
    }
    return v;
  }

  /** Field {@code f}'s values that put a quantity of f alone on its targets. */
  private void absolute(Quantity q, int f, Map<Integer, Set<Long>> edges) {
    long[] r = zeroRecord();
    Set<Long> out = edges.computeIfAbsent(f, k -> new LinkedHashSet<>());
    for (long v : q.targets()) {
      if (apply(new Target(q, f, v), r)) {
        out.add(r[f]);
      }
    }
    if (out.isEmpty()) {
      monotone(q, f, r, out);
    }
  }

  /**
   * A quantity not linear in its field ({@code x * 1000 > LIMIT}, {@code x >> 3 < n}):
   * bisection for where it crosses each target, assuming it is monotone over the domain.
   */
  private void monotone(Quantity q, int f, long[] r, Set<Long> out) {
    InputField field = fields.field(f);
    try {
      for (long t : q.targets()) {
        if (t != 0) {
          continue;
        }
        long lo = field.min();
        long hi = field.max();
        r[f] = lo;
        boolean loSign = signed(eval.eval(q.node(), r)) < 0;
        r[f] = hi;
        boolean hiSign = signed(eval.eval(q.node(), r)) < 0;
        if (loSign == hiSign) {
          continue;
        }
        for (int step = 0; step < 70 && !sameOrNext(lo, hi, field); step++) {
          long mid = middle(lo, hi, field);
          r[f] = mid;
          if ((signed(eval.eval(q.node(), r)) < 0) == loSign) {
            lo = mid;
          } else {
            hi = mid;
          }
        }
        out.add(lo);
        out.add(hi);
        if (field.contains(hi + 1)) {
          out.add(hi + 1);
        }
        if (field.contains(lo - 1)) {
          out.add(lo - 1);
        }
      }
    } catch (CEval.Unknown e) {
      // not evaluable
    }
  }

  private static long signed(CInt v) {
    return v.bits() == 32 ? (int) v.v() : v.unsigned() && v.v() < 0 ? Long.MAX_VALUE : v.v();
  }

  private static boolean sameOrNext(long lo, long hi, InputField f) {
    return lo == hi || lo + 1 == hi;
  }

  private static long middle(long lo, long hi, InputField f) {
    if (f.unsigned()) {
      return lo + ((hi - lo) >>> 1);
    }
    return (lo >> 1) + (hi >> 1) + (lo & hi & 1);
  }

  private long[] zeroRecord() {
    long[] r = new long[fields.size()];
    for (int f = 0; f < r.length; f++) {
      r[f] = fields.field(f).simplest();
    }
    return r;
  }

  // ---- reading the decisions ----

  /** A function being read: the caller's arguments for its parameters (null for the root). */
  private record Scope(CFunctionReader.Body body, Map<String, Node> args) {}

  private void collect(Scope s, Map<String, CFunctionReader.Body> bodies, int depth,
      Set<String> active) {
    if (!active.add(s.body().name())) {
      return;
    }
    for (CFunctionReader.Decision d : s.body().decisions()) {
      if (quantities.size() >= MAX_DECISIONS) {
        break;
      }
      Node n = subst(d.node(), s, d.pos(), 0, bodies);
      decision(n, d.truth());
    }
    if (depth < CALL_DEPTH) {
      for (CFunctionReader.CallSite c : s.body().calls()) {
        CFunctionReader.Body callee = bodies.get(c.name());
        if (callee == null || callee.singleReturn() != null || quantities.size() >= MAX_DECISIONS) {
          continue; // one-line helpers are read inline where they are used
        }
        Map<String, Node> args = new HashMap<>();
        for (int k = 0; k < callee.params().size() && k < c.args().size(); k++) {
          args.put(callee.params().get(k), subst(c.args().get(k), s, c.pos(), 0, bodies));
        }
        collect(new Scope(callee, args), bodies, depth + 1, active);
      }
    }
    active.remove(s.body().name());
  }

  /** {@code n} in terms of the input fields. */
  private Node subst(Node n, Scope s, int pos, int depth, Map<String, CFunctionReader.Body> bodies) {
    if (depth > SUBST_DEPTH) {
      return CExpr.OPAQUE;
    }
    if (n instanceof CExpr.Id id) {
      String name = id.name();
      if (s.args() != null && s.args().containsKey(name)) {
        return s.args().get(name);
      }
      List<CFunctionReader.Definition> defs = s.body().locals().get(name);
      if (defs != null) {
        if (defs.isEmpty()) {
          return fields.identifier(name) >= 0 ? n : CExpr.OPAQUE;
        }
        CFunctionReader.Definition chosen = defs.get(0);
        for (CFunctionReader.Definition d : defs) {
          if (d.pos() < pos) {
            chosen = d;
          }
        }
        return subst(chosen.value(), s, chosen.pos(), depth + 1, bodies);
      }
      if (s.body().params().contains(name)) {
        return fields.identifier(name) >= 0 ? n : CExpr.OPAQUE;
      }
      return n;
    }
    if (n instanceof CExpr.Member m) {
      return fields.member(m.name(), m.base()) >= 0 ? n : CExpr.OPAQUE;
    }
    if (n instanceof CExpr.Call c) {
      List<Node> args = new ArrayList<>();
      for (Node a : c.args()) {
        args.add(subst(a, s, pos, depth + 1, bodies));
      }
      CFunctionReader.Body callee = bodies.get(c.name());
      if (callee != null && callee.singleReturn() != null && !callee.name().equals(
          s.body().name())) {
        Map<String, Node> bound = new HashMap<>();
        for (int k = 0; k < callee.params().size() && k < args.size(); k++) {
          bound.put(callee.params().get(k), args.get(k));
        }
        return subst(callee.singleReturn(), new Scope(callee, bound), Integer.MAX_VALUE,
            depth + 1, bodies);
      }
      return new CExpr.Call(c.name(), args);
    }
    if (n instanceof CExpr.Unary u) {
      if (u.op().equals("*") || u.op().equals("&") || u.op().equals("++")
          || u.op().equals("--")) {
        return CExpr.OPAQUE;
      }
      return new CExpr.Unary(u.op(), subst(u.x(), s, pos, depth + 1, bodies));
    }
    if (n instanceof CExpr.Binary b) {
      return new CExpr.Binary(b.op(), subst(b.a(), s, pos, depth + 1, bodies),
          subst(b.b(), s, pos, depth + 1, bodies));
    }
    if (n instanceof CExpr.Cond c) {
      return new CExpr.Cond(subst(c.c(), s, pos, depth + 1, bodies),
          subst(c.a(), s, pos, depth + 1, bodies), subst(c.b(), s, pos, depth + 1, bodies));
    }
    if (n instanceof CExpr.Cast c) {
      return c.x() == CExpr.OPAQUE ? c
          : new CExpr.Cast(c.type(), c.text(), subst(c.x(), s, pos, depth + 1, bodies));
    }
    if (n instanceof CExpr.Index x) {
      return new CExpr.Index(subst(x.base(), s, pos, depth + 1, bodies),
          subst(x.index(), s, pos, depth + 1, bodies));
    }
    if (n instanceof CExpr.Assign) {
      return CExpr.OPAQUE;
    }
    return n;
  }

  private static final long[] NEAR = {0, 1, -1};

  /** The quantities of one decision (in field terms). */
  private void decision(Node n, boolean truth) {
    if (n instanceof CExpr.Binary b && (b.op().equals("&&") || b.op().equals("||"))) {
      decision(b.a(), true);
      decision(b.b(), true);
      return;
    }
    if (n instanceof CExpr.Unary u && u.op().equals("!")) {
      decision(u.x(), true);
      return;
    }
    if (n instanceof CExpr.Binary b && CFunctionReader.isComparison(b.op())) {
      compared.add(b.a());
      compared.add(b.b());
      quantity(new CExpr.Binary("-", b.a(), b.b()), NEAR);
      wraps(n);
      return;
    }
    if (n instanceof CExpr.Call c && CFunctionReader.isComparingCall(c.name())) {
      List<Node> a = c.args();
      String name = c.name();
      if (name.startsWith("time_")) {
        if (a.size() >= 2) {
          boolean narrow = name.endsWith("32");
          CInt.Type t = narrow ? CInt.Type.INT : CInt.Type.LONG;
          Node diff = new CExpr.Binary("-", a.get(0), a.get(1));
          quantity(new CExpr.Cast(t, narrow ? "s32" : "long", diff), halfway(narrow ? 32 : 64));
          compared.add(a.get(1));
        }
        return;
      }
      int from = name.endsWith("_t") ? 1 : 0; // min_t(type, a, b)
      for (int x = from; x < a.size(); x++) {
        for (int y = x + 1; y < a.size(); y++) {
          quantity(new CExpr.Binary("-", a.get(x), a.get(y)), NEAR);
          compared.add(a.get(y));
        }
        wraps(a.get(x));
      }
      return;
    }
    if (truth) {
      quantity(n, NEAR);
      wraps(n);
    }
  }

  /** 0 and ±1, and the signed wrap point of a {@code bits}-bit difference with its neighbours. */
  private static long[] halfway(int bits) {
    long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
    return new long[] {0, 1, -1, min, min + 1, min - 1};
  }

  /** Signed casts of a difference inside {@code n}: their wrap points. */
  private void wraps(Node n) {
    if (n instanceof CExpr.Cast c) {
      if (c.type() != null && !c.type().unsigned() && c.type().bits() >= 16
          && c.x() instanceof CExpr.Binary b && b.op().equals("-")) {
        quantity(c, halfway(c.type().bits()));
      }
      wraps(c.x());
    } else if (n instanceof CExpr.Binary b) {
      wraps(b.a());
      wraps(b.b());
    } else if (n instanceof CExpr.Unary u) {
      wraps(u.x());
    } else if (n instanceof CExpr.Cond c) {
      wraps(c.c());
      wraps(c.a());
      wraps(c.b());
    } else if (n instanceof CExpr.Call c) {
      c.args().forEach(this::wraps);
    }
  }

  private void quantity(Node n, long[] targets) {
    Set<Integer> fs = new LinkedHashSet<>();
    if (!collectFields(n, fs) || fs.isEmpty()) {
      return;
    }
    String text = CExpr.render(n);
    if (text != null && !quantityKeys.add(text + Arrays.toString(targets))) {
      return; // the same quantity from another decision
    }
    quantities.add(new Quantity(n, targets, fs.stream().mapToInt(Integer::intValue).toArray()));
  }

  /** The fields {@code n} reads; false when it holds something never evaluable. */
  private boolean collectFields(Node n, Set<Integer> out) {
    if (n == CExpr.OPAQUE) {
      return false;
    }
    CEval e = eval;
    int f = e.fieldOf(n);
    if (f >= 0) {
      out.add(f);
      return true;
    }
    if (n instanceof CExpr.Binary b) {
      return collectFields(b.a(), out) & collectFields(b.b(), out);
    }
    if (n instanceof CExpr.Unary u) {
      return collectFields(u.x(), out);
    }
    if (n instanceof CExpr.Cond c) {
      return collectFields(c.c(), out) & collectFields(c.a(), out) & collectFields(c.b(), out);
    }
    if (n instanceof CExpr.Cast c) {
      return c.x() == CExpr.OPAQUE || collectFields(c.x(), out);
    }
    if (n instanceof CExpr.Call c) {
      boolean ok = true;
      for (Node a : c.args()) {
        ok &= collectFields(a, out);
      }
      return ok;
    }
    if (n instanceof CExpr.Index x) {
      return collectFields(x.base(), out) & collectFields(x.index(), out);
    }
    return !(n instanceof CExpr.Assign) && !(n instanceof CExpr.Member);
  }

  private boolean dependsOnFields(Node n) {
    Set<Integer> fs = new HashSet<>();
    return !collectFields(n, fs) || !fs.isEmpty();
  }

  /** Closed sub-expressions Java cannot evaluate: the program evaluates them. */
  private void findProbes(Node n) {
    if (n == null || n == CExpr.OPAQUE) {
      return;
    }
    Set<Integer> fs = new HashSet<>();
    boolean closed = collectFields(n, fs) && fs.isEmpty();
    if (closed && !(n instanceof CExpr.Num)) {
      try {
        eval.eval(n, zeroRecord());
        return; // Java evaluates it
      } catch (CEval.Unknown e) {
        String text = CExpr.render(n);
        if (text != null && !(n instanceof CExpr.Cast c && c.x() == CExpr.OPAQUE)) {
          if (n instanceof CExpr.Id || n instanceof CExpr.Call || n instanceof CExpr.Index
              || n instanceof CExpr.Opaque) {
            probeTexts.add(text);
            return;
          }
        }
      }
    }
    if (n instanceof CExpr.Binary b) {
      findProbes(b.a());
      findProbes(b.b());
    } else if (n instanceof CExpr.Unary u) {
      findProbes(u.x());
    } else if (n instanceof CExpr.Cond c) {
      findProbes(c.c());
      findProbes(c.a());
      findProbes(c.b());
    } else if (n instanceof CExpr.Cast c) {
      findProbes(c.x());
    } else if (n instanceof CExpr.Call c) {
      c.args().forEach(this::findProbes);
    } else if (n instanceof CExpr.Index x) {
      findProbes(x.base());
      findProbes(x.index());
    }
  }

  // ---- constants ----

  /** The values of the enumerators of {@code types}' enums. */
  private void enumerators(List<CDefinition> types, CMacros macros, CExpr.Types names) {
    for (CDefinition d : types) {
      String text = d.text();
      int brace = text.indexOf('{');
      if (brace < 0 || !text.substring(0, brace).contains("enum")) {
        continue;
      }
      List<CLex> body = macros.expand(CLex.of(text.substring(brace), 0));
      List<List<CLex>> items = new ArrayList<>();
      CMacros.arguments(body, 0, items);
      CInt next = CInt.ZERO;
      for (List<CLex> item : items) {
        if (item.isEmpty() || !item.get(0).isIdent()) {
          continue;
        }
        String name = item.get(0).text();
        CInt value = next;
        if (item.size() > 2 && item.get(1).isOp("=")) {
          try {
            value = eval.eval(new CExpr.Parser(item, 2, item.size(), names).expression(),
                new long[fields.size()]);
          } catch (CEval.Unknown | CExpr.Unreadable e) {
            value = null;
          }
        }
        if (value == null) {
          next = CInt.ZERO;
          continue;
        }
        constants.putIfAbsent(name, value);
        next = CInt.binary("+", value, CInt.ONE);
      }
    }
  }

  /** An object-like macro's value as a constant (HZ). */
  private void constant(String name, CMacros macros, CExpr.Types names) {
    List<CLex> l = macros.expand(List.of(new CLex(CLex.IDENT, name, 0)));
    try {
      constants.put(name, eval.eval(new CExpr.Parser(l, 0, l.size(), names).expression(),
          new long[fields.size()]));
    } catch (CEval.Unknown | CExpr.Unreadable e) {
      // not a constant here
    }
  }

  /** Typedef names of the program and the integer types they stand for. */
  private static final class TypeNames implements CExpr.Types {
    private final Map<String, CDefinition> defs = new LinkedHashMap<>();
    private final Map<String, CInt.Type> resolved = new HashMap<>();
    private final Set<String> resolving = new HashSet<>();

    TypeNames(List<CDefinition> typedefs) {
      for (CDefinition d : typedefs) {
        String t = d.text().strip();
        if (t.startsWith("typedef")) {
          defs.putIfAbsent(d.name(), d);
        }
      }
    }

    @Override
    public boolean isTypeName(String word) {
      return defs.containsKey(word);
    }

    @Override
    public CInt.Type typedef(String word) {
      if (resolved.containsKey(word)) {
        return resolved.get(word);
      }
      CDefinition d = defs.get(word);
      CInt.Type t = null;
      if (d != null && resolving.add(word)) {
        String text = d.text().strip();
        if (text.indexOf('{') < 0 && text.indexOf('(') < 0) {
          List<CLex> l = CLex.of(text, 0);
          List<String> words = new ArrayList<>();
          for (int k = 1; k < l.size() - 2; k++) {
            if (!l.get(k).isIdent()) {
              words = null;
              break;
            }
            words.add(l.get(k).text());
          }
          if (words != null) {
            t = CExpr.typeOf(words, this);
          }
        }
        resolving.remove(word);
      }
      resolved.put(word, t);
      return t;
    }
  }
}
