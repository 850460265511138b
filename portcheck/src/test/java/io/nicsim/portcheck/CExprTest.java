package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.port.exec.InputField;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The comparison reader's C: expressions parsed with C's precedence and evaluated with C's
 * integer rules (u32 wrap, the usual arithmetic conversions, signed casts, shifts), and a
 * function's decisions read in terms of the input fields.
 */
class CExprTest {
  private static final CExpr.Types NO_TYPEDEFS = new CExpr.Types() {
    @Override
    public boolean isTypeName(String word) {
      return false;
    }

    @Override
    public CInt.Type typedef(String word) {
      return null;
    }
  };

  private static final List<InputField> FIELDS = List.of(InputField.u32("a"),
      InputField.u32("b"), InputField.s32("s"), InputField.u64("t"));

  private static CInt eval(String c, long... r) {
    List<CLex> l = CLex.of(c, 0);
    CExpr.Node n = new CExpr.Parser(l, 0, l.size(), NO_TYPEDEFS).expression();
    return new CEval(new FieldMap(FIELDS), Map.of(), Map.of()).eval(n, r);
  }

  @Test
  void cIntegerRules() {
    // u32 arithmetic wraps; comparing with a negative int converts it to unsigned
    assertThat(eval("a - b", 1, 2, 0, 0).v()).isEqualTo(0xFFFF_FFFFL);
    assertThat(eval("a < -1", 5, 0, 0, 0).v()).isEqualTo(1);
    assertThat(eval("(s32)(a - b) < 0", 1, 2, 0, 0).v()).isEqualTo(1);
    assertThat(eval("s < a", 0, 0, -1, 5).v()).isZero(); // -1 as u32 is 4294967295
    assertThat(eval("t + a > t", 1, 0, 0, -1).v()).isZero(); // u64 wraps
    assertThat(eval("1 << 3 + 1").v()).isEqualTo(16); // + binds tighter than <<
    assertThat(eval("a & 3 == 3", 7, 0, 0, 0).v()).isEqualTo(1); // == binds tighter than &
    assertThat(eval("0xffffffff").unsigned()).isTrue();
    assertThat(eval("2147483648").bits()).isEqualTo(64);
    assertThat(eval("a ? b : 7", 0, 3, 0, 0).v()).isEqualTo(7);
    assertThat(eval("min(a, b)", 9, 4, 0, 0).v()).isEqualTo(4);
    assertThat(eval("time_after(t, a)", 0, 0, 0, 5).v()).isEqualTo(1);
  }

  @Test
  void aDecisionIsReadThroughLocalsAndCalleesInFieldTerms() {
    String c = "static int helper(u32 x, u32 y) { return x - y > 100; }\n"
        + "int f(struct s *p, u32 a) {\n"
        + "  u32 d = p->b + 1;\n"
        + "  if (helper(a, d))\n"
        + "    return 1;\n"
        + "  return p->t == 0;\n"
        + "}\n";
    CDefinitions defs = CDefinitions.of(new CSource("f.c", c));
    CExtraction.Result taken = CExtraction.take(List.of(defs), List.of(), "f", defs);
    EdgeTargets t = EdgeTargets.of(taken, List.of(), FIELDS).finish(Map.of());
    List<String> quantities = t.quantities().stream().map(q -> CExpr.render(q.node())).toList();
    // helper inlined, d replaced by what it was given: a - (b + 1) against 100
    assertThat(quantities).contains("((a - ((p)->b + 1)) - 100)", "((p)->t - 0)");
    // a target solves for one field: a made b + 1 + 100 gives the comparison's edge
    long[] r = {0, 41, 0, 0};
    EdgeTargets.Quantity q = t.quantities().stream()
        .filter(x -> CExpr.render(x.node()).equals("((a - ((p)->b + 1)) - 100)")).findFirst()
        .orElseThrow();
    assertThat(t.apply(q, 0, 0, r)).isTrue();
    assertThat(r[0]).isEqualTo(142);
  }

  /**
   * A helper of declarations and one return is read inline, and a quantity its field does not
   * enter with slope ±1 (a scaled, truncating conversion) is solved where it crosses the edge:
   * the value of b that makes {@code b * (a / 64000) / 1000} exactly 0xFFFF, and the one past.
   */
  @Test
  void aScaledQuantityIsSolvedWhereItCrossesItsEdge() {
    String c = "static int to_ticks(struct s *p, int us) {\n"
        + "  struct s *q = p;\n"
        + "  return us * (q->a / 64000) / 1000;\n"
        + "}\n"
        + "int f(struct s *p, u32 b) {\n"
        + "  unsigned int cycle;\n"
        + "  cycle = to_ticks(p, b);\n"
        + "  if (cycle > 0xFFFF)\n"
        + "    return -22;\n"
        + "  return 0;\n"
        + "}\n";
    CDefinitions defs = CDefinitions.of(new CSource("f.c", c));
    CExtraction.Result taken = CExtraction.take(List.of(defs), List.of(), "f", defs);
    EdgeTargets t = EdgeTargets.of(taken, List.of(), FIELDS).finish(Map.of());
    EdgeTargets.Quantity q = t.quantities().stream()
        .filter(x -> CExpr.render(x.node()).contains("64000")).findFirst().orElseThrow();
    long[] r = {64_000_000, 7, 0, 0}; // one tick per µs
    assertThat(t.apply(q, 1, 0, r)).isTrue();
    assertThat(r[1]).isEqualTo(0xFFFF);
    assertThat(t.apply(q, 1, 1, r)).isTrue();
    assertThat(r[1]).isEqualTo(0x10000);
    long[] coarse = {125_000_000, 7, 0, 0}; // 1.953 ticks per µs: 0xFFFF is never the result
    assertThat(t.apply(q, 1, 0, coarse)).isFalse();
    assertThat(coarse[1]).isEqualTo(7);
  }
}
