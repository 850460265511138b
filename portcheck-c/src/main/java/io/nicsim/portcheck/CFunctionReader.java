package io.nicsim.portcheck;

import io.nicsim.portcheck.CExpr.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one C function as the input generator needs it: its parameters, what each local
 * variable is assigned (and where), the calls it makes, and every decision it takes: the
 * conditions of {@code if}/{@code while}/{@code for}, the operands of {@code &&}, {@code ||},
 * {@code !} and {@code ?:}, every comparison, and the comparing macros ({@code min},
 * {@code time_after}, ...). Statements it cannot parse are skipped: this reads to find inputs
 * worth trying, never to decide what the function does.
 */
final class CFunctionReader {
  private static final Set<String> STATEMENT_KEYWORDS = Set.of("if", "while", "for", "switch",
      "do", "else", "return", "case", "default", "break", "continue", "goto");

  /** A value a local variable is given at {@code pos}. */
  record Definition(int pos, Node value) {}

  /** A decision: a comparison, or a value tested for zero ({@code truth}). */
  record Decision(Node node, boolean truth, int pos) {}

  /** A call of {@code name} at {@code pos}. */
  record CallSite(String name, List<Node> args, int pos) {}

  /**
   * What was read.
   *
   * @param singleReturn the returned expression when the body is one {@code return} after
   *     declarations only (such a helper is read inline where it is called), else null
   */
  record Body(String name, List<String> params, Map<String, List<Definition>> locals,
      List<Decision> decisions, List<CallSite> calls, Node singleReturn) {}

  private final List<CLex> lex;
  private final CExpr.Types types;
  private final Map<String, List<Definition>> locals = new HashMap<>();
  private final List<Decision> decisions = new ArrayList<>();
  private final List<CallSite> calls = new ArrayList<>();
  private int statements;
  private Node lastReturn;

  private CFunctionReader(List<CLex> lex, CExpr.Types types) {
    this.lex = lex;
    this.types = types;
  }

  /** Reads a function definition taken from a tree (its macros expanded with {@code macros}). */
  static Body read(CDefinition f, CMacros macros, CExpr.Types types) {
    String text = f.text();
    int bodyAt = f.bodyOpen() - f.start();
    List<String> params = params(CLex.of(text.substring(0, bodyAt), f.start()));
    List<CLex> body = macros.expand(CLex.of(text.substring(bodyAt), f.bodyOpen()));
    CFunctionReader r = new CFunctionReader(body, types);
    r.block(1, body.size() - 1);
    Node single = r.statements == 1 ? r.lastReturn : null;
    return new Body(f.name(), params, r.locals, r.decisions, r.calls, single);
  }

  /** Parameter names: the last identifier of each comma-separated part of the last (...). */
  private static List<String> params(List<CLex> head) {
    int close = head.size() - 1;
    while (close >= 0 && !head.get(close).isOp(")")) {
      close--;
    }
    int depth = 0;
    int open = -1;
    for (int k = close; k >= 0; k--) {
      if (head.get(k).isOp(")")) {
        depth++;
      } else if (head.get(k).isOp("(") && --depth == 0) {
        open = k;
        break;
      }
    }
    List<String> out = new ArrayList<>();
    if (open < 0) {
      return out;
    }
    String last = null;
    depth = 0;
    for (int k = open + 1; k < close; k++) {
      CLex l = head.get(k);
      if (l.isOp("(") || l.isOp("[")) {
        depth++;
      } else if (l.isOp(")") || l.isOp("]")) {
        depth--;
      } else if (l.isOp(",") && depth == 0) {
        if (last != null) {
          out.add(last);
        }
        last = null;
      } else if (l.isIdent() && (depth == 0 || (k > 0 && head.get(k - 1).isOp("*")))) {
        last = l.text();
      }
    }
    if (last != null && !last.equals("void")) {
      out.add(last);
    }
    return out;
  }

  /** The statements of {@code from..to} (a brace block's inside). */
  private void block(int from, int to) {
    int k = from;
    while (k < to) {
      k = statement(k, to);
    }
  }

