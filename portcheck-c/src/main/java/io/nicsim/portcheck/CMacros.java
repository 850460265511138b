package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The macros a function's text may use, expanded as the preprocessor would for reading its
 * expressions: object-like and function-like macros, arguments expanded first, a macro never
 * re-expanded inside itself. Macros using {@code #} or {@code ##}, and the names the reader
 * interprets itself ({@link #KEPT}), stay as written. Which {@code #if} variant of a macro the
 * build would pick is not known here: the first one is used (the inputs only need to come near
 * the comparisons, not to match them exactly).
 */
final class CMacros {
  /** Names read as calls by {@link CExpr}'s evaluator rather than expanded. */
  static final Set<String> KEPT = Set.of(
      "min", "max", "min_t", "max_t", "min3", "max3", "umin", "umax", "clamp", "clamp_t",
      "clamp_val", "time_after", "time_before", "time_after_eq", "time_before_eq",
      "time_after32", "time_before32", "time_after_eq32", "time_before_eq32", "time_in_range",
      "READ_ONCE", "WRITE_ONCE", "likely", "unlikely", "data_race", "WARN_ON", "WARN_ON_ONCE",
      "BUG_ON", "WARN", "WARN_ONCE", "typecheck", "sizeof", "__builtin_constant_p",
      "BIT", "BIT_ULL", "GENMASK", "GENMASK_ULL", "DIV_ROUND_UP", "abs");
  private static final int MAX_OUTPUT = 50_000;
  private static final int MAX_DEPTH = 16;

  /** One macro: {@code params} null when object-like. */
  record Macro(String name, List<String> params, boolean variadic, List<CLex> body) {}

  private final Map<String, Macro> macros = new HashMap<>();

  /** Adds the first definition of each macro in {@code defs} (earlier additions win). */
  CMacros add(List<CDefinition> defs) {
    for (CDefinition d : defs) {
      if (d.kind() == CDefinition.Kind.MACRO && !macros.containsKey(d.name())) {
        Macro m = parse(d.text());
        if (m != null) {
          macros.put(m.name(), m);
        }
      }
    }
    return this;
  }

  boolean defines(String name) {
    return macros.containsKey(name);
  }

  Macro get(String name) {
    return macros.get(name);
  }

  /** {@code #define NAME(params) body} → a macro, or null when it is not one we expand. */
  static Macro parse(String directive) {
    String[] d = Conditions.split(directive);
    if (!d[0].equals("define")) {
      return null;
    }
    String rest = d[1];
    int end = 0;
    while (end < rest.length() && CTokenizer.isWordChar(rest.charAt(end))) {
      end++;
    }
    if (end == 0) {
      return null;
    }
    String name = rest.substring(0, end);
    List<String> params = null;
    boolean variadic = false;
    int bodyStart = end;
    if (end < rest.length() && rest.charAt(end) == '(') {
      int close = rest.indexOf(')', end);
      if (close < 0) {
        return null;
      }
      params = new ArrayList<>();
      for (String p : rest.substring(end + 1, close).split(",")) {
        String q = p.strip();
        if (q.isEmpty()) {
          continue;
        }
        if (q.equals("...")) {
          variadic = true;
          params.add("__VA_ARGS__");
        } else if (q.endsWith("...")) {
          variadic = true;
          params.add(q.substring(0, q.length() - 3).strip());
        } else {
          params.add(q);
        }
      }
      bodyStart = close + 1;
    }
    List<CLex> body = CLex.ofDirectiveText(rest.substring(bodyStart), 0);
    for (CLex l : body) {
      if (l.isOp("#") || l.isOp("##")) {
        return null; // stringising or pasting: beyond a reader of expressions
      }
    }
    return new Macro(name, params, variadic, body);
  }

  /** {@code in} with every macro expanded (the input itself when expansion runs away). */
  List<CLex> expand(List<CLex> in) {
    List<CLex> out = new ArrayList<>(in.size() * 2);
    try {
      expand(in, new HashSet<>(), 0, -1, out);
      return out;
    } catch (RunAway e) {
      return in;
    }
  }

  private static final class RunAway extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunAway() {
      super(null, null, false, false);
    }
  }

  /**
   * Appends the expansion of {@code in} to {@code out}; {@code pos} >= 0 gives every lexeme that
   * position (an expansion stands where its macro's name stood).
   */
  private void expand(List<CLex> in, Set<String> disabled, int depth, int pos, List<CLex> out) {
    if (depth > MAX_DEPTH || out.size() > MAX_OUTPUT) {
      throw new RunAway();
    }
    int n = in.size();
    for (int i = 0; i < n; i++) {
      CLex l = in.get(i);
      int at = pos >= 0 ? pos : l.pos();
      Macro m = l.isIdent() && !KEPT.contains(l.text()) && !disabled.contains(l.text())
          ? macros.get(l.text()) : null;
      if (m == null) {
        out.add(pos >= 0 ? new CLex(l.kind(), l.text(), pos) : l);
        continue;
      }
      if (m.params() == null) {
        disabled.add(m.name());
        expand(m.body(), disabled, depth + 1, at, out);
        disabled.remove(m.name());
        continue;
      }
      if (i + 1 >= n || !in.get(i + 1).isOp("(")) {
        out.add(new CLex(l.kind(), l.text(), at));
        continue;
      }
      List<List<CLex>> args = new ArrayList<>();
      int close = arguments(in, i + 1, args);
      if (close < 0) {
        out.add(new CLex(l.kind(), l.text(), at));
        continue;
      }
      Map<String, List<CLex>> bound = new HashMap<>();
      for (int p = 0; p < m.params().size(); p++) {
        List<CLex> arg;
        if (m.variadic() && p == m.params().size() - 1) {
          arg = new ArrayList<>();
          for (int k = p; k < args.size(); k++) {
            if (k > p) {
              arg.add(new CLex(CLex.OP, ",", at));
            }
            arg.addAll(args.get(k));
          }
        } else {
          arg = p < args.size() ? args.get(p) : List.of();
        }
        List<CLex> expanded = new ArrayList<>();
        expand(arg, disabled, depth + 1, at, expanded);
        bound.put(m.params().get(p), expanded);
      }
      List<CLex> substituted = new ArrayList<>();
      for (CLex b : m.body()) {
        List<CLex> arg = b.isIdent() ? bound.get(b.text()) : null;
        if (arg != null) {
          substituted.addAll(arg);
        } else {
          substituted.add(b);
        }
      }
      disabled.add(m.name());
      expand(substituted, disabled, depth + 1, at, out);
      disabled.remove(m.name());
      i = close;
    }
  }

  /**
   * The comma-separated arguments of the call whose {@code (} is at {@code open}; returns the
   * index of its {@code )}, or -1 when it is not closed.
   */
  static int arguments(List<CLex> in, int open, List<List<CLex>> args) {
    int depth = 0;
    List<CLex> current = new ArrayList<>();
    for (int i = open; i < in.size(); i++) {
      CLex l = in.get(i);
      if (l.isOp("(") || l.isOp("[") || l.isOp("{")) {
        if (depth++ > 0) {
          current.add(l);
        }
      } else if (l.isOp(")") || l.isOp("]") || l.isOp("}")) {
        if (--depth == 0) {
          if (!current.isEmpty() || !args.isEmpty()) {
            args.add(current);
          }
          return i;
        }
        current.add(l);
      } else if (l.isOp(",") && depth == 1) {
        args.add(current);
        current = new ArrayList<>();
      } else {
        current.add(l);
      }
    }
    return -1;
  }
}