  /** One statement from {@code k}; returns where the next starts. */
  private int statement(int k, int to) {
    CLex l = lex.get(k);
    if (l.isOp("{") || l.isOp("}") || l.isOp(";")) {
      return k + 1;
    }
    if (l.isIdent() && STATEMENT_KEYWORDS.contains(l.text())) {
      switch (l.text()) {
        case "if", "while", "switch" -> {
          statements += 2;
          if (k + 1 < to && lex.get(k + 1).isOp("(")) {
            int close = matching(k + 1, to);
            condition(k + 2, close, !l.is("switch"));
            return close + 1;
          }
          return k + 1;
        }
        case "for" -> {
          statements += 2;
          if (k + 1 < to && lex.get(k + 1).isOp("(")) {
            int close = matching(k + 1, to);
            int a = k + 2;
            int part = 0;
            for (int m = a; m <= close; m++) {
              if (m == close || (lex.get(m).isOp(";") && depthBetween(k + 2, m) == 0)) {
                if (part == 1) {
                  condition(a, m, true);
                } else {
                  simple(a, m);
                }
                part++;
                a = m + 1;
              }
            }
            return close + 1;
          }
          return k + 1;
        }
        case "return" -> {
          statements++;
          int end = statementEnd(k + 1, to);
          if (end > k + 1) {
            Node n = parse(k + 1, end);
            if (n != null) {
              walk(n, false, lex.get(k).pos());
              lastReturn = n;
            }
          }
          return end + 1;
        }
        case "case" -> {
          statements++;
          int m = k + 1;
          while (m < to && !(lex.get(m).isOp(":") && !lex.get(m - 1).isOp("?"))) {
            m++;
          }
          return m + 1;
        }
        case "default" -> {
          return k + 2;
        }
        case "else", "do" -> {
          return k + 1;
        }
        default -> {
          statements++;
          return statementEnd(k + 1, to) + 1;
        }
      }
    }
    // a label
    if (l.isIdent() && k + 1 < to && lex.get(k + 1).isOp(":")) {
      return k + 2;
    }
    int end = statementEnd(k, to);
    if (!isDeclaration(k, end)) {
      statements++; // a helper of declarations and one return is still read inline
    }
    simple(k, end);
    return end + 1;
  }

  /** A declaration or expression statement {@code from..to}. */
  private void simple(int from, int to) {
    if (from >= to) {
      return;
    }
    if (isDeclaration(from, to)) {
      declaration(from, to);
      return;
    }
    Node n = parse(from, to);
    if (n != null) {
      walk(n, false, lex.get(from).pos());
    }
  }

  private boolean isTypeWord(CLex l) {
    return l.isIdent() && (CExpr.TYPE_WORDS.contains(l.text())
        || CExpr.BUILTIN_TYPES.containsKey(l.text()) || types.isTypeName(l.text()));
  }

  private boolean isDeclaration(int from, int to) {
    CLex first = lex.get(from);
    if (!isTypeWord(first) || from + 1 >= to) {
      return false;
    }
    CLex next = lex.get(from + 1);
    return next.isIdent() || next.isOp("*");
  }

  private void declaration(int from, int to) {
    int k = from;
    // the type: words, each followed by another word or '*'
    while (k + 1 < to && lex.get(k).isIdent()
        && (lex.get(k + 1).isIdent() || lex.get(k + 1).isOp("*"))) {
      k++;
    }
    while (k < to) {
      while (k < to && lex.get(k).isOp("*")) {
        k++;
      }
      if (k >= to || !lex.get(k).isIdent()) {
        return;
      }
      String name = lex.get(k).text();
      int pos = lex.get(k).pos();
      k++;
      while (k < to && lex.get(k).isOp("[")) {
        k = matching(k, to) + 1;
      }
      if (k < to && lex.get(k).isOp("=")) {
        k++;
        if (k < to && lex.get(k).isOp("{")) {
          k = matching(k, to) + 1;
        } else {
          CExpr.Parser p = new CExpr.Parser(lex, k, to, types);
          try {
            Node init = p.assignment();
            define(name, pos, init);
            walk(init, false, pos);
            k = p.position();
          } catch (CExpr.Unreadable e) {
            return;
          }
        }
      } else {
        locals.computeIfAbsent(name, x -> new ArrayList<>());
      }
      if (k < to && lex.get(k).isOp(",")) {
        k++;
      } else {
        return;
      }
    }
  }

  private void define(String name, int pos, Node value) {
    locals.computeIfAbsent(name, x -> new ArrayList<>()).add(new Definition(pos, value));
  }

  /** A condition {@code from..to}: tested for truth when {@code truth}. */
  private void condition(int from, int to, boolean truth) {
    Node n = parse(from, to);
    if (n != null) {
      walk(n, truth, lex.get(from).pos());
    }
  }

  private Node parse(int from, int to) {
    try {
      CExpr.Parser p = new CExpr.Parser(lex, from, to, types);
      return p.expression();
    } catch (CExpr.Unreadable | IndexOutOfBoundsException e) {
      return null;
    }
  }

  static boolean isComparison(String op) {
    return op.equals("<") || op.equals("<=") || op.equals(">") || op.equals(">=")
        || op.equals("==") || op.equals("!=");
  }

  /** Comparing macros and helpers read as comparisons of their operands. */
  static boolean isComparingCall(String name) {
    return name.startsWith("time_") || name.startsWith("min") || name.startsWith("max")
        || name.startsWith("clamp") || name.equals("umin") || name.equals("umax");
  }

  /** Collects the decisions under {@code n}; {@code truth}: n itself is tested for zero. */
  private void walk(Node n, boolean truth, int pos) {
    if (n instanceof CExpr.Binary b) {
      if (isComparison(b.op())) {
        decisions.add(new Decision(b, false, pos));
        walk(b.a(), false, pos);
        walk(b.b(), false, pos);
        return;
      }
      if (b.op().equals("&&") || b.op().equals("||")) {
        walk(b.a(), true, pos);
        walk(b.b(), true, pos);
        return;
      }
      if (truth) {
        decisions.add(new Decision(n, true, pos));
      }
      walk(b.a(), false, pos);
      walk(b.b(), false, pos);
      return;
    }
    if (n instanceof CExpr.Unary u) {
      if (u.op().equals("!")) {
        walk(u.x(), true, pos);
        return;
      }
      if (truth) {
        decisions.add(new Decision(n, true, pos));
      }
      walk(u.x(), false, pos);
      return;
    }
    if (n instanceof CExpr.Cond c) {
      walk(c.c(), true, pos);
      walk(c.a(), truth, pos);
      walk(c.b(), truth, pos);
      return;
    }
    if (n instanceof CExpr.Call c) {
      if (isComparingCall(c.name())) {
        decisions.add(new Decision(c, false, pos));
      } else if (truth && !c.name().equals("likely") && !c.name().equals("unlikely")
          && !c.name().startsWith("WARN") && !c.name().equals("BUG_ON")) {
        decisions.add(new Decision(n, true, pos));
      }
      if (!c.name().isEmpty()) {
        calls.add(new CallSite(c.name(), c.args(), pos));
      }
      // likely(c), WARN_ON(c): c is a condition; READ_ONCE(x): x as the call is used
      boolean condition = c.name().equals("likely") || c.name().equals("unlikely")
          || c.name().startsWith("WARN") || c.name().equals("BUG_ON");
      boolean same = c.name().equals("READ_ONCE") || c.name().equals("data_race");
      for (Node a : c.args()) {
        walk(a, condition || (same && truth), pos);
      }
      return;
    }
    if (n instanceof CExpr.Assign a) {
      if (a.target() instanceof CExpr.Id id && a.op().equals("=")) {
        define(id.name(), pos, a.value());
      }
      walk(a.value(), false, pos);
      return;
    }
    if (n instanceof CExpr.Cast c) {
      walk(c.x(), truth, pos);
      return;
    }
    if (n instanceof CExpr.Member m) {
      if (truth) {
        decisions.add(new Decision(n, true, pos));
      }
      walk(m.base(), false, pos);
      return;
    }
    if (n instanceof CExpr.Index x) {
      if (truth) {
        decisions.add(new Decision(n, true, pos));
      }
      walk(x.base(), false, pos);
      walk(x.index(), false, pos);
      return;
    }
    if (truth && (n instanceof CExpr.Id)) {
      decisions.add(new Decision(n, true, pos));
    }
  }

  /** The {@code ;} ending the statement from {@code k} (outside brackets), or {@code to}. */
  private int statementEnd(int k, int to) {
    int depth = 0;
    for (int m = k; m < to; m++) {
      CLex l = lex.get(m);
      if (l.isOp("(") || l.isOp("[") || l.isOp("{")) {
        depth++;
      } else if (l.isOp(")") || l.isOp("]") || l.isOp("}")) {
        if (depth == 0) {
          return m; // the enclosing block ends without a ';'
        }
        depth--;
      } else if (l.isOp(";") && depth == 0) {
        return m;
      }
    }
    return to;
  }

  private int depthBetween(int from, int at) {
    int depth = 0;
    for (int m = from; m < at; m++) {
      if (lex.get(m).isOp("(") || lex.get(m).isOp("[") || lex.get(m).isOp("{")) {
        depth++;
      } else if (lex.get(m).isOp(")") || lex.get(m).isOp("]") || lex.get(m).isOp("}")) {
        depth--;
      }
    }
    return depth;
  }

  private int matching(int open, int to) {
    int depth = 0;
    for (int m = open; m < to; m++) {
      CLex l = lex.get(m);
      if (l.isOp("(") || l.isOp("[") || l.isOp("{")) {
        depth++;
      } else if (l.isOp(")") || l.isOp("]") || l.isOp("}")) {
        if (--depth == 0) {
          return m;
        }
      }
    }
    return to - 1;
  }
}
